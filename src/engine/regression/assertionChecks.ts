/**
 * How each assertion kind is checked against what a turn of a test did: one evaluator per
 * kind in a table the compiler checks against the kinds of schema/assertions.ts. Each says
 * what was expected and what the run did, in words a diff can show side by side.
 */
import { compileUserRegex, describeAssertion, UserRegexError, type Assertion, type AssertionKind, type AssertionOf } from "../../schema/index.js";
import type { RunEvent, RunEventOf, ToolCallInfo } from "../events.js";
import { evaluateExpression, ExpressionError } from "../expressions.js";

/**
 * What one turn of a test did, read from its events.
 * @example const facts = turnFacts("What's the weather in Paris?", events); facts.reply // "Right now: Sunny, …"
 */
export interface TurnFacts {
  /** The message the turn sent ("" for an answer to a pause). */
  input: string;
  /** The last reply with text in the turn, or null when it gave none. */
  reply: string | null;
  toolCalls: readonly ToolCallInfo[];
  /** Routes Routers chose, in order. */
  routes: readonly string[];
  /** The root state after the turn, or null when the run did not report one. */
  state: Record<string, unknown> | null;
  /** How the turn's run (and any follow-up) ended, and the first error it reported. */
  status: RunEventOf<"run_end">["status"] | "unknown";
  error: string | null;
}

/**
 * The verdict on one assertion: whether it held, and what was expected against what happened.
 * @example const outcome: AssertionOutcome = { passed: false, expected: 'a reply containing "Rainy"', actual: "Sunny, 21°C" };
 */
export interface AssertionOutcome {
  passed: boolean;
  expected: string;
  actual: string;
}

function ofType<T extends RunEvent["type"]>(events: readonly RunEvent[], type: T): RunEventOf<T>[] {
  return events.filter((event): event is RunEventOf<T> => event.type === type);
}

/**
 * Reads a turn's events (its run and any follow-up runs) into the facts assertions look at.
 * @example turnFacts("hi", await collectRun(compiled, { message: "hi" }, { threadId: "t" })).status // "completed"
 */
export function turnFacts(input: string, events: readonly RunEvent[]): TurnFacts {
  const replies = ofType(events, "ai_message").filter((message) => message.content.trim() !== "");
  const ends = ofType(events, "run_end");
  const firstEnd = ends.find((end) => end.status !== "completed") ?? ends.at(-1);
  return {
    input,
    reply: replies.at(-1)?.content ?? null,
    toolCalls: ofType(events, "tool_call").map(({ tool_call_id, tool, args }) => ({ id: tool_call_id, name: tool, args })),
    routes: ofType(events, "route_selected").map((event) => event.route),
    state: ofType(events, "final_state").at(-1)?.state ?? null,
    status: firstEnd?.status ?? "unknown",
    error: ofType(events, "error")[0]?.message ?? null,
  };
}

/** A value as a person reads it in a diff: strings as they are, the rest as JSON. */
function shown(value: unknown): string {
  return typeof value === "string" ? value : (JSON.stringify(value) ?? "undefined");
}

/** True when `actual` has everything `expected` has: objects may carry more keys, arrays match item by item. */
export function matchesPartially(expected: unknown, actual: unknown): boolean {
  if (Array.isArray(expected))
    return Array.isArray(actual) && actual.length === expected.length && expected.every((item, i) => matchesPartially(item, actual[i]));
  if (expected !== null && typeof expected === "object") {
    if (actual === null || typeof actual !== "object" || Array.isArray(actual)) return false;
    return Object.entries(expected).every(([key, value]) => Object.hasOwn(actual, key) && matchesPartially(value, (actual as Record<string, unknown>)[key]));
  }
  return Object.is(expected, actual);
}

function argsMatch(call: ToolCallInfo, assertion: AssertionOf<"tool_called" | "tool_not_called">): boolean {
  if (assertion.args && !matchesPartially(assertion.args, call.args)) return false;
  return Object.entries(assertion.args_match ?? {}).every(
    ([key, pattern]) => Object.hasOwn(call.args, key) && compileUserRegex(pattern).test(shown(call.args[key])),
  );
}

function callsText(calls: readonly ToolCallInfo[]): string {
  return calls.length === 0 ? "(no tool calls)" : calls.map((call) => `${call.name} ${JSON.stringify(call.args)}`).join("\n");
}

const NO_REPLY = "(no reply)";

type Evaluate<K extends AssertionKind> = (assertion: AssertionOf<K>, facts: TurnFacts) => AssertionOutcome;

/** One evaluator per assertion kind: a missing kind is a compile error. */
const EVALUATORS: { readonly [K in AssertionKind]: Evaluate<K> } = {
  reply_contains: (assertion, { reply }) => ({
    passed: reply !== null && reply.includes(assertion.text),
    expected: `a reply containing ${JSON.stringify(assertion.text)}`,
    actual: reply ?? NO_REPLY,
  }),
  reply_matches: (assertion, { reply }) => ({
    passed: reply !== null && compileUserRegex(assertion.pattern, assertion.flags ?? "").test(reply),
    expected: `a reply matching /${assertion.pattern}/${assertion.flags ?? ""}`,
    actual: reply ?? NO_REPLY,
  }),
  tool_called: (assertion, { toolCalls }) => ({
    passed: toolCalls.some((call) => call.name === assertion.tool && argsMatch(call, assertion)),
    expected: describeAssertion({ ...assertion, turn: undefined }),
    actual: callsText(toolCalls),
  }),
  tool_not_called: (assertion, { toolCalls }) => ({
    passed: !toolCalls.some((call) => call.name === assertion.tool && argsMatch(call, assertion)),
    expected: describeAssertion({ ...assertion, turn: undefined }),
    actual: callsText(toolCalls),
  }),
  state: (assertion, { state, input }) => {
    if (state === null) return { passed: false, expected: "true", actual: "(the turn reported no final state)" };
    const value = evaluateExpression(assertion.expression, { state, input, results: state.results ?? {} });
    return { passed: value === true, expected: "true", actual: shown(value) };
  },
  route: (assertion, { routes }) => ({
    passed: routes.includes(assertion.route),
    expected: assertion.route,
    actual: routes.length === 0 ? "(no route selected)" : routes.join(", "),
  }),
};

/**
 * Checks one assertion against the facts of its turn. A pattern or expression that cannot run
 * fails the assertion with the reason as its actual value, never throws.
 * @example checkAssertion({ kind: "reply_contains", text: "Sunny" }, facts) // { passed: true, expected: 'a reply containing "Sunny"', actual: "Right now: Sunny, …" }
 */
export function checkAssertion(assertion: Assertion, facts: TurnFacts): AssertionOutcome {
  const evaluate = EVALUATORS[assertion.kind] as Evaluate<AssertionKind>;
  try {
    return evaluate(assertion, facts);
  } catch (error) {
    if (error instanceof ExpressionError) return { passed: false, expected: "true", actual: `${error.problem.code}: ${error.message}` };
    if (error instanceof UserRegexError) return { passed: false, expected: describeAssertion(assertion), actual: error.message };
    throw error;
  }
}
