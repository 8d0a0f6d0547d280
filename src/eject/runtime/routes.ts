/** The generated project's routing helpers (src/routes.ts): a Router's route plan and Finalize's record of the turn. */
export const ROUTES_SOURCE = `/**
 * Deterministic routing: a Router tries its rules, gate rules first, and the first that matches
 * decides the turn's route (none: \`default\`); Finalize stamps the reply, the answering agent and
 * the turn's duration onto that plan, so each turn ends with one record of what was decided.
 */
import { AIMessage, type BaseMessage } from "@langchain/core/messages";

/** The route plan a Router stores in the \`route\` channel; Finalize adds the last four fields. */
export interface RoutePlan {
  router: string;
  /** One of the Router's routes, or \`default\`. */
  kind: string;
  /** The rule that decided, or null when none matched. */
  rule: string | null;
  match: "keyword" | "regex" | "cel" | null;
  /** The text a keyword or regex rule matched. */
  matched: string | null;
  gate: boolean;
  /** The id of the user message of the turn the plan belongs to. */
  turn: string | null;
  /** When the Router ran (ms since the epoch). */
  started_at: number;
  response?: string;
  agent?: string | null;
  duration_ms?: number;
  finalized_at?: number;
}

export interface RouteRule {
  id: string;
  route: string;
  match: "keyword" | "regex" | "cel";
  /** Gate rules (such as a crisis check) are tried before all others. */
  gate: boolean;
  /** The matched text ("" for a CEL rule), or null when the rule does not match. */
  test: (text: string) => string | null;
}

/** A keyword or regex rule's test: the text its pattern matches. */
export const matches = (pattern: RegExp) => (text: string) => pattern.exec(text)?.[0] ?? null;

/** The id of the user message that started the current turn. */
export function turnOf(messages: readonly BaseMessage[]): string | null {
  return messages.findLast((message) => message.getType() === "human")?.id ?? null;
}

/** Tries the rules on the text, gate rules first, each group in its order: the first match wins. */
export function chooseRoute(router: string, rules: readonly RouteRule[], text: string, turn: string | null, now: number): RoutePlan {
  const base = { router, turn, started_at: now };
  for (const rule of [...rules.filter((r) => r.gate), ...rules.filter((r) => !r.gate)]) {
    const matched = rule.test(text);
    if (matched === null) continue;
    return { ...base, kind: rule.route, rule: rule.id, match: rule.match, matched: rule.match === "cel" ? null : matched, gate: rule.gate };
  }
  return { ...base, kind: "default", rule: null, match: null, matched: null, gate: false };
}

/** The turn's last reply with text and no tool calls, if any. */
function lastReply(messages: readonly BaseMessage[]): AIMessage | undefined {
  for (let i = messages.length - 1; i >= 0; i--) {
    const message = messages[i] as BaseMessage;
    if (message.getType() === "human") return undefined;
    if (AIMessage.isInstance(message) && !(message.tool_calls?.length ?? 0) && message.text) return message;
  }
  return undefined;
}

/** This turn's route plan (a turn without a Router took the default path) with its reply, agent and duration. */
export function finalizeTurn(route: RoutePlan | null, messages: readonly BaseMessage[], activeAgent: string | null, now: number): RoutePlan {
  const turn = turnOf(messages);
  const plan = route && route.turn === turn ? route : null;
  const reply = lastReply(messages);
  return {
    ...(plan ?? { router: "", kind: "default", rule: null, match: null, matched: null, gate: false, turn, started_at: now }),
    response: reply ? reply.text : "",
    agent: reply?.name ?? activeAgent,
    duration_ms: plan ? Math.max(0, now - plan.started_at) : 0,
    finalized_at: now,
  };
}
`;
