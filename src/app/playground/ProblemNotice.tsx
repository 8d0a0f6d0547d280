// Says, before anyone presses Send, that the graph cannot run and why.
import { summarizeProblems } from "../../worker/protocol";
import { useProblems } from "../store/hooks";

export function ProblemNotice() {
  const { errors } = useProblems();
  if (errors.length === 0) return null;
  return (
    <p
      role="note"
      className="shrink-0 border-t border-amber-300 bg-amber-50 px-3 py-2 text-xs text-amber-900 dark:border-amber-900 dark:bg-amber-950/40 dark:text-amber-200"
    >
      {summarizeProblems(errors)}. Fix {errors.length === 1 ? "it" : "them"} to run the graph.
    </p>
  );
}
