/**
 * Agent node: compiles to the seed-000 loop as a LangGraph subgraph —
 * render_system_prompt → current_active_agent → continue_conversation → call_model ⇄ call_tools.
 * Each step lives in its own module of this folder; this one wires them into the loop.
 */
import { END, START, StateGraph, type LangGraphRunnableConfig } from "@langchain/langgraph/web";
import type { NodeOfKind } from "../../../schema/index.js";
import { EngineError } from "../../errors.js";
import { replyPolicyOf } from "../../flows/agentReply.js";
import { afterToolsTarget, handoffChildNode } from "../../multiagent/handoff.js";
import { agentToolset } from "../../multiagent/toolset.js";
import type { GraphUpdate } from "../../state.js";
import type { CompileContext } from "../context.js";
import { activeAgentNode, handoffChildNodes } from "./activeAgent.js";
import { agentModels, callModelNode } from "./callModel.js";
import { callToolsNode } from "./callTools.js";
import { isContinuedRun, tellingFirst, tellOnce } from "./continuedTurn.js";
import {
  endTurn,
  GRAPH_STATE_KEY,
  graphStateOf,
  HISTORY_KEY,
  historyOf,
  LoopStateAnnotation,
  TURN_OUT_KEY,
  type LoopState,
  type LoopUpdate,
  type TurnOut,
} from "./loop.js";
import { renderSystemPromptNode } from "./systemPrompt.js";
import type { BaseMessage } from "@langchain/core/messages";
import { breakable, type BreakableOptions } from "../../breakpoints.js";
import type { BreakStep } from "../../interrupts.js";

export { renderSystemPrompt, supervisorBlock } from "./systemPrompt.js";

/**
 * Compiles an Agent node into its loop subgraph. `supervisor` is set when the agent is
 * compiled as a handoff sub-agent inside that supervisor's loop (seed 000).
 */
export function compileAgent(node: NodeOfKind<"agent">, ctx: CompileContext, supervisor: string | null = null) {
  const agent = node.data;
  const { team } = ctx;
  const models = agentModels(node, ctx);
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
  const childNodes = handoffChildNodes(agent.name, team);

  /** Breakpoints on this loop's steps (and on its handoff sub-agents) see the whole conversation and the graph's state. */
  const loopBreak = (nodeId: string, label: string, step: BreakStep | null): BreakableOptions => ({
    target: { nodeId, step, label, agent: label, channels: { messages: "messages" } },
    scopeState: (state, config) => ({
      ...graphStateOf(config),
      ...state,
      messages: [...historyOf(config), ...((state.messages as BaseMessage[] | undefined) ?? [])],
    }),
    newId: () => ctx.services.ids.next("msg"),
  });

  const afterTools = (state: LoopState, config: LangGraphRunnableConfig): string => {
    const target = afterToolsTarget(state.messages, childNodes);
    return target === END ? endTurn(state, config) : target;
  };
  // After a handoff sub-agent's turn: it escalated back here (request_help), or the turn is over.
  const afterChild = (state: LoopState, config: LangGraphRunnableConfig): string => (state.active_agent === agent.name ? "call_model" : endTurn(state, config));
  const branchesAfterTools = childNodes.size > 0 || supervisor !== null || [...tools.values()].some((t) => t.returnDirect);

  const loop = new StateGraph(LoopStateAnnotation)
    .addNode("render_system_prompt", tellingFirst(agent.name, renderSystemPromptNode(agent, ctx.services.clock, supervisor)))
    .addNode("current_active_agent", tellingFirst(agent.name, activeAgentNode(agent.name, team, childNodes)), {
      ends: ["continue_conversation", ...childNodes.values()],
    })
    .addNode(
      "continue_conversation",
      tellingFirst(agent.name, () => ({})),
    )
    .addNode(
      "call_model",
      tellingFirst(agent.name, breakable(callModelNode({ node, ctx, models, specs, replyPolicy }), loopBreak(node.id, agent.name, "call_model"))),
      {
        ends: ["call_tools", END],
      },
    )
    .addNode("call_tools", tellingFirst(agent.name, breakable(callToolsNode({ agent, ctx, tools, replyPolicy }), loopBreak(node.id, agent.name, "call_tools"))))
    .addEdge(START, "render_system_prompt")
    .addEdge("render_system_prompt", "current_active_agent")
    .addEdge("continue_conversation", "call_model");
  for (const [child, name] of childNodes) {
    const childNode = team.hierarchy.agents.get(child) as NodeOfKind<"agent">;
    const run = compileAgent(childNode, ctx, agent.name).run;
    const childRun = breakable(handoffChildNode(agent.name, child, run, ctx.services, team.maxDepth), loopBreak(childNode.id, child, null));
    loop.addNode(name as "call_model", tellingFirst(agent.name, childRun));
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
    if (isContinuedRun(config)) {
      // A continued run: each step tells first what the loop had done (see continuedTurn.ts);
      // a loop that had ended before the cut runs no step, and its stored state is the turn.
      const stream = await inner.stream(input, { ...config, configurable, streamMode: ["custom", "values"] });
      let last: LoopState | undefined;
      for await (const [mode, values] of stream as AsyncIterable<[string, unknown]>) if (mode === "values") last = values as LoopState;
      if (!turn.state && last) {
        tellOnce(last.messages ?? [], agent.name, { ...config, configurable });
        turn.state = last;
      }
    } else {
      // Only custom events, which go straight to the caller's writer: nothing is streamed per step.
      const stream = await inner.stream(input, { ...config, configurable, streamMode: "custom" });
      for await (const _ of stream) void _;
    }
    if (!turn.state) throw new EngineError("RUN_FAILED", `Agent "${agent.name}" ended its turn without reaching the end of its loop`, { nodeId: node.id });
    return { messages: turn.state.messages, active_agent: turn.state.active_agent };
  };
  return { run, inner };
}
