/**
 * The end of a run that continues a cut-off one. Checkpoints reach storage as the graph writes
 * them, the run's events a little later, so a cut can leave a checkpoint whose steps no stored
 * event tells; LangGraph does not run those steps again. They are told here, from the final
 * state: the turn's replies and tool results that neither an event kept from before the cut
 * nor one of this run told.
 */
import { AIMessage, HumanMessage, ToolMessage, type BaseMessage } from "@langchain/core/messages";
import type { RunEvent, RunEventBody } from "./events.js";
import { textOf } from "./runtime.js";

/**
 * What an event tells of a turn: a reply's message id, or a tool call's id once it has its result.
 * @example const told = new Set(keptEvents.flatMap((e) => toldBy(e) ?? []));
 */
export function toldBy(event: RunEvent): string | null {
  if (event.type === "ai_message") return event.message_id;
  if (event.type === "tool_result") return event.tool_call_id;
  return null;
}

/**
 * A place in a run's call tree (see CallPosition in turnEvents.ts).
 * @example const atRoot: CallPlace = { call_id: runId, parent_call_id: null, depth: 0 };
 */
export interface CallPlace {
  call_id: string;
  parent_call_id: string | null;
  depth: number;
}

/** An event of a turn told from its state: what it says, who said it, and where it sits. */
export interface UntoldEvent {
  body: RunEventBody;
  agent: string | null;
  at: CallPlace;
}

/**
 * The events of the last turn's replies and tool results nobody told, in the order of the
 * state's messages, each with the agent that wrote it. Replies sit at the turn's call; a tool
 * call and its result sit in a call of their own below it, as when they were first told: the
 * chat shows whatever comes later at a tool call's call inside that call's card, so a call told
 * at the turn's own call would hide the answer after it.
 * @example for (const { body, agent, at } of untoldTurn(state.messages, told, atRoot)) yield make(body, { ...at, agent }, agent);
 */
export function untoldTurn(messages: readonly BaseMessage[], told: ReadonlySet<string>, turn: CallPlace): UntoldEvent[] {
  let start = messages.length;
  while (start > 0 && !HumanMessage.isInstance(messages[start - 1])) start--;
  const out: UntoldEvent[] = [];
  const place = { call_id: turn.call_id, parent_call_id: turn.parent_call_id, depth: turn.depth };
  const callOf = (toolCallId: string): CallPlace => ({ call_id: toolCallId, parent_call_id: turn.call_id, depth: turn.depth + 1 });
  const tools = new Map<string, { name: string; agent: string | null }>();
  for (const message of messages.slice(start)) {
    if (AIMessage.isInstance(message)) {
      const agent = message.name ?? null;
      const calls = (message.tool_calls ?? []).map((c) => ({ id: c.id ?? "", name: c.name, args: c.args }));
      for (const call of calls) tools.set(call.id, { name: call.name, agent });
      if (!message.id || told.has(message.id)) continue;
      out.push({ body: { type: "ai_message", message_id: message.id, content: textOf(message), tool_calls: calls, profile: null }, agent, at: place });
      for (const call of calls) out.push({ body: { type: "tool_call", tool_call_id: call.id, tool: call.name, args: call.args }, agent, at: callOf(call.id) });
    } else if (ToolMessage.isInstance(message) && !told.has(message.tool_call_id)) {
      const failed = message.status === "error";
      const tool = tools.get(message.tool_call_id);
      out.push({
        body: {
          type: "tool_result",
          tool_call_id: message.tool_call_id,
          tool: tool?.name ?? message.name ?? "",
          result: failed ? "" : textOf(message),
          error: failed ? textOf(message) : null,
          duration_ms: 0,
          return_direct: false,
        },
        agent: tool?.agent ?? null,
        at: callOf(message.tool_call_id),
      });
    }
  }
  return out;
}
