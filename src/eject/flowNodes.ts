/**
 * The generated src/graph.ts code of the node kinds that are not agents: one writer per kind, in a
 * table the compiler checks for completeness (null: not exported yet, the node gets a TODO). A
 * branching kind also says which of its handles the graph follows, as a TypeScript expression.
 */
import type { GraphNode, NodeKind, NodeOfKind } from "../schema/index.js";
import { celToTypeScript, type CelName } from "./celToTs.js";
import { docComment, propertyKey, regexExpression, stringLiteral } from "./escape.js";
import type { EjectPlan } from "./plan.js";

/** A node's code inside createGraph. */
export interface FlowCode {
  /** Its function (named `fn`), and anything the function needs, declared before it. */
  code: string;
  /** For a branching node: an expression over `state` giving the handle to follow. */
  handle?: string;
}

type Writer<K extends NodeKind> = ((plan: EjectPlan, node: NodeOfKind<K>, fn: string) => FlowCode) | null;
type FlowKind = Exclude<NodeKind, "start" | "end" | "note" | "agent">;

const describe = (node: GraphNode): string => ("description" in node.data && typeof node.data.description === "string" ? node.data.description : "");

function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** A case-insensitive whole-word pattern for any of the keywords, as the Router matches them. */
function keywordRegex(keywords: readonly string[]): string {
  const alternatives = keywords.map((k) => escapeRegex(k.trim()).replace(/\s+/g, "\\s+")).filter(Boolean);
  return regexExpression(`(?<![\\p{L}\\p{N}_])(?:${alternatives.join("|")})(?![\\p{L}\\p{N}_])`, "iu");
}

const CEL_TYPES = { string: "string", number: "number", boolean: "bool" } as const;

/** What a condition may read, typed where the document says: `input`, `text` and the graph's channels. */
function celNames(plan: EjectPlan, extra: Record<string, CelName> = {}): Record<string, CelName> {
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
export function conditionCode(plan: EjectPlan, source: string, extra: Record<string, CelName> = {}, scope = "{ state, input, results: {} }"): string {
  const expression = plan.document.conditions.find((c) => c.name === source)?.expression ?? source;
  return celToTypeScript(expression, celNames(plan, extra)) ?? `evaluate(${stringLiteral(expression)}, ${scope}) === true`;
}

const router: Writer<"router"> = (plan, node, fn) => {
  const { data } = node;
  const rules = data.rules.map((rule) => {
    const test =
      rule.match === "keyword"
        ? `matches(${keywordRegex(rule.keywords)})`
        : rule.match === "regex"
          ? `matches(${regexExpression(rule.pattern ?? "", rule.flags ?? "")})`
          : `(text) => (${conditionCode(plan, rule.expression ?? "false", { text: { expression: "text", type: "string" } }, "{ state, input, results: {}, text }")} ? "" : null)`;
    const comment = rule.description ? `${docComment(rule.description)}` : "";
    return `${comment}{ id: ${stringLiteral(rule.id)}, route: ${stringLiteral(rule.route)}, match: ${stringLiteral(rule.match)}, gate: ${rule.gate}, test: ${test} },`;
  });
  const routes = data.routes.map((r) => `${r.id}${r.description ? ` (${r.description})` : ""}`).join(", ");
  return {
    code: `${docComment(`${describe(node) || data.name}\nRoutes: ${routes}; anything else takes \`default\`.`)}async function ${fn}(state: State): Promise<Update> {
  const input = lastUserText(state.messages);
  const rules: RouteRule[] = [
    ${rules.join("\n")}
  ];
  return { route: chooseRoute(${stringLiteral(data.name)}, rules, render(${stringLiteral(data.input)}, { state, input }), turnOf(state.messages), now().getTime()) };
}`,
    handle: 'state.route?.kind ?? "default"',
  };
};

const finalize: Writer<"finalize"> = (plan, node, fn) => {
  const output = node.data.output_channel;
  return {
    code: `${docComment(describe(node) || node.data.name)}async function ${fn}(state: State): Promise<Update> {
  const record = finalizeTurn(state.route, state.messages, ${plan.hasHandoffs ? "state.active_agent" : "null"}, now().getTime());
  return { route: record${output ? `, ${propertyKey(output)}: record` : ""} };
}`,
  };
};

/** How each kind is written; null kinds are not exported yet. */
export const FLOW_WRITERS: { readonly [K in FlowKind]: Writer<K> } = {
  router,
  finalize,
  llm: null,
  tool: null,
  approval: null,
  question: null,
  if: null,
  switch: null,
  loop: null,
  parallel: null,
  set_state: null,
  subgraph: null,
  validate_input: null,
  planner: null,
  execute: null,
};

/** The node's code, or null when its kind is not exported yet. */
export function flowCode(plan: EjectPlan, node: GraphNode, fn: string): FlowCode | null {
  const writer = FLOW_WRITERS[node.kind as FlowKind] as Writer<NodeKind> | undefined;
  return writer ? writer(plan, node as NodeOfKind<NodeKind>, fn) : null;
}
