/**
 * What a graph test may assert about a run, described once: each kind's data schema, its
 * title, the fields a person edits (with what each holds) and a one-line summary. The
 * document schema, validation of regexes, the test dialog's form and the engine's checks
 * (one evaluator per kind, in a table the compiler checks) all derive from these objects.
 */
import { z } from "zod";
import { jsonValue } from "./json.js";
import { expression, LIMITS, text } from "./primitives.js";

/** What a field holds, which says how it is edited and checked: `regex` fields compile on the linear-time engine. */
export type AssertionFieldType = "text" | "regex" | "flags" | "cel" | "tool" | "route" | "args" | "args_regex" | "turn";

/** One field of an assertion a person edits: its key in the data, its label (an accessible name) and what it holds. */
export interface AssertionField {
  key: string;
  label: string;
  type: AssertionFieldType;
  optional?: boolean;
}

const turn = z.number().int().min(1).max(LIMITS.listItems).optional();
const toolName = z.string().min(1).max(LIMITS.nameLength);
/** Expected values of arguments, matched as a partial object: extra arguments and extra keys in objects are fine. */
const argsPartial = z.record(z.string().max(LIMITS.nameLength), jsonValue);
/** A user regex per argument, matched against the argument's text (a string as it is, anything else as JSON). */
const argsRegex = z.record(z.string().max(LIMITS.nameLength), z.string().min(1).max(LIMITS.expressionLength));
const flags = z.string().max(4).optional();

/** Fields every assertion may carry: the turn it looks at (1-based; default the last). */
const common = { turn };

const replyContains = z.strictObject({ kind: z.literal("reply_contains"), ...common, text: text.min(1) });
const replyMatches = z.strictObject({ kind: z.literal("reply_matches"), ...common, pattern: z.string().min(1).max(LIMITS.expressionLength), flags });
const toolCalled = z.strictObject({
  kind: z.literal("tool_called"),
  ...common,
  tool: toolName,
  args: argsPartial.optional(),
  args_match: argsRegex.optional(),
});
const toolNotCalled = z.strictObject({
  kind: z.literal("tool_not_called"),
  ...common,
  tool: toolName,
  args: argsPartial.optional(),
  args_match: argsRegex.optional(),
});
const stateHolds = z.strictObject({ kind: z.literal("state"), ...common, expression });
const routeTaken = z.strictObject({ kind: z.literal("route"), ...common, route: z.string().min(1).max(LIMITS.nameLength) });

/** The assertions, one schema per kind. */
export const assertionSchema = z.discriminatedUnion("kind", [replyContains, replyMatches, toolCalled, toolNotCalled, stateHolds, routeTaken]);
export type Assertion = z.infer<typeof assertionSchema>;
export type AssertionKind = Assertion["kind"];
export type AssertionOf<K extends AssertionKind> = Extract<Assertion, { kind: K }>;

/** One assertion kind: everything that tells its data, how people name and edit it, and how it reads in one line. */
export interface AssertionKindDescriptor<K extends AssertionKind = AssertionKind> {
  kind: K;
  /** Option label in the kind picker, and the start of the summary. */
  title: string;
  /** One line: what passes. */
  description: string;
  fields: readonly AssertionField[];
  /** A new assertion of this kind, before the person fills it in. */
  blank(): AssertionOf<K>;
  /** The assertion in one line: `Reply contains "Sunny"`. */
  summary(assertion: AssertionOf<K>): string;
}

const turnField: AssertionField = { key: "turn", label: "Turn", type: "turn", optional: true };
const argsFields: readonly AssertionField[] = [
  { key: "args", label: "Arguments (partial JSON)", type: "args", optional: true },
  { key: "args_match", label: "Argument patterns (JSON of regexes)", type: "args_regex", optional: true },
];

function argsSummary(assertion: { args?: Record<string, unknown>; args_match?: Record<string, string> }): string {
  const parts = [
    ...Object.entries(assertion.args ?? {}).map(([key, value]) => `${key}=${JSON.stringify(value)}`),
    ...Object.entries(assertion.args_match ?? {}).map(([key, pattern]) => `${key}~/${pattern}/`),
  ];
  return parts.length > 0 ? ` with ${parts.join(", ")}` : "";
}

/** Every assertion kind, keyed by kind: the compiler checks the table is complete. */
export const assertionKinds: { readonly [K in AssertionKind]: AssertionKindDescriptor<K> } = {
  reply_contains: {
    kind: "reply_contains",
    title: "Reply contains",
    description: "The turn's final reply contains the text (case-sensitive).",
    fields: [{ key: "text", label: "Text", type: "text" }, turnField],
    blank: () => ({ kind: "reply_contains", text: "" }),
    summary: (a) => `Reply contains ${JSON.stringify(a.text)}`,
  },
  reply_matches: {
    kind: "reply_matches",
    title: "Reply matches",
    description: "The turn's final reply matches the regular expression.",
    fields: [{ key: "pattern", label: "Pattern", type: "regex" }, { key: "flags", label: "Flags", type: "flags", optional: true }, turnField],
    blank: () => ({ kind: "reply_matches", pattern: "" }),
    summary: (a) => `Reply matches /${a.pattern}/${a.flags ?? ""}`,
  },
  tool_called: {
    kind: "tool_called",
    title: "Tool called",
    description: "The turn called the tool, with arguments matching when they are given.",
    fields: [{ key: "tool", label: "Tool", type: "tool" }, ...argsFields, turnField],
    blank: () => ({ kind: "tool_called", tool: "" }),
    summary: (a) => `Tool ${a.tool} called${argsSummary(a)}`,
  },
  tool_not_called: {
    kind: "tool_not_called",
    title: "Tool not called",
    description: "The turn made no call of the tool (with matching arguments, when they are given).",
    fields: [{ key: "tool", label: "Tool", type: "tool" }, ...argsFields, turnField],
    blank: () => ({ kind: "tool_not_called", tool: "" }),
    summary: (a) => `Tool ${a.tool} not called${argsSummary(a)}`,
  },
  state: {
    kind: "state",
    title: "State holds",
    description: "A CEL expression over { state, input, results } is true after the turn.",
    fields: [{ key: "expression", label: "Expression", type: "cel" }, turnField],
    blank: () => ({ kind: "state", expression: "true" }),
    summary: (a) => `State holds ${a.expression}`,
  },
  route: {
    kind: "route",
    title: "Route taken",
    description: "A Router chose the route during the turn.",
    fields: [{ key: "route", label: "Route", type: "route" }, turnField],
    blank: () => ({ kind: "route", route: "" }),
    summary: (a) => `Route ${a.route} taken`,
  },
};

/** The kinds in the order a picker lists them. */
export const assertionKindList = Object.keys(assertionKinds) as AssertionKind[];

/**
 * The one-line summary of an assertion.
 * @example describeAssertion({ kind: "reply_contains", text: "Sunny" }) // 'Reply contains "Sunny"'
 */
export function describeAssertion(assertion: Assertion): string {
  const descriptor = assertionKinds[assertion.kind] as AssertionKindDescriptor;
  const summary = descriptor.summary(assertion);
  return assertion.turn === undefined ? summary : `${summary} (turn ${assertion.turn})`;
}

/**
 * The user regexes of an assertion, each with the key of the field it sits in (`pattern`,
 * `args_match.city`) and its flags: what validation compiles, derived from the field types.
 * @example assertionRegexes({ kind: "tool_called", tool: "t", args_match: { city: "^Par" } }) // [{ at: ["args_match", "city"], pattern: "^Par", flags: "" }]
 */
export function assertionRegexes(assertion: Assertion): { at: string[]; pattern: string; flags: string }[] {
  const data = assertion as unknown as Record<string, unknown>;
  const flagsField = assertionKinds[assertion.kind].fields.find((field) => field.type === "flags");
  const flagsValue = flagsField ? String(data[flagsField.key] ?? "") : "";
  return assertionKinds[assertion.kind].fields.flatMap((field) => {
    const value = data[field.key];
    if (field.type === "regex" && typeof value === "string") return [{ at: [field.key], pattern: value, flags: flagsValue }];
    if (field.type === "args_regex" && value && typeof value === "object")
      return Object.entries(value as Record<string, string>).map(([key, pattern]) => ({ at: [field.key, key], pattern, flags: "" }));
    return [];
  });
}
