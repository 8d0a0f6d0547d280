/** The nodes an inspected node can be connected to (or from), named unambiguously for a select. */
import { nodeKindTable, type GraphDocument, type GraphNode } from "../../schema/index.js";
import { nodeDisplayName } from "../store/nodeFactory";
import type { Option } from "./fields/SelectField";

/**
 * Options naming each candidate by display name, with the id added when two share a name.
 * @example connectOptions(doc, agent, "to") // [{ value: "end", label: "End" }, …]
 */
export function connectOptions(document: GraphDocument, node: GraphNode, direction: "to" | "from"): Option[] {
  const candidates = document.nodes.filter((other) => {
    if (other.id === node.id) return false;
    const ports = nodeKindTable[other.kind].ports;
    return direction === "to" ? ports.input || ports.delegation : ports.output || ports.delegation;
  });
  const counts = new Map<string, number>();
  for (const c of candidates) counts.set(nodeDisplayName(c), (counts.get(nodeDisplayName(c)) ?? 0) + 1);
  return candidates.map((c) => {
    const name = nodeDisplayName(c);
    return { value: c.id, label: (counts.get(name) ?? 0) > 1 ? `${name} (${c.id})` : name };
  });
}
