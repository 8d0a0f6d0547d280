// Read-only view of an agent's compiled inner loop, opened by double-clicking an agent on the
// canvas or from its inspector: loop steps, bound tools, sub-agents and parents.
import { useMemo } from "react";
import { Dialog } from "../../shell/Dialog";
import { useEditor } from "../../store/hooks";
import { describeLoop, type LoopDescription, type LoopToolKind } from "./describeLoop";

const KIND_TITLES: Record<LoopToolKind, string> = {
  catalog: "tool",
  agent: "agent tool",
  default: "default",
  handoff: "handoff",
  delegation: "delegation",
  helper: "background helper",
};

/** The dialog of one agent (loaded when first opened: see innerLoopHost.tsx); nothing when the agent is gone. */
export default function InnerLoop({ agentId, onClose }: { agentId: string; onClose(): void }) {
  const document = useEditor((s) => s.document);
  const description = useMemo(() => describeLoop(document, agentId), [document, agentId]);
  if (!description) return null;
  return <InnerLoopDialog description={description} onClose={onClose} />;
}

function InnerLoopDialog({ description, onClose }: { description: LoopDescription; onClose(): void }) {
  const { agent, hidden, parents, subAgents, steps, tools } = description;
  return (
    <Dialog title={`Inner loop of ${agent}`} onClose={onClose} width="max-w-2xl">
      <p className="mb-3 text-sm text-zinc-600 dark:text-zinc-300">
        {hidden ? "Hidden agent: no parent, reachable only through tools. " : ""}
        {parents.length > 0 ? `Works under ${parents.join(", ")}. ` : "Runs at the top level of the graph. "}
        Read-only: this is what the engine compiles for this agent.
      </p>
      <ol aria-label="Loop steps" className="mb-4 space-y-1.5">
        {steps.map((step) => (
          <li key={step.name} className="rounded border border-indigo-200 bg-indigo-50/50 px-2 py-1 text-sm dark:border-indigo-900 dark:bg-indigo-950/30">
            <span className="font-mono font-semibold">{step.name}</span>
            <span className="text-zinc-500 dark:text-zinc-400"> → {step.next.join(" | ")}</span>
            <div className="text-xs text-zinc-600 dark:text-zinc-300">{step.note}</div>
          </li>
        ))}
      </ol>
      <table aria-label="Tools bound to call_model" className="mb-4 w-full text-left text-xs">
        <thead>
          <tr className="text-zinc-500">
            <th className="py-1 pr-2 font-medium">Tool</th>
            <th className="py-1 pr-2 font-medium">Kind</th>
            <th className="py-1 font-medium">Effect</th>
          </tr>
        </thead>
        <tbody>
          {tools.map((tool) => (
            <tr key={`${tool.kind}:${tool.name}`} className="border-t border-zinc-200 dark:border-zinc-800">
              <td className="py-1 pr-2 font-mono">{tool.name}</td>
              <td className="py-1 pr-2">{KIND_TITLES[tool.kind]}</td>
              <td className="py-1">{tool.effect}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <h3 className="mb-1 text-sm font-semibold">Sub-agents</h3>
      {subAgents.length === 0 ? (
        <p className="text-xs text-zinc-500">None.</p>
      ) : (
        <ul aria-label="Sub-agents" className="space-y-0.5 text-sm">
          {subAgents.map((s) => (
            <li key={s.id}>
              <span className="font-medium">{s.name}</span> — {s.mode === "handoff" ? "handoff" : s.blocking ? "tool, blocking" : "tool, non-blocking"}
            </li>
          ))}
        </ul>
      )}
    </Dialog>
  );
}
