/**
 * The loop's `call_model` node: one model call of an agent's turn, with its prompt, the
 * conversation, a background task's inbox and the reply policy (forced tool, sanitize).
 */
import { Command, messagesDeltaReducer, type LangGraphRunnableConfig } from "@langchain/langgraph/web";
import { AIMessage, HumanMessage, SystemMessage, type BaseMessage } from "@langchain/core/messages";
import type { NodeOfKind } from "../../../schema/index.js";
import { EngineError } from "../../errors.js";
import type { ReplyPolicy } from "../../flows/agentReply.js";
import { callModel } from "../../modelCall.js";
import { overridesFor, taskOf } from "../../multiagent/keys.js";
import type { ChatModelPort, ToolSpec } from "../../ports.js";
import { textOf } from "../../runtime.js";
import type { CompileContext } from "../context.js";
import { endTurn, historyOf, turnView, type LoopState, type LoopUpdate } from "./loop.js";

/** An agent's chat model for a profile id, resolved once per profile. */
export type AgentModels = (profileId: string) => ChatModelPort;

/**
 * Resolves the agent's own model now (a missing profile fails the compile) and any
 * other profile (a per-call override) on first use.
 */
export function agentModels(node: NodeOfKind<"agent">, ctx: CompileContext): { profileId: string; modelFor: AgentModels } {
  const agent = node.data;
  const profile = ctx.document.models.find((m) => m.id === agent.model);
  if (!profile) throw new EngineError("COMPILE_ERROR", `Agent "${agent.name}" uses missing model profile "${agent.model}"`, { nodeId: node.id });
  const resolve = (profileId: string) =>
    ctx.services.models.resolve({
      profile: ctx.document.models.find((m) => m.id === profileId) ?? profile,
      profiles: ctx.document.models,
      agent: agent.name,
      ...(agent.script ? { script: agent.script } : {}),
    });
  const models = new Map([[profile.id, resolve(profile.id)]]);
  const modelFor = (profileId: string) => {
    if (!models.has(profileId)) models.set(profileId, resolve(profileId));
    return models.get(profileId) as ChatModelPort;
  };
  return { profileId: profile.id, modelFor };
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

/**
 * Routes by itself with a Command: a conditional edge would cost two more runnable
 * calls per model step. When the turn ends here, the loop's final state is this
 * step's state with the reply added by the channel's own reducer (every message the
 * engine makes has an id, so nothing is stamped after this).
 */
export function callModelNode(input: {
  node: NodeOfKind<"agent">;
  ctx: CompileContext;
  models: { profileId: string; modelFor: AgentModels };
  specs: ToolSpec[];
  replyPolicy: ReplyPolicy;
}) {
  const { node, ctx, models, specs, replyPolicy } = input;
  const { team } = ctx;
  const agent = node.data;
  // The prompt stays the same through a turn: one SystemMessage serves all its model calls.
  let system: SystemMessage | undefined;
  const systemMessage = (text: string) => (system && system.content === text ? system : (system = new SystemMessage(text)));

  return async (state: LoopState, config: LangGraphRunnableConfig): Promise<Command | LoopUpdate> => {
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
    const temperature = overrides?.temperature ?? agent.temperature;
    const firstCall = callsSoFar === 0;
    const call = {
      model: models.modelFor(overrides?.model ?? models.profileId),
      messages: replyPolicy.prepare(messages, firstCall),
      tools: specs,
      state: view,
      agent: agent.name,
      ids: ctx.services.ids,
      ...(temperature !== undefined ? { temperature } : {}),
    };
    const reply = await callModel(call, config);
    const replies = await replyPolicy.finish(
      reply,
      { firstCall, state: view, messages, rerun: (m) => callModel({ ...call, messages: m, tools: [] }, config) },
      config,
    );
    if (task) team.tasks.noteReply(task, textOf(replies.at(-1)));
    const added = [...injected, ...replies];
    const last = added.at(-1);
    if (last && AIMessage.isInstance(last) && (last.tool_calls?.length ?? 0) > 0) return new Command({ goto: "call_tools", update: { messages: added } });
    endTurn({ ...state, messages: messagesDeltaReducer(state.messages, [added]) }, config);
    return { messages: added };
  };
}
