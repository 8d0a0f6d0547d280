// Validation problems of the inspected node, shown above its form.
import { useProblems } from "../store/hooks";

export function NodeProblems({ nodeId }: { nodeId: string }) {
  const problems = useProblems();
  const issues = problems.byNode.get(nodeId) ?? [];
  if (issues.length === 0) return null;
  const severe = problems.errors.length > 0;
  return (
    <ul
      aria-label="Problems of this node"
      className={`mb-2 rounded border px-2 py-1 text-xs ${severe ? "border-red-300 bg-red-50 text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200" : "border-amber-300 bg-amber-50 text-amber-900 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100"}`}
    >
      {issues.map((issue, i) => (
        <li key={`${issue.path}:${i}`}>{issue.message}</li>
      ))}
    </ul>
  );
}
