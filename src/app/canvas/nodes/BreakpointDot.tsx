// The red dot of a node with a breakpoint (set in the inspector, kept in this browser).
import { useStore } from "zustand";
import { useHasBreakpoint } from "../../store/breakpoints";
import { useEditorStore } from "../../store/EditorProvider";

export function BreakpointDot({ nodeId, name }: { nodeId: string; name: string }) {
  const graphId = useStore(useEditorStore(), (s) => s.document.meta.id);
  const has = useHasBreakpoint(graphId, nodeId);
  if (!has) return null;
  return (
    <span
      role="img"
      aria-label={`Breakpoint on ${name}`}
      title="Breakpoint"
      data-breakpoint=""
      className="absolute -top-1.5 -left-1.5 h-3 w-3 rounded-full border-2 border-white bg-red-600 dark:border-zinc-900"
    />
  );
}
