/**
 * Agent node: compiles to the seed-000 loop as a LangGraph subgraph —
 * render_system_prompt → current_active_agent → continue_conversation → call_model ⇄ call_tools.
 */
import { Annotation, Command, END, messagesDeltaReducer, START, StateGraph, type LangGraphRunnableConfig } from "@langchain/langgraph/web";
import { AIMessage, HumanMessage, SystemMessage, ToolMessage, type BaseMessage } from "@langchain/core/messages";
import type { AgentData, NodeOfKind } from "../../schema/index.js";
import { formatDateTime } from "../defaultTools.js";
import { EngineError } from "../errors.js";
import { callModel } from "../modelCall.js";
import { routeTurn } from "../routing.js";
import { emit, lastHumanMessage, textOf } from "../runtime.js";
import { builtinChannels, type GraphState, type GraphUpdate } from "../state.js";
import { renderTemplate } from "../template.js";
import { approveCalls, executeTool } from "../toolCall.js";
import type { ChatModelPort } from "../ports.js";
import { notAParentTool } from "../multiagent/delegation.js";
import { afterToolsTarget, handoffChildNode } from "../multiagent/handoff.js";
import { overridesFor, taskOf } from "../multiagent/keys.js";
import { agentToolset } from "../multiagent/toolset.js";
import { bindToTurn, isTurnTool } from "../multiagent/turnTool.js";
import { replyPolicyOf } from "../flows/agentReply.js";
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

/**
 * The loop's own channels. The rest of the graph's state (results, branches, user
 * channels, …) reaches the loop read-only through the run config: a turn changes only
 * these, and each of the loop's checkpoints then stores only these.
 */
const LoopStateAnnotation = Annotation.Root({
  messages: builtinChannels.messages,
  active_agent: builtinChannels.active_agent,
  system_prompt: builtinChannels.system_prompt,
});
type LoopState = typeof LoopStateAnnotation.State;
type LoopUpdate = typeof LoopStateAnnotation.Update;

/** The graph's state when the agent's turn began, without its messages (those are history). */
const GRAPH_STATE_KEY = "graphwright_graph_state";

function graphStateOf(config: LangGraphRunnableConfig): Record<string, unknown> {
  const value = (config.configurable as Record<string, unknown> | undefined)?.[GRAPH_STATE_KEY];
  return value && typeof value === "object" ? (value as Record<string, unknown>) : {};
}

/** The state a turn's templates, model and tools see: the graph's state with the loop's channels over it. */
function turnView(state: LoopState, config: LangGraphRunnableConfig): GraphState {
  return { ...graphStateOf(config), ...state } as GraphState;
}

/**
 * Where the loop leaves its final state for the node that ran it. Reading it here,
 * where the loop routes to END, spares the `values` snapshot LangGraph's invoke()
 * would stream after every step only to keep the last one.
 */
const TURN_OUT_KEY = "graphwright_turn_out";
interface TurnOut {
  state?: LoopState;
}

function endTurn(state: LoopState, config: LangGraphRunnableConfig): typeof END {
  const out = (config.configurable as Record<string, unknown> | undefined)?.[TURN_OUT_KEY] as TurnOut | undefined;
  if (out) out.state = state;
  return END;
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
export function renderSystemPrompt(agent: AgentData, state: Pick<GraphState, "messages"> & Record<string, unknown>, now: number, supervisor?: string): string {
  const zone = agent.timezone ?? "UTC";
  const date = formatDateTime(now, zone);
  const day = date.slice(0, 10);
  const input = textOf(lastHumanMessage(state.messages));
  let prompt = renderTemplate(agent.system_prompt, { state, input, agent: agent.name, date });
  if (supervisor) prompt = supervisorBlock(supervisor, prompt);
  if (!prompt.includes(day)) prompt = `${prompt}${prompt ? "\n\n" : ""}Current date: ${date}`;
  return prompt;
}

/** Node names inside an agent's loop that a handoff sub-agent's node may not take. */
const LOOP_NODES = ["render_system_prompt", "current_active_agent", "continue_conversation", "call_model", "call_tools"];

/**
 * Compiles an Agent node into its loop subgraph. `supervisor` is set when the agent is
 * compiled as a handoff sub-agent inside that supervisor's loop (seed 000).
 */
export function compileAgent(node: NodeOfKind<"agent">, ctx: CompileContext, supervisor: string | null = null) {
  const agent = node.data;
  const { team } = ctx;
  const profile = ctx.document.models.find((m) => m.id === agent.model);
  if (!profile) throw new EngineError("COMPILE_ERROR", `Agent "${agent.name}" uses missing model profile "${agent.model}"`, { nodeId: node.id });
  const modelFor = (profileId: string) => {
    const chosen = ctx.document.models.find((m) => m.id === profileId) ?? profile;
    return ctx.services.models.resolve({
      profile: chosen,
      profiles: ctx.document.models,
      agent: agent.name,
      ...(agent.script ? { script: agent.script } : {}),
    });
  };
  const models = new Map([[profile.id, modelFor(profile.id)]]);
  const tools = agentToolset(node, ctx, supervisor);
  const specs = [...tools.values()].map((t) => t.spec);
  // Forced tool and sanitize (seed 004) live in flows/agentReply.ts.
  const replyPolicy = replyPolicyOf(
    agent,
    ctx.document.tools,
    specs.map((s) => s.name),
    ctx.services.ids,
    node.id,
  );
  // Handoff sub-agents are nodes of this loop (seed 000); @name and the stored active agent reach them.
  const reserved = new Set([...LOOP_NODES, ...Object.keys(LoopStateAnnotation.spec)]);
  const childNodes = new Map(
    team.hierarchy
      .children(agent.name)
      .filter((l) => l.mode === "handoff")
      .map((l) => [l.agent, reserved.has(l.agent) ? `agent_${l.agent}` : l.agent] as const),
  );
  const descendants = team.hierarchy.handoffDescendants(agent.name);
  // The prompt stays the same through a turn: one SystemMessage serves all its model calls.
  let system: SystemMessage | undefined;
  const systemMessage = (text: string) => (system && system.content === text ? system : (system = new SystemMessage(text)));
  const where = { agent: agent.name, clock: ctx.services.clock };

  const renderNode = (state: LoopState, config: LangGraphRunnableConfig): LoopUpdate => ({
    system_prompt: renderSystemPrompt(
      agent,
      { ...turnView(state, config), messages: [...historyOf(config), ...state.messages] },
      ctx.services.clock.now(),
      supervisor ?? undefined,
    ),
  });

  const routeActive = (state: LoopState, config: LangGraphRunnableConfig) => {
    const route = routeTurn({
      message: textOf(lastHumanMessage([...historyOf(config), ...state.messages])),
      activeAgent: state.active_agent,
      agents: descendants,
      self: agent.name,
    });
    const child = route.kind === "default" ? null : team.hierarchy.handoffChildToward(agent.name, route.agent);
    if (route.kind === "default" || !child) return new Command({ goto: "continue_conversation" });
    emit(config, { type: "handoff", from: agent.name, to: route.agent, reason: route.kind, tool_call_id: null }, { agent: agent.name });
    return new Command({ goto: childNodes.get(child) as string, update: { active_agent: route.agent } });
  };

  /**
   * Routes by itself with a Command: a conditional edge would cost two more runnable
   * calls per model step. When the turn ends here, the loop's final state is this
   * step's state with the reply added by the channel's own reducer (every message the
   * engine makes has an id, so nothing is stamped after this).
   */
  const callModelNode = async (state: LoopState, config: LangGraphRunnableConfig): Promise<Command | LoopUpdate> => {
    const callsSoFar = modelCallsThisTurn(state.messages, agent.name);
    if (callsSoFar >= agent.max_iterations) {
      throw new EngineError(
        "AGENT_MAX_ITERATIONS",
        `Agent "${agent.name}" called its model ${agent.max_iterations} times in one turn without finishing (max_iterations)`,
        { nodeId: node.id },
      );
    }
    // A background sub-agent reads its parent's messages at each turn boundary (message_sub_agent).
    const task = taskOf(config);
    const inbox = task ? await team.tasks.takeInbox(task) : [];
    const injected = inbox.map((m) => new HumanMessage({ id: ctx.services.ids.next("msg"), content: m.text, name: "parent" }));
    const messages: BaseMessage[] = state.system_prompt ? [systemMessage(state.system_prompt)] : [];
    messages.push(...historyOf(config), ...state.messages, ...injected);
    const view = turnView(state, config);
    const overrides = overridesFor(config, agent.name);
    const profileId = overrides?.model ?? profile.id;
    if (!models.has(profileId)) models.set(profileId, modelFor(profileId));
    const temperature = overrides?.temperature ?? agent.temperature;
    const firstCall = callsSoFar === 0;
    const input = {
      model: models.get(profileId) as ChatModelPort,
      messages: replyPolicy.prepare(messages, firstCall),
      tools: specs,
      state: view,
      agent: agent.name,
      ids: ctx.services.ids,
      ...(temperature !== undefined ? { temperature } : {}),
    };
    const reply = await callModel(input, config);
    const replies = await replyPolicy.finish(
      reply,
      { firstCall, state: view, messages, rerun: (m) => callModel({ ...input, messages: m, tools: [] }, config) },
      config,
    );
    if (task) team.tasks.noteReply(task, textOf(replies.at(-1)));
    const added = [...injected, ...replies];
    const last = added.at(-1);
    if (last && AIMessage.isInstance(last) && (last.tool_calls?.length ?? 0) > 0) return new Command({ goto: "call_tools", update: { messages: added } });
    endTurn({ ...state, messages: messagesDeltaReducer(state.messages, [added]) }, config);
    return { messages: added };
  };

  const callToolsNode = async (state: LoopState, config: LangGraphRunnableConfig): Promise<LoopUpdate> => {
    const last = state.messages.at(-1);
    const calls = last && AIMessage.isInstance(last) ? (last.tool_calls ?? []) : [];
    const out: (ToolMessage | AIMessage)[] = [];
    const direct: string[] = [];
    let activeAgent: string | undefined;
    // Destructive calls are approved before any tool of the turn runs (see approveCalls).
    const approvals = approveCalls(calls, (name) => tools.get(name), where, config);
    const view = turnView(state, config);
    for (const call of calls) {
      const id = call.id ?? ctx.services.ids.next("call");
      const args = (call.args ?? {}) as Record<string, unknown>;
      const tool = tools.get(call.name) ?? notAParentTool(agent.name, call.name, team);
      const ran = await executeTool(tool && bindToTurn(tool, view, config), { id, name: call.name, args }, { ...where, approvals }, config);
      const outcome = replyPolicy.toolResult(call.name, ran, { state: view, messages: historyOf(config) }, config);
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
      const handoff = outcome.error === null && tool && isTurnTool(tool) ? tool.handoffTo : undefined;
      if (handoff && activeAgent === undefined) {
        activeAgent = handoff.agent;
        emit(config, { type: "handoff", from: agent.name, to: handoff.agent, reason: handoff.reason, tool_call_id: id }, { agent: agent.name });
      }
    }
    if (direct.length > 0) {
      const id = ctx.services.ids.next("msg");
      const content = direct.join("\n\n");
      out.push(new AIMessage({ id, name: agent.name, content }));
      emit(config, { type: "ai_message", message_id: id, content, tool_calls: [], profile: null }, { agent: agent.name });
    }
    return { messages: out, ...(activeAgent !== undefined ? { active_agent: activeAgent } : {}) };
  };

  const afterTools = (state: LoopState, config: LangGraphRunnableConfig): string => {
    const target = afterToolsTarget(state.messages, childNodes);
    return target === END ? endTurn(state, config) : target;
  };
  // After a handoff sub-agent's turn: it escalated back here (request_help), or the turn is over.
  const afterChild = (state: LoopState, config: LangGraphRunnableConfig): string => (state.active_agent === agent.name ? "call_model" : endTurn(state, config));
  const branchesAfterTools = childNodes.size > 0 || supervisor !== null || [...tools.values()].some((t) => t.returnDirect);

  const loop = new StateGraph(LoopStateAnnotation)
    .addNode("render_system_prompt", renderNode)
    .addNode("current_active_agent", routeActive, { ends: ["continue_conversation", ...childNodes.values()] })
    .addNode("continue_conversation", () => ({}))
    .addNode("call_model", callModelNode, { ends: ["call_tools", END] })
    .addNode("call_tools", callToolsNode)
    .addEdge(START, "render_system_prompt")
    .addEdge("render_system_prompt", "current_active_agent")
    .addEdge("continue_conversation", "call_model");
  for (const [child, name] of childNodes) {
    const childNode = team.hierarchy.agents.get(child) as NodeOfKind<"agent">;
    const run = compileAgent(childNode, ctx, agent.name).run;
    loop.addNode(name as "call_model", handoffChildNode(agent.name, child, run, ctx.services, team.maxDepth));
    loop.addConditionalEdges(name as "call_model", afterChild, ["call_model", END]);
  }
  // A plain edge is cheaper per step; the branch is only needed when a tool can end the turn or hand off.
  if (branchesAfterTools) loop.addConditionalEdges("call_tools", afterTools, ["call_model", END, ...childNodes.values()] as "call_model"[]);
  else loop.addEdge("call_tools", "call_model");
  const inner = loop.compile({ name: agent.name });

  /** The agent as a node of the parent graph: one turn of its loop, returning only what it added. */
  const run = async (state: LoopState, config: LangGraphRunnableConfig): Promise<GraphUpdate> => {
    const { messages, ...rest } = state;
    const turn: TurnOut = {};
    const configurable = {
      ...(config.configurable ?? {}),
      // A handoff sub-agent sees the whole conversation: its supervisor's history and this turn so far.
      [HISTORY_KEY]: [...historyOf(config), ...messages],
      // Called from the graph, `state` is the graph's; from a supervisor's loop, that loop's over the graph's.
      [GRAPH_STATE_KEY]: { ...graphStateOf(config), ...rest },
      [TURN_OUT_KEY]: turn,
    };
    const input: LoopUpdate = { messages: [], active_agent: state.active_agent ?? null, system_prompt: state.system_prompt ?? "" };
    // Only custom events, which go straight to the caller's writer: nothing is streamed per step.
    const stream = await inner.stream(input, { ...config, configurable, streamMode: "custom" });
    for await (const _ of stream) void _;
    if (!turn.state) throw new EngineError("RUN_FAILED", `Agent "${agent.name}" ended its turn without reaching the end of its loop`, { nodeId: node.id });
    return { messages: turn.state.messages, active_agent: turn.state.active_agent };
  };
  return { run, inner };
}

/** Model calls an agent made since the user's last message (for max_iterations). */
export function modelCallsThisTurn(messages: readonly BaseMessage[], agent: string): number {
  let count = 0;
  for (let i = messages.length - 1; i >= 0; i--) {
    // `type` rather than isInstance(): this runs over the whole turn before every model call.
    const m = messages[i] as BaseMessage;
    if (m.type === "human") break;
    if (m.type === "ai" && m.name === agent) count++;
  }
  return count;
}
