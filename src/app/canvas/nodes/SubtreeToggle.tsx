// The collapse/expand control of a parent agent's sub-agent subtree, drawn under its name.
import { useMemo } from "react";
import { useEditor } from "../../store/hooks";
import { appCollapseStore, useCollapsed } from "../collapseStore";
import { countHiddenBy, hierarchyOf } from "../subtree";

export function SubtreeToggle({ id, name }: { id: string; name: string }) {
  const graphId = useEditor((s) => s.document.meta.id);
  const edges = useEditor((s) => s.document.edges);
  const collapsed = useCollapsed(graphId);
  const children = hierarchyOf({ edges }).children.get(id)?.length ?? 0;
  const isCollapsed = collapsed.has(id);
  const hiddenCount = useMemo(() => (isCollapsed ? countHiddenBy({ edges }, collapsed, id) : 0), [edges, collapsed, id, isCollapsed]);
  if (children === 0) return null;
  const label = isCollapsed ? `Expand sub-agents of ${name}` : `Collapse sub-agents of ${name}`;
  return (
    <button
      type="button"
      aria-label={label}
      aria-expanded={!isCollapsed}
      title={label}
      onClick={(event) => {
        event.stopPropagation();
        appCollapseStore().getState().toggle(graphId, id);
      }}
      onDoubleClick={(event) => event.stopPropagation()}
      className="nodrag mt-1 flex items-center gap-1 rounded border border-violet-300 px-1.5 py-0.5 text-[10px] font-medium text-violet-800 hover:bg-violet-50 focus-visible:outline-2 focus-visible:outline-violet-500 dark:border-violet-700 dark:text-violet-200 dark:hover:bg-violet-950"
    >
      <span aria-hidden="true">{isCollapsed ? "▸" : "▾"}</span>
      {isCollapsed
        ? `${children} sub-agent${children === 1 ? "" : "s"}${hiddenCount > 0 ? ` · ${hiddenCount} hidden` : ""}`
        : `${children} sub-agent${children === 1 ? "" : "s"}`}
    </button>
  );
}
