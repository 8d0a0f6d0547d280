/**
 * Who a playground message goes to: the whole graph (the default), or one agent run directly
 * as the root (seed 002's direct sub-agent runs) — picked in the `Agent` combobox, or named
 * with a leading `@Name`, which the engine's entry routing honours (seed 000).
 */
import type { GraphDocument } from "../../schema/index.js";

/**
 * The agent a leading `@name` names, matched case-insensitively: the same rule as the engine's
 * `parseMention` (a test holds them together), written here because the main thread must not
 * import the engine (it lives in the worker chunk).
 * @example mentionedAgent("@analytics revenue?", ["Analytics"]) // "Analytics"
 */
export function mentionedAgent(text: string, candidates: readonly string[]): string | null {
  const match = /^\s*@([A-Za-z][A-Za-z0-9_-]*)/.exec(text);
  if (!match?.[1]) return null;
  const wanted = match[1].toLowerCase();
  return candidates.find((c) => c.toLowerCase() === wanted) ?? null;
}

/** The combobox value of "the whole graph". */
export const GRAPH_TARGET = "";

export interface AgentOption {
  value: string;
  label: string;
}

/**
 * "Graph" first, then every agent in document order (hidden ones marked).
 * @example agentOptions(doc) // [{ value: "", label: "Graph" }, { value: "Supervisor", label: "Supervisor" }, …]
 */
export function agentOptions(document: Pick<GraphDocument, "nodes">): AgentOption[] {
  const agents = document.nodes.flatMap((n) => (n.kind === "agent" ? [n.data] : []));
  return [{ value: GRAPH_TARGET, label: "Graph" }, ...agents.map((a) => ({ value: a.name, label: a.hidden ? `${a.name} (hidden)` : a.name }))];
}

/** The selected agent if it still exists, else the graph (an agent was renamed or deleted). */
export function effectiveTarget(selected: string, document: Pick<GraphDocument, "nodes">): string {
  if (selected === GRAPH_TARGET) return GRAPH_TARGET;
  return document.nodes.some((n) => n.kind === "agent" && n.data.name === selected) ? selected : GRAPH_TARGET;
}

/**
 * Where a message will go, for the line under the message box: the agent a leading `@Name`
 * names, else the selected agent, else null (the graph).
 * @example routeHint("@Analytics revenue?", "", doc) // "Analytics"
 */
export function routeHint(message: string, selected: string, document: Pick<GraphDocument, "nodes">): string | null {
  // Hidden agents answer only through tools: a mention does not reach them (the engine agrees).
  const names = document.nodes.flatMap((n) => (n.kind === "agent" && !n.data.hidden ? [n.data.name] : []));
  const mentioned = mentionedAgent(message, names);
  if (mentioned) return mentioned;
  const target = effectiveTarget(selected, document);
  return target === GRAPH_TARGET ? null : target;
}
