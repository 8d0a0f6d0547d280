/**
 * CEL in the generated graph: a condition or a compared value as TypeScript where celToTs can write
 * it, a call to cel-js in the generated project otherwise. Shared by the node writers.
 */
import { celToTypeScript, celValueToTypeScript, type CelName } from "./celToTs.js";
import { stringLiteral } from "./escape.js";
import type { EjectPlan } from "./plan.js";

const CEL_TYPES = { string: "string", number: "number", boolean: "bool" } as const;

/** What a condition may read, typed where the document says: `input`, `text` and the graph's channels. */
export function celNames(plan: EjectPlan, extra: Record<string, CelName> = {}): Record<string, CelName> {
  const fields: Record<string, "string" | "number" | "bool"> = {};
  for (const channel of plan.document.state.channels) {
    const type = channel.reducer && channel.reducer !== "replace" ? undefined : CEL_TYPES[channel.type as keyof typeof CEL_TYPES];
    // A channel without a default starts as null: only those with one have their type throughout.
    if (type && channel.default !== undefined) fields[channel.name] = type;
  }
  return { input: { expression: "input", type: "string" }, state: { expression: "state", fields }, ...extra };
}

/**
 * A condition (a registered condition's name or CEL) as a TypeScript boolean expression over
 * `state` and `input`: translated where it can be, evaluated by cel-js otherwise.
 * @example conditionCode(plan, "state.done == true") // '(state.done === true)'
 */
export function conditionCode(plan: EjectPlan, source: string, where: string, extra: Record<string, CelName> = {}, scope = SCOPE): string {
  const expression = resolved(plan, source);
  return celToTypeScript(expression, celNames(plan, extra)) ?? `cel(${stringLiteral(expression)}, ${scope}, ${stringLiteral(where)}) === true`;
}

/** What CEL sees in the generated graph, as in the graph: the state, the user's message and the nodes' results. */
export const SCOPE = "{ state, input, results: state.results }";

const resolved = (plan: EjectPlan, source: string) => plan.document.conditions.find((c) => c.name === source)?.expression ?? source;

/** A CEL value (not only a condition): TypeScript where it is a condition celToTs can write, cel-js otherwise. */
export function valueCode(plan: EjectPlan, source: string, where: string): string {
  const expression = resolved(plan, source);
  return celToTypeScript(expression, celNames(plan)) ?? `cel(${stringLiteral(expression)}, ${SCOPE}, ${stringLiteral(where)})`;
}

/**
 * A CEL value a node compares (a Switch's variable): TypeScript where its type is known, cel-js otherwise.
 * @example comparedValueCode(plan, "state.mode", "Triage: variable") // "state.mode"
 */
export function comparedValueCode(plan: EjectPlan, source: string, where: string): string {
  const expression = resolved(plan, source);
  return celValueToTypeScript(expression, celNames(plan)) ?? `cel(${stringLiteral(expression)}, ${SCOPE}, ${stringLiteral(where)})`;
}
