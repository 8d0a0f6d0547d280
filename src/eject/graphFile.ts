/**
 * src/graph.ts of the generated project: the state with the document's channels, one function per
 * node, each agent's loop, sub-agents as tools, and the StateGraph wired as the canvas draws it.
 */
import { outputHandleIds, type GraphNode, type StateChannel } from "../schema/index.js";
import { agentBlock, DEFAULT_TOOL_FACTORIES, handoffDescendants } from "./agentsCode.js";
import { conditionCode } from "./conditionCode.js";
import { builtinChannelsOf, flowCode, type FlowCode } from "./flowNodes.js";
import { flowHelpers } from "./flowHelpers.js";
import { inBranchBounds, parallelJoins } from "./branchNodes.js";
import { childGraphs } from "./subgraphNode.js";
import { docComment, propertyKey, stringLiteral, valueLiteral } from "./escape.js";
import { descriptionOf, GRAPH_PATH, todo, type AgentPlan, type EjectPlan } from "./plan.js";
import { PAUSE_HELPERS } from "./runtime/pauses.js";

export { GRAPH_PATH } from "./plan.js";

const CHANNEL_TYPES: Record<StateChannel["type"], string> = {
  string: "string",
  number: "number",
  boolean: "boolean",
  object: "Record<string, unknown>",
  array: "unknown[]",
  any: "unknown",
};

function channelExpression(channel: StateChannel): string {
  const type = CHANNEL_TYPES[channel.type];
  const reducer =
    channel.reducer === "append"
      ? "(left, right) => [...left, ...(Array.isArray(right) ? right : [right])]"
      : channel.reducer === "merge"
        ? '(left, right) => ({ ...left, ...(right && typeof right === "object" && !Array.isArray(right) ? right : {}) })'
        : "(_left, right) => right";
  // An append channel holds a list and a merge channel an object, whatever their values' type.
  const valueType = channel.reducer === "append" ? "unknown[]" : channel.reducer === "merge" ? "Record<string, unknown>" : type;
  const fallback = channel.reducer === "append" ? "[]" : channel.reducer === "merge" ? "{}" : null;
  const initial = channel.default !== undefined ? valueLiteral(channel.default) : fallback;
  // Without a default, a channel starts as null, as in the graph.
  const declared = initial === null && type !== "unknown" ? `${valueType} | null` : valueType;
  const defaultValue = initial === null ? "null" : `(${initial}) as ${valueType}`;
  return `${docComment(channel.description)}${channel.name}: Annotation<${declared}>({ reducer: ${reducer}, default: () => ${defaultValue} }),`;
}

function otherNodeBlock(plan: EjectPlan, node: GraphNode, flow: FlowCode | null): string {
  if (flow) return flow.code;
  const fn = plan.otherFunctions.get(node.id) as string;
  const name = plan.graphNames.get(node.id) ?? node.id;
  const comment = todo(plan, {
    name,
    nodeId: node.id,
    reason: `${node.kind} nodes are not exported yet; this node leaves the state as it is`,
    file: GRAPH_PATH,
  });
  return `${docComment(descriptionOf(node))}async function ${fn}(_state: State): Promise<Update> {\n${comment}\nreturn {};\n}`;
}

/**
 * Agents a leading `@name` reaches, by lower-case name → the top-level node that answers: each
 * top-level agent, and the sub-agents it hands off to at any depth (its loop takes the turn on to them).
 * Only a graph whose turns could start elsewhere needs it.
 */
function mentionableAgents(plan: EjectPlan): Map<string, string> {
  const topLevel = plan.agents.filter((a) => a.graphName);
  const start = plan.document.nodes.find((n) => n.kind === "start");
  const startTargets = new Set(plan.document.edges.filter((e) => e.source === start?.id).map((e) => e.target));
  const reachable = new Map<string, string>();
  if (topLevel.every((a) => startTargets.has(a.node.id)) && topLevel.length <= 1) return reachable;
  for (const agent of topLevel) reachable.set(agent.name.toLowerCase(), agent.graphName as string);
  for (const agent of topLevel) {
    for (const name of handoffDescendants(agent)) {
      const key = name.toLowerCase();
      if (!reachable.has(key)) reachable.set(key, agent.graphName as string);
    }
  }
  return reachable;
}

/** Where a turn starts: at the agent a leading `@name` mentions, otherwise where Start leads. */
function startByMention(mentionable: ReadonlyMap<string, string>, startTargets: readonly string[]): string {
  const agents = [...mentionable].map(([name, node]) => `${propertyKey(name)}: ${stringLiteral(node)}`);
  const fallback = startTargets.length === 1 ? (startTargets[0] as string) : startTargets.length === 0 ? "END" : `[${startTargets.join(", ")}]`;
  const all = [...new Set([...startTargets, ...[...mentionable.values()].map(stringLiteral)])];
  return `.addConditionalEdges(START, (state) => {
  const mention = /^\\s*@([A-Za-z][A-Za-z0-9_-]*)/.exec(lastUserText(state.messages))?.[1]?.toLowerCase() ?? "";
  const agents: Record<string, string> = { ${agents.join(", ")} };
  return Object.hasOwn(agents, mention) ? (agents[mention] as string) : ${fallback};
}, [${all.join(", ")}])`;
}

/**
 * The `.addNode` / `.addEdge` chain, wired as the engine wires it: a branching node follows the
 * edges of the handle it chose (none: the run ends); conditional edges are tried in order, the
 * first whose condition holds wins, and the flow edges are the default way; flow edges alone are edges.
 */
function wiring(plan: EjectPlan, flows: ReadonlyMap<string, FlowCode | null>): string[] {
  const { document, graphNames } = plan;
  const mentionable = mentionableAgents(plan);
  const byId = new Map(document.nodes.map((n) => [n.id, n]));
  const targetOf = (id: string) => (byId.get(id)?.kind === "end" ? "END" : stringLiteral(graphNames.get(id) ?? id));
  const chain: string[] = [];
  for (const [id, name] of graphNames) {
    const node = byId.get(id) as GraphNode;
    const fn = node.kind === "agent" ? (plan.agents.find((a) => a.node.id === id) as AgentPlan).fn : (plan.otherFunctions.get(id) as string);
    chain.push(`.addNode(${stringLiteral(name)}, ${inBranchBounds(plan, id, name, fn)})`);
  }
  const { joinEdges, joins } = parallelJoins(plan);
  for (const node of document.nodes) {
    const from = node.kind === "start" ? "START" : graphNames.has(node.id) ? stringLiteral(graphNames.get(node.id) as string) : null;
    if (!from) continue;
    const outgoing = document.edges.filter((e) => e.source === node.id && e.kind !== "delegation" && !joinEdges.has(e.id));
    if (node.kind === "start" && mentionable.size > 0) {
      chain.push(
        startByMention(
          mentionable,
          outgoing.map((e) => targetOf(e.target)),
        ),
      );
      continue;
    }
    const handle = flows.get(node.id)?.handle;
    if (handle) {
      const ways = new Map<string, string[]>(outputHandleIds(node).map((h) => [h, []]));
      for (const edge of outgoing) ways.get(edge.source_handle ?? "")?.push(targetOf(edge.target));
      const entries = [...ways].filter(([, targets]) => targets.length > 0).map(([h, targets]) => `${stringLiteral(h)}: [${[...new Set(targets)].join(", ")}]`);
      const all = [...new Set([...[...ways.values()].flat(), "END"])];
      const chosen = `follow({ ${entries.join(", ")} }, ${handle})`;
      const route = handle.includes("input") ? `(state) => {\nconst input = lastUserText(state.messages);\nreturn ${chosen};\n}` : `(state) => ${chosen}`;
      chain.push(`.addConditionalEdges(${from}, ${route}, [${all.join(", ")}])`);
      continue;
    }
    const conditional = outgoing.flatMap((e) => (e.kind === "conditional" ? [e] : []));
    const flow = outgoing.filter((e) => e.kind === "flow").map((e) => targetOf(e.target));
    if (conditional.length === 0) {
      for (const target of flow) chain.push(`.addEdge(${from}, ${target})`);
      continue;
    }
    const rules = conditional.map((e) => `if (${conditionCode(plan, e.condition, `the condition on edge ${e.id}`)}) return ${targetOf(e.target)};`);
    const fallback = flow.length === 0 ? "END" : flow.length === 1 ? (flow[0] as string) : `[${flow.join(", ")}]`;
    const all = [...new Set([...conditional.map((e) => targetOf(e.target)), ...flow, "END"])];
    chain.push(`.addConditionalEdges(${from}, (state) => {
  const input = lastUserText(state.messages);
  ${rules.join("\n")}
  return ${fallback};
}, [${all.join(", ")}])`);
  }
  for (const [join, sources] of joins) chain.push(`.addEdge([${sources.map(targetOf).join(", ")}], ${targetOf(join)})`);
  return chain;
}

/** The functions src/routes.ts gives the generated graph. */
const ROUTE_HELPERS = ["chooseRoute", "finalizeTurn", "matches"];

export function graphFile(plan: EjectPlan): string {
  const { document } = plan;
  const builtin = builtinChannelsOf(plan);
  const hasRoute = builtin.route;
  const children = childGraphs(plan);
  const uses = (text: string) => body.includes(text) || chain.some((line) => line.includes(text));
  const agentBlocks = plan.agents.map((agent) => agentBlock(plan, agent));
  const others = document.nodes.filter((n) => plan.otherFunctions.has(n.id));
  const flows = new Map(others.map((n) => [n.id, flowCode(plan, n, plan.otherFunctions.get(n.id) as string)]));
  const otherBlocks = others.map((n) => otherNodeBlock(plan, n, flows.get(n.id) ?? null));
  const chain = wiring(plan, flows);
  const body = [...agentBlocks, ...otherBlocks].join("\n\n");
  const imports = [
    `import { ${uses("new AIMessage(") ? "AIMessage, " : ""}${uses("HumanMessage(") ? "HumanMessage, " : ""}${uses("SystemMessage(") ? "SystemMessage, " : ""}type BaseMessage } from "@langchain/core/messages";`,
    uses("dispatchCustomEvent(") ? 'import { dispatchCustomEvent } from "@langchain/core/callbacks/dispatch";' : "",
    uses("withState(") ? 'import type { BaseChatModel } from "@langchain/core/language_models/chat_models";' : "",
    `import { ${uses(" tool(") ? "tool, " : ""}type StructuredToolInterface } from "@langchain/core/tools";`,
    uses("?: RunnableConfig") ? 'import type { RunnableConfig } from "@langchain/core/runnables";' : "",
    `import { Annotation, END, InMemoryStore, ${uses("isGraphBubbleUp(") ? "isGraphBubbleUp, " : ""}MessagesAnnotation, START, StateGraph, type BaseCheckpointSaver, type BaseStore, type LangGraphRunnableConfig } from "@langchain/langgraph";`,
    uses("z.object(") ? 'import { z } from "zod";' : "",
    uses("cel(") ? 'import { cel } from "./cel.js";' : "",
    plan.hasBackgroundTasks ? 'import { BackgroundTasks } from "./backgroundTasks.js";' : "",
    `import { ${["agentLoop", uses("delegatedConfig(") ? "delegatedConfig" : "", uses("requestHelpTool(") ? "requestHelpTool" : "", uses("transferTool(") ? "transferTool" : "", uses("HandoffTurn") ? "type HandoffTurn" : ""].filter(Boolean).join(", ")} } from "./agentLoop.js";`,
    ...(DEFAULT_TOOL_FACTORIES.some((n) => uses(`${n}(`))
      ? [`import { ${DEFAULT_TOOL_FACTORIES.filter((n) => uses(`${n}(`)).join(", ")} } from "./defaultTools.js";`]
      : []),
    uses("memoryTools(") ? 'import { memoryTools } from "./memory.js";' : "",
    uses("sanitizeReply") ? 'import { sanitizeReply } from "./sanitize.js";' : "",
    uses("executePlan(") ? 'import { executePlan } from "./execution.js";' : "",
    uses("parallelBranches(") ? 'import { parallelBranches } from "./parallel.js";' : "",
    PAUSE_HELPERS.some((n) => uses(`${n}(`)) ? `import { ${PAUSE_HELPERS.filter((n) => uses(`${n}(`)).join(", ")} } from "./pauses.js";` : "",
    builtin.actions ? `import { ${uses("planActions(") ? "planActions, " : ""}type ActionPlan } from "./plans.js";` : "",
    hasRoute
      ? `import { ${ROUTE_HELPERS.filter((n) => uses(`${n}(`)).join(", ")}${ROUTE_HELPERS.some((n) => uses(`${n}(`)) ? ", " : ""}${uses("RouteRule[]") ? "type RouteRule, " : ""}type RoutePlan } from "./routes.js";`
      : "",
    ...children.imports,
    'import { chatModel, type ModelFor } from "./models.js";',
    'import * as prompts from "./prompts.js";',
    uses("tools.") ? 'import * as tools from "./tools.js";' : "",
    `import { ${uses("render(") ? "render, " : ""}${uses("renderValue(") ? "renderValue, " : ""}systemPrompt } from "./template.js";`,
  ].filter(Boolean);
  const channels = document.state.channels.map(channelExpression);
  if (builtin.actions) {
    channels.unshift(`/** This turn's plan: the Planner's actions and how Execute ran them. */
actions: Annotation<ActionPlan | null>({ reducer: (_left, right) => right, default: () => null }),`);
  }
  if (builtin.loops) {
    channels.unshift(`/** Each Loop's passes this turn, by its name. */
loops: Annotation<Record<string, LoopPass>>({ reducer: (left, right) => ({ ...left, ...right }), default: () => ({}) }),`);
  }
  if (builtin.results) {
    channels.unshift(`/** What each tool and structured LLM node returned, by its name. */
results: Annotation<Record<string, unknown>>({ reducer: (left, right) => ({ ...left, ...right }), default: () => ({}) }),`);
  }
  if (hasRoute) {
    channels.unshift(`/** The turn's route plan: what a Router decided, stamped by Finalize. */
route: Annotation<RoutePlan | null>({ reducer: (_left, right) => right, default: () => null }),`);
  }
  if (plan.hasHandoffs) {
    channels.unshift(`/** The agent answering the conversation, which a handoff changes and the next turn resumes. */
active_agent: Annotation<string | null>({ reducer: (_left, right) => right, default: () => null }),`);
  }
  return `${docComment(`${document.meta.name}${document.meta.description ? `: ${document.meta.description}` : ""}`)}${imports.join("\n")}

/** The graph's state: the conversation and the graph's own channels. */
export const GraphState = Annotation.Root({
  ...MessagesAnnotation.spec,
${channels.join("\n")}
});
export type State = typeof GraphState.State;
export type Update = typeof GraphState.Update;

export interface GraphOptions {
  /** The chat model of each agent (default: its profile, models.ts). */
  model?: ModelFor;
  ${plan.above.length > 0 ? "/** `true` when a Subgraph node runs it: it keeps one conversation per thread in its parent's checkpointer. */\n  checkpointer?: BaseCheckpointSaver | boolean;" : "checkpointer?: BaseCheckpointSaver;"}
  /** Long-term memory (default: in memory). */
  store?: BaseStore;
  /** The clock agents read the date from. */
  now?: () => Date;${
    plan.hasBackgroundTasks
      ? `
  /** Sub-agents working in the background; send their follow-up turns with \`tasks.followUps()\`. */
  tasks?: BackgroundTasks;`
      : ""
  }
}

/** The text of the user's last message. */
function lastUserText(messages: BaseMessage[]): string {
  const last = messages.findLast((message) => message.getType() === "human");
  return last ? last.text : "";
}

${flowHelpers(uses, builtin.loops)}${
    uses("follow(")
      ? `
/** The nodes a branching node goes to from the handle it chose; a handle without edges ends the run. */
function follow(ways: Record<string, string[]>, handle: string): string[] {
  return Object.hasOwn(ways, handle) ? (ways[handle] as string[]) : [END];
}
`
      : ""
  }${
    uses("answerOf(")
      ? `
/** An agent's answer: the text of the last message it added. */
function answerOf(messages: BaseMessage[]): string {
  return messages.at(-1)?.text ?? "";
}
`
      : ""
  }
export function createGraph(options: GraphOptions = {}) {
  const model = options.model ?? chatModel;
  const store = options.store ?? new InMemoryStore();
  const now = options.now ?? (() => new Date());${plan.hasBackgroundTasks ? "\n  const tasks = options.tasks ?? new BackgroundTasks();" : ""}
${children.compiled.length > 0 ? `\n${children.compiled.join("\n\n")}\n` : ""}
${body}

  return new StateGraph(GraphState)
    ${chain.join("\n")}
    .compile({ name: ${stringLiteral(document.meta.name)}, checkpointer: options.checkpointer, store });
}
${
  plan.above.length > 0
    ? ""
    : `
/** The graph \`langgraph.json\` serves: the server brings the checkpointer. */
export const graph = createGraph();
`
}`;
}
