/** Each edge connects nodes that exist, in a direction and between kinds that make sense. */
import { nodeLabel, quote } from "../describe.js";
import type { GraphNode } from "../document.js";
import type { ValidationIssue } from "../issues.js";
import { type GraphIndex, isFlowEdge, issueAt } from "./graphIndex.js";

type End = "source" | "target";

export function checkEdges({ doc, nodes }: GraphIndex): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  doc.edges.forEach((edge, index) => {
    const name = `Edge ${quote(edge.id)}`;
    const at = (end: End): (string | number)[] => ["edges", index, end];
    const endpoints: [[End, GraphNode | undefined], [End, GraphNode | undefined]] = [
      ["source", nodes.get(edge.source)?.node],
      ["target", nodes.get(edge.target)?.node],
    ];
    for (const [end, node] of endpoints) {
      if (node !== undefined) continue;
      const verb = end === "source" ? "starts at" : "points to";
      issues.push(issueAt("DANGLING_EDGE", at(end), `${name} ${verb} node ${quote(edge[end])}, which does not exist`));
    }
    const source = endpoints[0][1];
    const target = endpoints[1][1];
    if (source === undefined || target === undefined) return;

    if (edge.kind === "delegation") {
      for (const [end, node] of endpoints) {
        if (node?.kind === "agent") continue;
        const role = end === "source" ? "parent" : "sub-agent";
        issues.push(
          issueAt("INVALID_DELEGATION", at(end), `${name} is a delegation edge, so its ${role} must be an agent, but ${nodeLabel(node)} is not`, node),
        );
      }
      return;
    }
    if (target.kind === "start") {
      issues.push(issueAt("INVALID_EDGE", at("target"), `${name} leads into ${nodeLabel(target)}; nothing may flow into Start`, target));
    }
    if (source.kind === "end") {
      issues.push(issueAt("INVALID_EDGE", at("source"), `${name} leaves ${nodeLabel(source)}; nothing may flow out of End`, source));
    }
    if (isFlowEdge(edge)) {
      for (const [end, node] of endpoints) {
        if (node?.kind !== "note") continue;
        issues.push(issueAt("INVALID_EDGE", at(end), `${name} connects to ${nodeLabel(node)}; notes are not part of the flow`, node));
      }
    }
  });
  return issues;
}
