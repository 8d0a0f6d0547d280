/**
 * The agents' part of the generated src/graph.ts, inside createGraph: each agent's tool list and
 * loop, the function that runs it as a tool or after a handoff, and its node function.
 */
import { docComment, stringLiteral, valueLiteral } from "./escape.js";
import { GRAPH_PATH, toolById, todo, type AgentPlan, type EjectPlan } from "./plan.js";
import { zodExpression } from "./zodSchema.js";

/** The factories of src/defaultTools.ts, in import order. */
export const DEFAULT_TOOL_FACTORIES = [
  "getCurrentActiveAgent",
  "getSupervisorAgent",
  "getTimeDate",
  "listIntentsAvailable",
  "listSubagentsAvailable",
  "listToolsAvailable",
];

/** Whether the agent has sub-agents or works for another: the default tools about the team are only given then. */
function isMultiAgent(plan: EjectPlan, agent: AgentPlan): boolean {
  return agent.children.length > 0 || plan.agents.some((a) => a.children.some((l) => l.child === agent));
}

/** The sub-agents list_subagents_available names, as the engine describes them. */
function subAgentsOf(agent: AgentPlan) {
  return agent.children.map(({ child, mode, blocking }) => ({ name: child.name, description: child.node.data.description || child.name, mode, blocking }));
}

/** The tools an agent's model can call, as graph.ts expressions. */
function agentToolList(plan: EjectPlan, agent: AgentPlan, supervisor: string | null): string[] {
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
    else list.push(`transferTool(${stringLiteral(link.child.name)}, ${stringLiteral(link.child.node.data.description || link.child.name)})`);
  }
  // Only a handoff sub-agent has a supervisor to give the conversation back to.
  if (supervisor && data.default_tools.includes("request_help")) list.push(`requestHelpTool(${supervisor})`);
  if (data.default_tools.includes("ask_user")) list.push(`askUserTool(${stringLiteral(agent.name)})`);
  for (const name of data.default_tools) {
    if (name === "get_time_date") list.push(`getTimeDate(${stringLiteral(data.timezone ?? "UTC")}, now)`);
    else if (name === "list_tools_available") list.push(`listToolsAvailable(() => ${agent.tools})`);
    else if (name === "list_intents_available") list.push(`listIntentsAvailable(${valueLiteral(data.intents)})`);
    else if (multiAgent && name === "list_subagents_available") list.push(`listSubagentsAvailable(${valueLiteral(subAgentsOf(agent))})`);
    else if (multiAgent && name === "get_current_active_agent") list.push(`getCurrentActiveAgent(${stringLiteral(agent.name)})`);
    else if (multiAgent && name === "get_supervisor_agent") list.push(`getSupervisorAgent(${stringLiteral(agent.name)}${supervisor ? `, ${supervisor}` : ""})`);
  }
  return list;
}

/** The agents below `agent` reachable by handoffs, at any depth, nearest first. */
export function handoffDescendants(agent: AgentPlan, seen: ReadonlySet<AgentPlan> = new Set()): string[] {
  const out: string[] = [];
  for (const link of agent.children) {
    // Validation rejects delegation cycles; `seen` only keeps an invalid document from looping here.
    if (link.mode !== "handoff" || seen.has(link.child)) continue;
    out.push(link.child.name, ...handoffDescendants(link.child, new Set([...seen, agent])));
  }
  return [...new Set(out)];
}

/** Whether an agent also runs as a tool (delegation or a catalog tool of kind agent). */
function delegatedOrRun(plan: EjectPlan, agent: AgentPlan): boolean {
  return plan.agents.some((a) => a.children.some((l) => l.child === agent && l.mode === "tool") || a.runs.includes(agent));
}

export function agentBlock(plan: EjectPlan, agent: AgentPlan): string {
  const data = agent.node.data;
  const notes: string[] = [];
  const note = (reason: string) => notes.push(todo(plan, { name: agent.name, nodeId: agent.node.id, reason, file: GRAPH_PATH }));
  const supervisors = plan.agents.filter((a) => a.children.some((l) => l.child === agent && l.mode === "handoff"));
  const catalogTools = plan.document.tools.flatMap((t) => (t.kind === "agent" && t.config.agent === agent.name ? [t] : []));
  for (const definition of catalogTools) if (definition.return_direct) note(`the ${definition.name} tool's return_direct is not exported yet`);
  const forced = data.forced_tool ? toolById(plan, data.forced_tool.tool) : undefined;
  const fallback = data.forced_tool?.fallback ?? "";
  // The fallback is a template over the user's message (the agent's state is not in its loop).
  const forcedOption = forced
    ? `, forcedTool: { name: ${stringLiteral(forced.name)}, fallback: (${fallback.includes("{{") ? "input" : ""}) => ${fallback.includes("{{") ? `render(${stringLiteral(fallback)}, { state: {}, input })` : stringLiteral(fallback)} }`
    : "";
  const sanitizeOption = data.sanitize ? ", sanitize: sanitizeReply" : "";
  // Catalog tools marked destructive wait for a person's approval before each call, as in the graph.
  const destructive = data.tools.flatMap((id) => {
    const definition = toolById(plan, id);
    return definition && definition.kind !== "agent" && definition.destructive ? [definition.name] : [];
  });
  const inBackground = plan.agents.some((a) => a.children.some((l) => l.child === agent && l.mode === "tool" && !l.blocking));
  if (inBackground && (destructive.length > 0 || data.default_tools.includes("ask_user"))) {
    note("a pause (ask_user, or a destructive tool's approval) in a background task is not exported yet: the task fails instead of waiting for the person");
  }
  const approveOption = destructive.length > 0 ? `, approve: approveDestructive(${stringLiteral(agent.name)}, ${valueLiteral([...new Set(destructive)])})` : "";
  const prompt = (state: string, input: string, supervisor?: string) =>
    `systemPrompt(prompts.${agent.prompt}, { state: ${state}, input: ${input}, agent: ${stringLiteral(agent.name)} }, now()${data.timezone || supervisor ? `, ${stringLiteral(data.timezone ?? "UTC")}` : ""}${supervisor ? `, ${supervisor}` : ""})`;
  const handoffs = agent.children
    .filter((l) => l.mode === "handoff")
    .map((l) => `${stringLiteral(l.child.name)}: ${l.child.handoff}(${stringLiteral(agent.name)})`);
  // The agents each sub-agent hands off to in turn: @name and a lasting handoff reach them through it.
  const nested = agent.children
    .filter((l) => l.mode === "handoff" && handoffDescendants(l.child).length > 0)
    .map((l) => `${stringLiteral(l.child.name)}: ${valueLiteral(handoffDescendants(l.child))}`);
  const role = agent.graphName
    ? ""
    : supervisors.length > 0
      ? ` (answers when ${supervisors.map((s) => s.name).join(" or ")} hands the conversation to it)`
      : " (runs as a tool of the agents that call it)";
  const toolList = (supervisor: string | null) => `[${agentToolList(plan, agent, supervisor).join(", ")}]`;
  const lines = [`// ${agent.name}${role}`, ...notes];
  // A profile without tool calling falls back to plain chat, as the engine does.
  const loopTools = agent.profile.tool_calling ? agent.tools : "[]";
  // A handoff sub-agent's loop also names its supervisor (request_help gives the conversation back to it).
  const loopOptions = (extra = "") =>
    `{ name: ${stringLiteral(agent.name)}, model: model(${stringLiteral(agent.name)}), tools: ${loopTools}, maxIterations: ${data.max_iterations}${forcedOption}${sanitizeOption}${approveOption}${handoffs.length > 0 ? `, handoffs: { ${handoffs.join(", ")} }` : ""}${nested.length > 0 ? `, nested: { ${nested.join(", ")} }` : ""}${extra} }`;
  if (supervisors.length > 0) {
    // A handoff sub-agent's tools name its supervisor (request_help), so its loop is built per supervisor.
    lines.push(`${docComment(`${agent.name}'s turn when a supervisor hands the conversation to it: its prompt starts with the supervisor's block.`)}function ${agent.handoff}(supervisor: string): HandoffTurn {
  const ${agent.tools}: StructuredToolInterface[] = ${toolList("supervisor")};
  const ${agent.turn} = agentLoop(${loopOptions(", supervisor")});
  return (messages, activeAgent, config) =>
    ${agent.turn}(${prompt("{}", "lastUserText(messages)", "supervisor")}, messages, config, activeAgent);
}`);
    // Reached otherwise too (a node of the graph, or a tool), it runs with no supervisor, as in the graph.
    if (!agent.graphName && !delegatedOrRun(plan, agent)) return lines.join("\n");
  }
  lines.push(`const ${agent.tools}: StructuredToolInterface[] = ${toolList(null)};`, `const ${agent.turn} = agentLoop(${loopOptions()});`);
  const delegatedTo = plan.agents.some((a) => a.children.some((l) => l.child === agent && l.mode === "tool"));
  if (delegatedTo || catalogTools.length > 0) {
    lines.push(`${docComment(`${agent.name} answers one message in a conversation of its own; its last reply is the answer.`)}async function ${agent.ask}(message: string, config?: RunnableConfig): Promise<string> {
  const added = await ${agent.turn}(${prompt("{}", "message")}, [new HumanMessage(message)], delegatedConfig(config, ${stringLiteral(agent.name)}));
  return answerOf(added.messages);
}`);
  }
  if (delegatedTo) {
    // A parent that delegates in the background by default makes `blocking` default to false (seed 002).
    const background = plan.agents.some((a) => a.children.some((l) => l.child === agent && l.mode === "tool" && !l.blocking));
    const description = background
      ? `Delegate a task to the ${agent.name} sub-agent: ${data.description || agent.name} With blocking=true you wait for its answer; with blocking=false it works in the background, you get a task handle, and its result arrives in a later turn.`
      : `Delegate a task to the ${agent.name} sub-agent: ${data.description || agent.name}`;
    const run = background
      ? `({ message, blocking }, config) => {
  if (blocking ?? false) return ${agent.ask}(message, config);
  const task = tasks.start(${stringLiteral(agent.name)}, message, () => ${agent.ask}(message, config));
  return JSON.stringify({ status: "queued", task_id: task.id, tool_call_id: config.toolCall?.id, mode: "non_blocking" });
}`
      : `({ message }, config) => ${agent.ask}(message, config)`;
    lines.push(`${docComment(`${agent.name} as a tool of the agents it works for.`)}const ${agent.asTool} = tool(${run}, {
  name: ${stringLiteral(agent.name)},
  description: ${stringLiteral(description)},
  schema: z.object({ message: z.string().describe(${stringLiteral(`The task or question for ${agent.name}`)}), blocking: z.boolean().optional().describe(${stringLiteral(background ? "Wait for the answer (true) or run in the background (false, the default)" : "Wait for the answer (true)")}) }),
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
  }
  if (agent.graphName) {
    lines.push(`${docComment(data.description || agent.name)}async function ${agent.fn}(state: State, config: LangGraphRunnableConfig): Promise<Update> {
  const prompt = ${prompt("state", "lastUserText(state.messages)")};
  ${
    plan.hasHandoffs
      ? `const turn = await ${agent.turn}(prompt, state.messages, config, state.active_agent);
  return { messages: turn.messages, active_agent: turn.activeAgent };`
      : `return { messages: (await ${agent.turn}(prompt, state.messages, config)).messages };`
  }
}`);
  }
  return lines.join("\n");
}
