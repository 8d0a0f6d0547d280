/**
 * Which agents hand a node its work as a background task (a delegation edge with `blocking: false`).
 * Breakpoints do not pause background tasks (they run on a thread of their own, after the turn
 * that queued them), so the Breakpoints section says so for such a node.
 */
import type { GraphDocument } from "../../schema/index.js";

/**
 * The names of the agents that delegate to `nodeId` in the background, in edge order, each once.
 * @example backgroundParents(mainAgentTeam, "research") // ["MainAgent"]
 */
export function backgroundParents(document: Pick<GraphDocument, "nodes" | "edges">, nodeId: string): string[] {
  const names: string[] = [];
  for (const edge of document.edges) {
    if (edge.kind !== "delegation" || edge.blocking || edge.target !== nodeId) continue;
    const parent = document.nodes.find((node) => node.id === edge.source);
    const name = parent && "name" in parent.data && typeof parent.data.name === "string" ? parent.data.name : edge.source;
    if (!names.includes(name)) names.push(name);
  }
  return names;
}
