// Validation problems of the open document, live. Each item names its node; activating it
// selects the node and centres it on the canvas.
import type { ValidationIssue } from "../../schema/index.js";
import { canvasOf } from "../canvas/canvasHandle";
import { GRAPH_SCOPE_ATTRIBUTE } from "../canvas/shortcuts/keys";
import { useEditorStore } from "../store/EditorProvider";
import { useEditor, useProblems } from "../store/hooks";
import { nodeDisplayName } from "../store/nodeFactory";
import { nodeIndexOf } from "../store/selectors";

type Severity = "Error" | "Warning";

/** A huge broken graph lists its first problems only; the count in the heading stays exact. */
const MAX_LISTED = 100;

export function ProblemsPanel() {
  const { errors, warnings } = useProblems();
  const count = errors.length + warnings.length;
  const items: { issue: ValidationIssue; severity: Severity }[] = [
    ...errors.map((issue) => ({ issue, severity: "Error" as const })),
    ...warnings.map((issue) => ({ issue, severity: "Warning" as const })),
  ];
  return (
    <section aria-label="Problems" className="flex max-h-40 min-h-0 flex-col bg-white dark:bg-zinc-900" {...{ [GRAPH_SCOPE_ATTRIBUTE]: "" }}>
      <h2 className="shrink-0 border-b border-zinc-200 px-3 py-1.5 text-xs font-semibold tracking-wide text-zinc-600 uppercase dark:border-zinc-800 dark:text-zinc-400">
        Problems{" "}
        {count > 0 && (
          <span className={errors.length > 0 ? "text-red-600 dark:text-red-400" : "text-amber-600 dark:text-amber-400"}>
            ({errors.length} {errors.length === 1 ? "error" : "errors"}, {warnings.length} {warnings.length === 1 ? "warning" : "warnings"})
          </span>
        )}
      </h2>
      {count === 0 ? (
        <p className="px-3 py-1.5 text-xs text-zinc-500 dark:text-zinc-400">No problems</p>
      ) : (
        <ul className="min-h-0 overflow-auto py-0.5 text-xs">
          {items.slice(0, MAX_LISTED).map(({ issue, severity }, i) => (
            <ProblemItem key={`${issue.path}:${issue.code}:${i}`} issue={issue} severity={severity} />
          ))}
          {items.length > MAX_LISTED && <li className="px-3 py-1 text-zinc-500">… and {items.length - MAX_LISTED} more</li>}
        </ul>
      )}
    </section>
  );
}

function ProblemItem({ issue, severity }: { issue: ValidationIssue; severity: Severity }) {
  const store = useEditorStore();
  const node = useEditor((s) => (issue.nodeId ? nodeIndexOf(s.document).get(issue.nodeId) : undefined));
  const badge = (
    <span className={`mr-1.5 font-semibold ${severity === "Error" ? "text-red-600 dark:text-red-400" : "text-amber-600 dark:text-amber-400"}`}>{severity}</span>
  );
  if (!node) {
    return (
      <li className="px-3 py-1">
        {badge}
        <span className="font-mono text-zinc-500">{issue.path}</span> {issue.message}
      </li>
    );
  }
  const reveal = () => {
    store.getState().select({ nodes: [node.id], edges: [] });
    canvasOf(store)?.reveal(node.id);
  };
  return (
    <li>
      <button
        type="button"
        onClick={reveal}
        className="w-full px-3 py-1 text-left hover:bg-zinc-100 focus-visible:outline-2 focus-visible:outline-blue-500 dark:hover:bg-zinc-800"
      >
        {badge}
        <span className="font-medium">{nodeDisplayName(node)}</span>: {issue.message}
      </button>
    </li>
  );
}
