/**
 * Agent node: compiles to the seed-000 loop as a LangGraph subgraph —
 * render_system_prompt → current_active_agent → continue_conversation → call_model ⇄ call_tools.
 */
import { END, START, StateGraph, type LangGraphRunnableConfig } from "@langchain/langgraph/web";
import { AIMessage, HumanMessage, SystemMessage, ToolMessage, type BaseMessage } from "@langchain/core/messages";
import type { AgentData, NodeOfKind } from "../../schema/index.js";
import { defaultToolsFor, formatDateTime } from "../defaultTools.js";
import { EngineError } from "../errors.js";
import { callModel } from "../modelCall.js";
import { routeTurn } from "../routing.js";
import { emit, lastHumanMessage, textOf } from "../runtime.js";
import type { GraphState, GraphStateAnnotation, GraphUpdate } from "../state.js";
import { renderTemplate } from "../template.js";
import { catalogTool, executeTool, type CallableTool } from "../toolCall.js";
import type { CompileContext } from "./context.js";

/**
 * The conversation before this agent turn reaches the agent's loop through the run
 * config, not its state: the loop's checkpoints then hold only the turn's own
 * messages, and the turn hands back only what it added, so a thread's storage grows
 * linearly with its length. LangGraph does not persist this config key.
 */
export const HISTORY_KEY = "graphwright_history";

function historyOf(config: LangGraphRunnableConfig): BaseMessage[] {
  const value = (config.configurable as Record<string, unknown> | undefined)?.[HISTORY_KEY];
  return Array.isArray(value) ? (value as BaseMessage[]) : [];
}

/** The block seed 000 prepends to a sub-agent's prompt. */
export function supervisorBlock(supervisor: string, prompt: string): string {
  return [
    "SUPERVISOR SYSTEM PROMPT:",
    `Remember, you are a specialized agent working under ${supervisor}.`,
    "Stay focused on your role. Use `request_help` if uncertain.",
    "",
    "SUBAGENT SYSTEM PROMPT:",
    prompt,
  ].join("\n");
}

/**
 * Resolves an agent's system prompt: the template filled from state, the supervisor
 * block for sub-agents, and the current date when the prompt does not carry it.
 */
export function renderSystemPrompt(
  agent: AgentData,
  state: Pick<GraphState, "messages"> & Record<string, unknown>,
  now: number,
  supervisor?: string,
): string {
  const zone = agent.timezone ?? "UTC";
  const date = formatDateTime(now, zone);
  const day = date.slice(0, 10);
  const input = textOf(lastHumanMessage(state.messages));
  let prompt = renderTemplate(agent.system_prompt, { state, input, agent: agent.name, date });
  if (supervisor) prompt = supervisorBlock(supervisor, prompt);
  if (!prompt.includes(day)) prompt = `${prompt}${prompt ? "\n\n" : ""}Current date: ${date}`;
  return prompt;
}

export function agentTools(node: NodeOfKind<"agent">, ctx: CompileContext): Map<string, CallableTool> {
  const tools = new Map<string, CallableTool>();
  for (const toolId of node.data.tools) {
    const definition = ctx.document.tools.find((t) => t.id === toolId);
    if (!definition) throw new EngineError("COMPILE_ERROR", `Agent "${node.data.name}" uses missing tool "${toolId}"`, { nodeId: node.id });
    tools.set(definition.name, catalogTool(ctx.services.tools.resolve(definition), node.data.name));
  }
  const view = { agent: node.data, clock: ctx.services.clock, toolSpecs: () => [...tools.values()].map((t) => t.spec) };
  for (const tool of defaultToolsFor(node.data)) {
    if (tools.has(tool.spec.name)) continue;
    tools.set(tool.spec.name, { spec: tool.spec, returnDirect: false, invoke: async (args) => tool.run(args, view) });
  }
  return tools;
}

/** Compiles an Agent node into its loop subgraph. */
export function compileAgent(node: NodeOfKind<"agent">, ctx: CompileContext, annotation: GraphStateAnnotation) {
  const agent = node.data;
  const profile = ctx.document.models.find((m) => m.id === agent.model);
  if (!profile) throw new EngineError("COMPILE_ERROR", `Agent "${agent.name}" uses missing model profile "${agent.model}"`, { nodeId: node.id });
  const model = ctx.services.models.resolve({ profile, profiles: ctx.document.models, agent: agent.name, ...(agent.script ? { script: agent.script } : {}) });
  const tools = agentTools(node, ctx);
  const specs = [...tools.values()].map((t) => t.spec);
  // Sub-agents join with multi-agent delegation; the routing below already serves them.
  const subAgents: string[] = [];
  const supervisor: string | undefined = undefined;
  const where = { agent: agent.name, clock: ctx.services.clock };

  const renderNode = (state: GraphState, config: LangGraphRunnableConfig): GraphUpdate => ({
    system_prompt: renderSystemPrompt(agent, { ...state, messages: [...historyOf(config), ...state.messages] }, ctx.services.clock.now(), supervisor),
  });

  const routeActive = (state: GraphState, config: LangGraphRunnableConfig): string => {
    const route = routeTurn({
      message: textOf(lastHumanMessage([...historyOf(config), ...state.messages])),
      activeAgent: state.active_agent,
      agents: subAgents,
      self: agent.name,
    });
    return route.kind === "default" ? "continue_conversation" : route.agent;
  };

  const callModelNode = async (state: GraphState, config: LangGraphRunnableConfig): Promise<GraphUpdate> => {
    if (modelCallsThisTurn(state.messages, agent.name) >= agent.max_iterations) {
      throw new EngineError(
        "AGENT_MAX_ITERATIONS",
        `Agent "${agent.name}" called its model ${agent.max_iterations} times in one turn without finishing (max_iterations)`,
        { nodeId: node.id },
      );
    }
    const conversation = [...historyOf(config), ...state.messages];
    const messages = state.system_prompt ? [new SystemMessage(state.system_prompt), ...conversation] : conversation;
    const reply = await callModel(
      { model, messages, tools: specs, state, agent: agent.name, ids: ctx.services.ids, ...(agent.temperature !== undefined ? { temperature: agent.temperature } : {}) },
      config,
    );
    return { messages: [reply] };
  };

  const callToolsNode = async (state: GraphState, config: LangGraphRunnableConfig): Promise<GraphUpdate> => {
    const last = state.messages.at(-1);
    const calls = last && AIMessage.isInstance(last) ? (last.tool_calls ?? []) : [];
    const out: (ToolMessage | AIMessage)[] = [];
    const direct: string[] = [];
    for (const call of calls) {
      const id = call.id ?? ctx.services.ids.next("call");
      const args = (call.args ?? {}) as Record<string, unknown>;
      const tool = tools.get(call.name);
      const outcome = await executeTool(tool, { id, name: call.name, args }, where, config);
      out.push(
        new ToolMessage({
          id: ctx.services.ids.next("msg"),
          tool_call_id: id,
          name: call.name,
          content: outcome.error === null ? outcome.text : `Error: ${outcome.error}`,
          // "success" is the default; leaving it out keeps every stored message smaller.
          ...(outcome.error === null ? {} : { status: "error" as const }),
        }),
      );
      if (outcome.error === null && tool?.returnDirect) direct.push(outcome.text);
    }
    if (direct.length > 0) {
      const id = ctx.services.ids.next("msg");
      const content = direct.join("\n\n");
      out.push(new AIMessage({ id, name: agent.name, content }));
      emit(config, { type: "ai_message", message_id: id, content, tool_calls: [], profile: null }, { agent: agent.name });
    }
    return { messages: out };
  };

  const afterModel = (state: GraphState): string => {
    const last = state.messages.at(-1);
    return last && AIMessage.isInstance(last) && (last.tool_calls?.length ?? 0) > 0 ? "call_tools" : END;
  };
  // return_direct leaves an AI message last; otherwise the model reads the tool results.
  const afterTools = (state: GraphState): string => (AIMessage.isInstance(state.messages.at(-1)) ? END : "call_model");
  const hasReturnDirect = [...tools.values()].some((t) => t.returnDirect);

  const loop = new StateGraph(annotation)
    .addNode("render_system_prompt", renderNode)
    .addNode("current_active_agent", () => ({}))
    .addNode("continue_conversation", () => ({}))
    .addNode("call_model", callModelNode)
    .addNode("call_tools", callToolsNode)
    .addEdge(START, "render_system_prompt")
    .addEdge("render_system_prompt", "current_active_agent")
    .addConditionalEdges("current_active_agent", routeActive, ["continue_conversation", ...subAgents] as "continue_conversation"[])
    .addEdge("continue_conversation", "call_model")
    .addConditionalEdges("call_model", afterModel, ["call_tools", END]);
  // A plain edge is cheaper per step; the branch is only needed when a tool can end the turn.
  if (hasReturnDirect) loop.addConditionalEdges("call_tools", afterTools, ["call_model", END]);
  else loop.addEdge("call_tools", "call_model");
  const inner = loop.compile({ name: agent.name });

  /** The agent as a node of the parent graph: one turn of its loop, returning only what it added. */
  const run = async (state: GraphState, config: LangGraphRunnableConfig): Promise<GraphUpdate> => {
    const configurable = { ...(config.configurable ?? {}), [HISTORY_KEY]: state.messages };
    const out = await inner.invoke({ ...state, messages: [] }, { ...config, configurable });
    return { messages: out.messages, active_agent: out.active_agent };
  };
  return { run, inner };
}

/** Model calls an agent made since the user's last message (for max_iterations). */
export function modelCallsThisTurn(messages: readonly BaseMessage[], agent: string): number {
  let count = 0;
  for (let i = messages.length - 1; i >= 0; i--) {
    const m = messages[i] as BaseMessage;
    if (HumanMessage.isInstance(m)) break;
    if (AIMessage.isInstance(m) && m.name === agent) count++;
  }
  return count;
}
