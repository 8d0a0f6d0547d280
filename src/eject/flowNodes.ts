/**
 * The generated src/graph.ts code of the node kinds that are not agents: one writer per kind, in a
 * table the compiler checks for completeness (null: not exported yet, the node gets a TODO). A
 * branching kind also says which of its handles the graph follows, as a TypeScript expression.
 */
import type { GraphNode, NodeKind, NodeOfKind } from "../schema/index.js";
import { conditionCode, valueCode } from "./conditionCode.js";
import { docComment, propertyKey, regexExpression, stringLiteral, valueLiteral } from "./escape.js";
import { descriptionOf, toolById, type EjectPlan } from "./plan.js";
import { zodExpression } from "./zodSchema.js";
import { execute, planner, validateInput } from "./planNodes.js";
import { parallel, switchNode } from "./branchNodes.js";
import { subgraph } from "./subgraphNode.js";
import { approval, question } from "./pauseNodes.js";

/** A node's code inside createGraph. */
export interface FlowCode {
  /** Its function (named `fn`), and anything the function needs, declared before it. */
  code: string;
  /** For a branching node: an expression over `state` giving the handle to follow. */
  handle?: string;
}

export type Writer<K extends NodeKind> = ((plan: EjectPlan, node: NodeOfKind<K>, fn: string) => FlowCode) | null;
type FlowKind = Exclude<NodeKind, "start" | "end" | "note" | "agent">;

function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** A case-insensitive whole-word pattern for any of the keywords, as the Router matches them. */
function keywordRegex(keywords: readonly string[]): string {
  const alternatives = keywords.map((k) => escapeRegex(k.trim()).replace(/\s+/g, "\\s+")).filter(Boolean);
  return regexExpression(`(?<![\\p{L}\\p{N}_])(?:${alternatives.join("|")})(?![\\p{L}\\p{N}_])`, "iu");
}

/**
 * The channels of the graph's own the generated state needs besides the document's: `route` for
 * Router and Finalize, `results` (each node's result, by name) for what CEL reads, `loops` for Loops,
 * `actions` for a Planner's plan.
 */
export function builtinChannelsOf(plan: EjectPlan): { route: boolean; results: boolean; loops: boolean; actions: boolean } {
  const kinds = new Set(plan.document.nodes.map((n) => n.kind));
  return {
    route: kinds.has("router") || kinds.has("finalize"),
    results: plan.document.nodes.some((n) => n.kind !== "agent" && plan.otherFunctions.has(n.id)),
    loops: kinds.has("loop"),
    actions: kinds.has("planner") || kinds.has("execute"),
  };
}

const router: Writer<"router"> = (plan, node, fn) => {
  const { data } = node;
  const rules = data.rules.map((rule) => {
    const test =
      rule.match === "keyword"
        ? `matches(${keywordRegex(rule.keywords)})`
        : rule.match === "regex"
          ? `matches(${regexExpression(rule.pattern ?? "", rule.flags ?? "")})`
          : `(text) => (${conditionCode(plan, rule.expression ?? "false", `${data.name}, rule ${rule.id}`, { text: { expression: "text", type: "string" } }, "{ state, input, results: state.results, text }")} ? "" : null)`;
    const comment = rule.description ? `${docComment(rule.description)}` : "";
    return `${comment}{ id: ${stringLiteral(rule.id)}, route: ${stringLiteral(rule.route)}, match: ${stringLiteral(rule.match)}, gate: ${rule.gate}, test: ${test} },`;
  });
  const routes = data.routes.map((r) => `${r.id}${r.description ? ` (${r.description})` : ""}`).join(", ");
  return {
    code: `${docComment(`${descriptionOf(node) || data.name}\nRoutes: ${routes}; anything else takes \`default\`.`)}async function ${fn}(state: State): Promise<Update> {
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
    code: `${docComment(descriptionOf(node) || node.data.name)}async function ${fn}(state: State): Promise<Update> {
  const record = finalizeTurn(state.route, state.messages, ${plan.hasHandoffs ? "state.active_agent" : "null"}, now().getTime());
  return { route: record${output ? `, ${propertyKey(output)}: record` : ""} };
}`,
  };
};

const ifNode: Writer<"if"> = (plan, node, fn) => ({
  code: `${docComment(`${descriptionOf(node) || node.data.name}\nGoes on through \`true\` when ${node.data.condition} holds, through \`false\` otherwise.`)}async function ${fn}(_state: State): Promise<Update> {
  return {};
}`,
  handle: `${conditionCode(plan, node.data.condition, `${node.data.name}: condition`)} ? "true" : "false"`,
});

const loop: Writer<"loop"> = (plan, node, fn) => {
  const { name, max_loops: max, on_limit: onLimit, condition } = node.data;
  const key = stringLiteral(name);
  const field = propertyKey(name);
  const holds = conditionCode(
    plan,
    condition,
    `${name}: condition`,
    { passes: { expression: "passes", type: "number" }, max_loops: { expression: "max_loops", type: "number" } },
    `{ state, input, results: state.results, passes, max_loops: ${max} }`,
  );
  const limit =
    onLimit === "error"
      ? `throw new Error(${stringLiteral(`Loop "${name}" reached max_loops (${max}) while ${condition} still held`)});`
      : `return { loops: { ${field}: { count: 0, passes, exhausted: true, turn } } };`;
  return {
    code: `${docComment(`${descriptionOf(node) || name}\nRuns its body while ${condition} holds, at most ${max} passes a turn (then it ${onLimit === "error" ? "stops the run with an error" : "leaves through `exit`"}).`)}async function ${fn}(state: State): Promise<Update> {
  ${holds.includes("input") ? "const input = lastUserText(state.messages);\n" : ""}const turn = turnOf(state.messages);
  const previous = state.loops[${key}];
  const passes = previous && previous.turn === turn ? previous.count : 0;
  const max_loops = ${max};
  if (!(${holds})) return { loops: { ${field}: { count: 0, passes, exhausted: false, turn } } };
  if (passes >= max_loops) ${limit}
  return { loops: { ${field}: { count: passes + 1, passes: previous?.passes ?? 0, exhausted: false, turn } } };
}`,
    // A pass under way has a count; leaving sets it back to 0.
    handle: `(state.loops[${key}]?.count ?? 0) > 0 ? "body" : "exit"`,
  };
};

const setState: Writer<"set_state"> = (plan, node, fn) => {
  const channels = new Map(plan.document.state.channels.map((c) => [c.name, c]));
  const lines = node.data.assignments.map((assignment, i) => {
    const value = valueCode(plan, assignment.expression, `${node.data.name}: assignments[${i}]`);
    const earlier = node.data.assignments.slice(0, i).some((a) => a.channel === assignment.channel);
    if (!earlier) return `update[${stringLiteral(assignment.channel)}] = ${value};`;
    // A second assignment to a channel combines with the first through the channel's reducer.
    const reducer = channels.get(assignment.channel)?.reducer ?? "replace";
    const target = `update[${stringLiteral(assignment.channel)}]`;
    if (reducer === "append") return `${target} = [...(${target} as unknown[]), ...[${value}].flat()];`;
    if (reducer === "merge") return `${target} = { ...(${target} as object), ...(${value} as object) };`;
    return `${target} = ${value};`;
  });
  return {
    code: `${docComment(descriptionOf(node) || node.data.name)}async function ${fn}(state: State): Promise<Update> {
  ${lines.some((l) => l.includes("input")) ? "const input = lastUserText(state.messages);\n" : ""}const update: Record<string, unknown> = {};
  ${lines.join("\n")}
  return update as Update;
}`,
  };
};

const toolNode: Writer<"tool"> = (plan, node, fn) => {
  const { data } = node;
  const definition = toolById(plan, data.tool);
  const runner = definition?.kind === "agent" ? plan.agentTools.get(data.tool) : `tools.${plan.tools.get(data.tool) as string}`;
  const output = data.output_channel ? `, ${propertyKey(data.output_channel)}: value` : "";
  const toolName = stringLiteral(definition?.name ?? data.tool);
  // A destructive tool waits for a person first; a rejection is recorded and the flow goes on, as in the graph.
  const approval = definition?.destructive
    ? `const approval = requestApproval({ tool: ${toolName}, args: asked, message: approvalMessage(${toolName}, asked), allow_edit: true, agent: null, node: ${stringLiteral(data.name)} });
  if (!approval.approved) {
    // The refused call still counts as the node's call, as in the graph's tests; it did not run.
    await dispatchCustomEvent("tool_call", { name: ${toolName}, args: asked }, config);
    const refusal = { rejected: true, message: rejectionNote(${toolName}, approval.reason) };
    return { results: { ${propertyKey(data.name)}: refusal }${data.output_channel ? `, ${propertyKey(data.output_channel)}: refusal` : ""} };
  }
  const args = approval.args;
  `
    : "";
  return {
    code: `${docComment(descriptionOf(node) || `${data.name}: runs ${definition?.name ?? data.tool}${definition?.destructive ? ", once a person approves" : ""}.`)}async function ${fn}(state: State, config: LangGraphRunnableConfig): Promise<Update> {
  const input = lastUserText(state.messages);
  const ${approval ? "asked" : "args"} = renderValue(${valueLiteral(data.args)}, { state, input, results: state.results }) as Record<string, unknown>;
  ${approval}let result: unknown;
  try {
    result = await ${runner}.invoke(args as Parameters<typeof ${runner}.invoke>[0], { callbacks: config.callbacks, metadata: { tool_node: ${stringLiteral(data.name)} } });
  } catch (error) {
    throw new Error(${stringLiteral(`Tool node "${data.name}" failed: `)} + (error instanceof Error ? error.message : String(error)), { cause: error });
  }
  const value = resultValue(result);
  return { results: { ${propertyKey(data.name)}: value }${output} };
}`,
  };
};

/** The instruction a structured LLM call adds to its system prompt, as the graph words it. */
const structuredInstruction = (schema: Record<string, unknown>) =>
  `Reply with a single JSON value and nothing else (no prose, no code fence). It must match this JSON Schema:\n${JSON.stringify(schema)}`;

const llm: Writer<"llm"> = (plan, node, fn) => {
  const { data } = node;
  const schema = data.output_schema;
  const instruction = schema ? stringLiteral(structuredInstruction(schema)) : null;
  const prompt = data.system_prompt ? `render(${stringLiteral(data.system_prompt)}, scope)` : null;
  const system = prompt && instruction ? `[${prompt}, ${instruction}].filter(Boolean).join("\\n\\n")` : (prompt ?? instruction);
  const human = `new HumanMessage(render(${stringLiteral(data.prompt)}, scope))`;
  const messages = system ? (prompt ? `[...(system ? [new SystemMessage(system)] : []), ${human}]` : `[new SystemMessage(system), ${human}]`) : `[${human}]`;
  const value = schema ? `parseReply(reply.text, ${zodExpression(schema)}, ${stringLiteral(data.name)})` : "reply.text";
  const updates = ["messages: [reply]"];
  if (data.output_channel) updates.push(`${propertyKey(data.output_channel)}: value`);
  if (schema) updates.push(`results: { ${propertyKey(data.name)}: value }`);
  const kept = updates.length > 1 ? `const value = ${value};\n` : "";
  return {
    code: `${docComment(descriptionOf(node) || `${data.name}: one model call.`)}async function ${fn}(state: State, config: LangGraphRunnableConfig): Promise<Update> {
  const scope = { state, input: lastUserText(state.messages), results: state.results };
  ${system ? `const system = ${system};\n` : ""}const messages = ${messages};
  const reply = await withState(model(${stringLiteral(data.name)}), state).invoke(messages, config);
  reply.name = ${stringLiteral(data.name)};
  ${kept}return { ${updates.join(", ")} };
}`,
  };
};

/** How each kind is written; null kinds are not exported yet. */
export const FLOW_WRITERS: { readonly [K in FlowKind]: Writer<K> } = {
  router,
  finalize,
  llm,
  tool: toolNode,
  approval,
  question,
  if: ifNode,
  switch: switchNode,
  loop,
  parallel,
  set_state: setState,
  subgraph,
  validate_input: validateInput,
  planner,
  execute,
};

/** The node's code, or null when its kind is not exported yet. */
export function flowCode(plan: EjectPlan, node: GraphNode, fn: string): FlowCode | null {
  const writer = FLOW_WRITERS[node.kind as FlowKind] as Writer<NodeKind> | undefined;
  return writer ? writer(plan, node as NodeOfKind<NodeKind>, fn) : null;
}
