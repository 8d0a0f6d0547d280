// The `Agent` combobox: chat with the whole graph (default) or run one agent directly as the root.
import { useMemo } from "react";
import { useEditor } from "../store/hooks";
import { contentOf } from "../store/selectors";
import { agentOptions, effectiveTarget } from "./agentTarget";

export function AgentSelector({ value, onChange }: { value: string; onChange(agent: string): void }) {
  // Agent names only: the position-free content, so dragging nodes does not re-render this.
  const nodes = useEditor((s) => contentOf(s.document).nodes);
  const options = useMemo(() => agentOptions({ nodes }), [nodes]);
  const shown = effectiveTarget(value, { nodes });
  return (
    <label className="flex min-w-0 items-center gap-1.5 text-xs text-zinc-600 dark:text-zinc-400">
      <span>Agent</span>
      <select
        aria-label="Agent"
        value={shown}
        onChange={(e) => onChange(e.target.value)}
        title="Graph runs from Start; an agent runs directly as the root, with its own history in this thread"
        className="min-w-0 flex-1 rounded border border-zinc-300 bg-white px-2 py-1 text-sm text-zinc-900 dark:border-zinc-700 dark:bg-zinc-950 dark:text-zinc-100"
      >
        {options.map((o) => (
          <option key={o.value || "graph"} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </label>
  );
}
