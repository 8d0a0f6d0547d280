/**
 * Who answers a turn (seed 000's current_active_agent): an `@name` at the start of
 * the user's message jumps to that agent; otherwise a stored active agent resumes;
 * otherwise the turn follows the graph.
 */

/**
 * The agent named by a leading `@name`, matched case-insensitively against `candidates`.
 * @example parseMention("@billing where is my refund?", ["Billing", "Support"]) // "Billing"
 */
export function parseMention(text: string, candidates: readonly string[]): string | null {
  const match = /^\s*@([A-Za-z][A-Za-z0-9_-]*)/.exec(text);
  if (!match?.[1]) return null;
  const wanted = match[1].toLowerCase();
  return candidates.find((c) => c.toLowerCase() === wanted) ?? null;
}

export type TurnRoute = { kind: "mention"; agent: string } | { kind: "resume"; agent: string } | { kind: "default" };

/**
 * Decides the route of a turn.
 * @example routeTurn({ message: "@Billing refund?", activeAgent: null, agents: ["Billing"], self: null })
 * // { kind: "mention", agent: "Billing" }
 */
export function routeTurn(input: {
  message: string;
  activeAgent: string | null | undefined;
  /** Agents reachable from here. */
  agents: readonly string[];
  /** The agent doing the routing, which never routes to itself. */
  self: string | null;
}): TurnRoute {
  const others = input.agents.filter((a) => a !== input.self);
  const mentioned = parseMention(input.message, others);
  if (mentioned) return { kind: "mention", agent: mentioned };
  const active = input.activeAgent;
  if (active && active !== input.self && others.includes(active)) return { kind: "resume", agent: active };
  return { kind: "default" };
}
