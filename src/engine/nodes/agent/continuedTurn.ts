/**
 * An agent's turn in a run that continues a cut-off run (a reload or a closed tab stopped it;
 * `runGraph` with `continueFrom`). The loop checkpoints its own steps, so it resumes further on
 * than the graph's checkpoint the run continues from, while the run's events after that
 * checkpoint were dropped: the turn tells again what its loop had already done, and when the
 * loop had already ended, hands over its last state instead of running nothing.
 */
import type { LangGraphRunnableConfig } from "@langchain/langgraph/web";
import { AIMessage, ToolMessage, type BaseMessage } from "@langchain/core/messages";
import { emit, textOf } from "../../runtime.js";
import { TURN_OUT_KEY, type TurnOut } from "./loop.js";

/** Run-config key `runGraph` sets on a continued run. LangGraph passes it down and does not persist it. */
export const CONTINUED_RUN_KEY = "graphwright_continued_run";

/**
 * @example if (isContinuedRun(config)) stream = await inner.stream(input, { ...config, streamMode: ["custom", "values"] });
 */
export function isContinuedRun(config: LangGraphRunnableConfig): boolean {
  return (config.configurable as Record<string, unknown> | undefined)?.[CONTINUED_RUN_KEY] === true;
}

/**
 * Emits the events of the turn's messages the loop had checkpointed: each reply with its tool
 * calls, and each tool's result, as they were first reported.
 * @example retellTurn(state.messages, "Assistant", config);
 */
export function retellTurn(messages: readonly BaseMessage[], agent: string, config: LangGraphRunnableConfig): void {
  const tools = new Map<string, string>();
  for (const message of messages) {
    if (AIMessage.isInstance(message)) {
      const calls = (message.tool_calls ?? []).map((c) => ({ id: c.id ?? "", name: c.name, args: c.args }));
      for (const call of calls) tools.set(call.id, call.name);
      emit(config, { type: "ai_message", message_id: message.id ?? "", content: textOf(message), tool_calls: calls, profile: null }, { agent });
      for (const call of calls) {
        emit(config, { type: "tool_call", tool_call_id: call.id, tool: call.name, args: call.args }, { agent, callId: call.id });
      }
    } else if (ToolMessage.isInstance(message)) {
      const failed = message.status === "error";
      const tool = tools.get(message.tool_call_id) ?? message.name ?? "";
      emit(
        config,
        {
          type: "tool_result",
          tool_call_id: message.tool_call_id,
          tool,
          result: failed ? "" : textOf(message),
          error: failed ? textOf(message) : null,
          duration_ms: 0,
          return_direct: false,
        },
        { agent, callId: message.tool_call_id },
      );
    }
  }
}

/**
 * Tells the loop's checkpointed steps once, before the first step the continued loop runs (its
 * state is what the loop had stored); a fresh loop has nothing to tell. Outside a continued run, nothing.
 * @example tellOnce(state.messages, "Assistant", config);
 */
export function tellOnce(messages: readonly BaseMessage[], agent: string, config: LangGraphRunnableConfig): void {
  const out = (config.configurable as Record<string, unknown> | undefined)?.[TURN_OUT_KEY] as TurnOut | undefined;
  if (!out || out.told || !isContinuedRun(config)) return;
  out.told = true;
  retellTurn(messages, agent, config);
}

/**
 * A loop step that, in a continued run, first tells what the loop had done before the cut.
 * @example loop.addNode("call_model", tellingFirst("Assistant", callModelNode(options)));
 */
export function tellingFirst<S extends { messages?: BaseMessage[] }, R>(
  agent: string,
  step: (state: S, config: LangGraphRunnableConfig) => R,
): (state: S, config: LangGraphRunnableConfig) => R {
  return (state, config) => {
    tellOnce(state.messages ?? [], agent, config);
    return step(state, config);
  };
}
