/**
 * src/graph.ts of the generated project: the state with the document's channels, one function per
 * node, each agent's loop, sub-agents as tools, and the StateGraph wired as the canvas draws it.
 */
import type { GraphNode, StateChannel } from "../schema/index.js";
import { docComment, stringLiteral, valueLiteral } from "./escape.js";
import { toolById, todo, type AgentPlan, type EjectPlan } from "./plan.js";
import { zodExpression } from "./zodSchema.js";

export const GRAPH_PATH = "src/graph.ts";

/** The factories of src/defaultTools.ts, in import order. */
export const DEFAULT_TOOL_FACTORIES = [
  "getCurrentActiveAgent",
  "getSupervisorAgent",
  "getTimeDate",
  "listIntentsAvailable",
  "listSubagentsAvailable",
  "listToolsAvailable",
];

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
  const fallback = channel.reducer === "append" ? "[]" : channel.reducer === "merge" ? "{}" : "undefined";
  const initial = channel.default !== undefined ? valueLiteral(channel.default) : fallback;
  const reducer =
    channel.reducer === "append"
      ? "(left, right) => [...(Array.isArray(left) ? left : [left]), ...(Array.isArray(right) ? right : [right])]"
      : channel.reducer === "merge"
        ? "(left, right) => ({ ...(left as object), ...(right as object) })"
        : "(_left, right) => right";
  const valueType = channel.reducer === "append" ? "unknown[]" : type;
  return `${docComment(channel.description)}${channel.name}: Annotation<${valueType}>({ reducer: ${reducer}, default: () => ${initial} as ${valueType} }),`;
}

/** Whether the agent has sub-agents or works for another: the default tools about the team are only given then. */
function isMultiAgent(plan: EjectPlan, agent: AgentPlan): boolean {
  return agent.children.length > 0 || plan.agents.some((a) => a.children.some((l) => l.child === agent));
}

/** The sub-agents list_subagents_available names, as the engine describes them. */
function subAgentsOf(agent: AgentPlan) {
  return agent.children.map(({ child, mode, blocking }) => ({ name: child.name, description: child.node.data.description || child.name, mode, blocking }));
}

/** The tools an agent's model can call, as graph.ts expressions. */
function agentToolList(plan: EjectPlan, agent: AgentPlan): string[] {
  const data = agent.node.data;
  const multiAgent = isMultiAgent(plan, agent);
  const list: string[] = [];
  for (const id of data.tools) {
    const definition = toolById(plan, id);
    if (!definition) continue;
    if (definition.kind === "agent") {
      list.push(plan.agentTools.get(id) as string);
      continue;
    }
    list.push(`tools.${plan.tools.get(id) as string}`);
  }
  for (const id of data.knowledge_bases ?? []) {
    const name = plan.knowledge.get(id);
    if (name) list.push(`tools.${name}`);
  }
  if (data.memory) list.push(`...memoryTools(${stringLiteral(agent.name)}, store)`);
  for (const link of agent.children) {
    if (link.mode === "tool") list.push(link.child.asTool);
  }
  for (const name of data.default_tools) {
    if (name === "get_time_date") list.push(`getTimeDate(${stringLiteral(data.timezone ?? "UTC")}, now)`);
    else if (name === "list_tools_available") list.push(`listToolsAvailable(() => ${agent.tools})`);
    else if (name === "list_intents_available") list.push(`listIntentsAvailable(${valueLiteral(data.intents)})`);
    else if (multiAgent && name === "list_subagents_available") list.push(`listSubagentsAvailable(${valueLiteral(subAgentsOf(agent))})`);
    else if (multiAgent && name === "get_current_active_agent") list.push(`getCurrentActiveAgent(${stringLiteral(agent.name)})`);
    else if (multiAgent && name === "get_supervisor_agent") list.push(`getSupervisorAgent(${stringLiteral(agent.name)})`);
  }
  return list;
}

function agentBlock(plan: EjectPlan, agent: AgentPlan): string {
  const data = agent.node.data;
  const notes: string[] = [];
  const note = (reason: string) => notes.push(todo(plan, { name: agent.name, nodeId: agent.node.id, reason, file: GRAPH_PATH }));
  for (const link of agent.children) {
    if (link.mode === "handoff") note(`the handoff to ${link.child.name} (transfer_to_${link.child.name}) is not exported yet`);
    else if (!link.blocking) note(`${link.child.name} runs in the background in the graph; here the call waits for its answer`);
  }
  // request_help and ask_user move control (a handoff back, a question to the person): not exported yet.
  const supervised = plan.agents.some((a) => a.children.some((l) => l.child === agent && l.mode === "handoff"));
  if (supervised && data.default_tools.includes("request_help")) note("the default tool request_help is not exported yet");
  if (data.default_tools.includes("ask_user")) note("the default tool ask_user is not exported yet");
  if (data.forced_tool) note("the forced tool is not exported yet");
  if (data.sanitize) note("sanitizing pseudo tool-call text is not exported yet");
  const tools = agentToolList(plan, agent);
  const lines = [
    `// ${agent.name}${agent.graphName ? "" : " (runs as a tool of the agents that call it)"}`,
    ...notes,
    `const ${agent.tools}: StructuredToolInterface[] = [${tools.join(", ")}];`,
    `const ${agent.turn} = agentLoop({ name: ${stringLiteral(agent.name)}, model: model(${stringLiteral(agent.name)}), tools: ${agent.tools}, maxIterations: ${data.max_iterations} });`,
  ];
  const prompt = (state: string, input: string) =>
    `systemPrompt(prompts.${agent.prompt}, { state: ${state}, input: ${input}, agent: ${stringLiteral(agent.name)} }, now()${data.timezone ? `, ${stringLiteral(data.timezone)}` : ""})`;
  const delegatedTo = plan.agents.some((a) => a.children.some((l) => l.child === agent && l.mode === "tool"));
  const catalogTools = plan.document.tools.flatMap((t) => (t.kind === "agent" && t.config.agent === agent.name ? [t] : []));
  if (delegatedTo || catalogTools.length > 0) {
    lines.push(`${docComment(`${agent.name} answers one message in a conversation of its own; its last reply is the answer.`)}async function ${agent.ask}(message: string, config?: RunnableConfig): Promise<string> {
  const added = await ${agent.turn}(${prompt("{}", "message")}, [new HumanMessage(message)], { callbacks: config?.callbacks });
  return answerOf(added);
}`);
  }
  if (delegatedTo) {
    const description = `Delegate a task to the ${agent.name} sub-agent: ${data.description || agent.name}`;
    lines.push(`${docComment(`${agent.name} as a tool of the agents it works for.`)}const ${agent.asTool} = tool(({ message }, config) => ${agent.ask}(message, config), {
  name: ${stringLiteral(agent.name)},
  description: ${stringLiteral(description)},
  schema: z.object({ message: z.string().describe(${stringLiteral(`The task or question for ${agent.name}`)}), blocking: z.boolean().optional().describe("Wait for the answer (true)") }),
});`);
  }
  for (const definition of catalogTools) {
    const declared = (definition.input_schema as { properties?: Record<string, unknown> }).properties;
    const schema =
      declared && Object.keys(declared).length > 0
        ? definition.input_schema
        : { type: "object", properties: { message: { type: "string", description: `The task for ${agent.name}` } }, required: ["message"] };
    const description = definition.description || `Ask ${agent.name}: ${data.description || agent.name}`;
    lines.push(`${docComment(`The ${definition.name} tool: ${agent.name} answers the call's message (or its arguments as JSON).`)}const ${plan.agentTools.get(definition.id) as string} = tool(
  (args: Record<string, unknown>, config) => ${agent.ask}(typeof args.message === "string" && args.message.trim() ? args.message : JSON.stringify(args), config),
  { name: ${stringLiteral(definition.name)}, description: ${stringLiteral(description)}, schema: ${zodExpression(schema)} },
);`);
    if (definition.return_direct) note(`the ${definition.name} tool's return_direct is not exported yet`);
  }
  if (agent.graphName) {
    lines.push(`${docComment(data.description || agent.name)}async function ${agent.fn}(state: State, config: LangGraphRunnableConfig): Promise<Update> {
  const prompt = ${prompt("state", "lastUserText(state.messages)")};
  return { messages: await ${agent.turn}(prompt, state.messages, config) };
}`);
  }
  return lines.join("\n");
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
  const body = [...agentBlocks, ...otherBlocks].join("\n\n");
  const imports = [
    `import { ${uses("HumanMessage(") ? "HumanMessage, " : ""}type BaseMessage } from "@langchain/core/messages";`,
    `import { ${uses(" tool(") ? "tool, " : ""}type StructuredToolInterface } from "@langchain/core/tools";`,
    uses("?: RunnableConfig") ? 'import type { RunnableConfig } from "@langchain/core/runnables";' : "",
    'import { Annotation, END, InMemoryStore, MessagesAnnotation, START, StateGraph, type BaseCheckpointSaver, type BaseStore, type LangGraphRunnableConfig } from "@langchain/langgraph";',
    uses("z.object(") ? 'import { z } from "zod";' : "",
    'import { agentLoop } from "./agentLoop.js";',
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
  now?: () => Date;
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
  const now = options.now ?? (() => new Date());

${body}

  return new StateGraph(GraphState)
    ${wiring(plan).join("\n")}
    .compile({ name: ${stringLiteral(document.meta.name)}, checkpointer: options.checkpointer, store });
}

/** The graph \`langgraph.json\` serves: the server brings the checkpointer. */
export const graph = createGraph();
`;
}
