/**
 * src/graph.ts of the generated project: the state with the document's channels, one function per
 * node, each agent's loop, sub-agents as tools, and the StateGraph wired as the canvas draws it.
 */
import type { GraphNode, StateChannel } from "../schema/index.js";
import { agentBlock, DEFAULT_TOOL_FACTORIES } from "./agentsCode.js";
import { docComment, stringLiteral, valueLiteral } from "./escape.js";
import { GRAPH_PATH, todo, type AgentPlan, type EjectPlan } from "./plan.js";

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

function otherNodeBlock(plan: EjectPlan, node: GraphNode): string {
  const fn = plan.otherFunctions.get(node.id) as string;
  const name = plan.graphNames.get(node.id) ?? node.id;
  const comment = todo(plan, {
    name,
    nodeId: node.id,
    reason: `${node.kind} nodes are not exported yet; this node leaves the state as it is`,
    file: GRAPH_PATH,
  });
  const description = "description" in node.data && typeof node.data.description === "string" ? node.data.description : "";
  return `${docComment(description)}async function ${fn}(_state: State): Promise<Update> {\n${comment}\nreturn {};\n}`;
}

/** The `.addNode` / `.addEdge` chain: flow edges as edges, a node with several ways out as a conditional edge. */
function wiring(plan: EjectPlan): string[] {
  const { document, graphNames } = plan;
  const byId = new Map(document.nodes.map((n) => [n.id, n]));
  const targetOf = (id: string) => (byId.get(id)?.kind === "end" ? "END" : stringLiteral(graphNames.get(id) ?? id));
  const chain: string[] = [];
  for (const [id, name] of graphNames) {
    const node = byId.get(id) as GraphNode;
    const fn = node.kind === "agent" ? (plan.agents.find((a) => a.node.id === id) as AgentPlan).fn : (plan.otherFunctions.get(id) as string);
    chain.push(`.addNode(${stringLiteral(name)}, ${fn})`);
  }
  for (const node of document.nodes) {
    const from = node.kind === "start" ? "START" : graphNames.has(node.id) ? stringLiteral(graphNames.get(node.id) as string) : null;
    if (!from) continue;
    const outgoing = document.edges.filter((e) => e.source === node.id && e.kind !== "delegation");
    const conditional = outgoing.some((e) => e.kind === "conditional") || (outgoing.length > 1 && node.kind !== "start");
    if (!conditional) {
      for (const edge of outgoing) chain.push(`.addEdge(${from}, ${targetOf(edge.target)})`);
      continue;
    }
    const targets = [...new Set(outgoing.map((e) => targetOf(e.target)))];
    const name = graphNames.get(node.id) ?? node.id;
    const comment = todo(plan, {
      name,
      nodeId: node.id,
      reason: "branching and conditional edges are not exported yet: this route always takes the first way out",
      file: GRAPH_PATH,
    });
    chain.push(`\n${comment}\n.addConditionalEdges(${from}, () => ${targets[0]}, [${targets.join(", ")}])`);
  }
  return chain;
}

export function graphFile(plan: EjectPlan): string {
  const { document } = plan;
  const uses = (text: string) => body.includes(text);
  const agentBlocks = plan.agents.map((agent) => agentBlock(plan, agent));
  const otherBlocks = document.nodes.filter((n) => plan.otherFunctions.has(n.id)).map((n) => otherNodeBlock(plan, n));
  const topLevel = plan.agents.filter((a) => a.graphName);
  const mentions =
    topLevel.length > 1
      ? [
          todo(plan, {
            name: document.meta.name,
            reason: `"@name" at the start of a message jumps to that agent (${topLevel.map((a) => a.name).join(", ")}) in the graph; here every turn starts at Start`,
            file: GRAPH_PATH,
          }),
        ]
      : [];
  const body = [...mentions, ...agentBlocks, ...otherBlocks].join("\n\n");
  const imports = [
    `import { ${uses("HumanMessage(") ? "HumanMessage, " : ""}type BaseMessage } from "@langchain/core/messages";`,
    `import { ${uses(" tool(") ? "tool, " : ""}type StructuredToolInterface } from "@langchain/core/tools";`,
    uses("?: RunnableConfig") ? 'import type { RunnableConfig } from "@langchain/core/runnables";' : "",
    'import { Annotation, END, InMemoryStore, MessagesAnnotation, START, StateGraph, type BaseCheckpointSaver, type BaseStore, type LangGraphRunnableConfig } from "@langchain/langgraph";',
    uses("z.object(") ? 'import { z } from "zod";' : "",
    plan.hasBackgroundTasks ? 'import { BackgroundTasks } from "./backgroundTasks.js";' : "",
    `import { agentLoop${["HandoffTurn", "requestHelpTool(", "transferTool("].some((n) => uses(n)) ? ", " : ""}${[uses("requestHelpTool(") ? "requestHelpTool" : "", uses("transferTool(") ? "transferTool" : "", uses("HandoffTurn") ? "type HandoffTurn" : ""].filter(Boolean).join(", ")} } from "./agentLoop.js";`,
    ...(DEFAULT_TOOL_FACTORIES.some((n) => uses(`${n}(`))
      ? [`import { ${DEFAULT_TOOL_FACTORIES.filter((n) => uses(`${n}(`)).join(", ")} } from "./defaultTools.js";`]
      : []),
    uses("memoryTools(") ? 'import { memoryTools } from "./memory.js";' : "",
    'import { chatModel, type ModelFor } from "./models.js";',
    'import * as prompts from "./prompts.js";',
    uses("tools.") ? 'import * as tools from "./tools.js";' : "",
    'import { systemPrompt } from "./template.js";',
  ].filter(Boolean);
  const channels = document.state.channels.map(channelExpression);
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
  checkpointer?: BaseCheckpointSaver;
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

${
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

${body}

  return new StateGraph(GraphState)
    ${wiring(plan).join("\n")}
    .compile({ name: ${stringLiteral(document.meta.name)}, checkpointer: options.checkpointer, store });
}

/** The graph \`langgraph.json\` serves: the server brings the checkpointer. */
export const graph = createGraph();
`;
}
