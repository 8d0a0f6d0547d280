/** A graph has exactly one Start and at least one End. */
import type { ValidationIssue } from "../issues.js";
import { type GraphIndex, issueAt } from "./graphIndex.js";

export function checkStartEnd({ doc }: GraphIndex): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  const starts = doc.nodes.flatMap((node, index) => (node.kind === "start" ? [{ node, index }] : []));
  const first = starts[0];
  if (first === undefined) {
    issues.push(issueAt("MISSING_START", ["nodes"], "The graph has no Start node; add one where a conversation enters the graph"));
  }
  for (const { node, index } of starts.slice(1)) {
    issues.push(
      issueAt(
        "MULTIPLE_STARTS",
        ["nodes", index],
        `Start node "${node.id}" is a second Start node (the first is "${first?.node.id ?? ""}"); a graph has exactly one Start`,
        node,
      ),
    );
  }
  if (!doc.nodes.some((node) => node.kind === "end")) {
    issues.push(issueAt("MISSING_END", ["nodes"], "The graph has no End node; add one where a turn finishes"));
  }
  return issues;
}
