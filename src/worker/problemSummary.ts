/** One sentence about what stops a graph from running: the playground's status line, and the worker's answer to a run it cannot start. */
import type { ValidationIssue } from "../schema/index.js";

const SHOWN = 3;

/**
 * @example summarizeProblems([{ message: "The graph has no End node", … }]) // "This graph has 1 problem: The graph has no End node"
 */
export function summarizeProblems(issues: readonly Pick<ValidationIssue, "message">[]): string {
  const count = issues.length;
  const listed = issues.slice(0, SHOWN).map((issue) => issue.message.replace(/[.\s]+$/, ""));
  const more = count > SHOWN ? `; and ${count - SHOWN} more` : "";
  return `This graph has ${count} problem${count === 1 ? "" : "s"}: ${listed.join("; ")}${more}`;
}
