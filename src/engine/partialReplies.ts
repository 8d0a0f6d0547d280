/**
 * Replies cut off mid-stream (Stop, a broken connection, a stall, an unreadable chunk) are
 * kept in the thread as AI messages marked interrupted, as LangGraph keeps a partial
 * AIMessage: the next request then includes what the user saw, so the user and the model
 * agree on what was said. A failed node's own writes are dropped by LangGraph, so the run
 * writes them itself once it has ended. So are the whole replies of the nodes that finished
 * beside it in the same step (parallel branches: one rate-limited branch fails the step), which
 * the user saw too: they are kept as they are.
 */
import { AIMessage, type BaseMessage } from "@langchain/core/messages";
import type { RunEvent } from "./events.js";

/**
 * `response_metadata` key of a reply that was cut off: why (`cancelled` or `error`).
 * @example new AIMessage({ content: "Hello fr", response_metadata: { [INTERRUPTED_KEY]: "cancelled" } })
 */
export const INTERRUPTED_KEY = "graphwright_interrupted";

/**
 * Why a reply was cut off: Stop, or a failure of the model call.
 * @example const by: InterruptedBy = "cancelled";
 */
export type InterruptedBy = "cancelled" | "error";

/**
 * Follows a run's `message_delta` and `ai_message` events; what streamed without a final
 * `ai_message` is a cut-off reply.
 * @example const partial = partialReplies(); for (const e of events) partial.see(e); partial.messages("cancelled")
 */
export function partialReplies() {
  const open = new Map<string, { agent: string | null; text: string }>();
  /** Whole replies of the thread's own conversation (not a delegated sub-agent's), without tool calls. */
  const whole = new Map<string, { agent: string | null; text: string }>();
  return {
    see(event: RunEvent): void {
      if (event.type === "message_delta") {
        const reply = open.get(event.message_id) ?? { agent: event.agent, text: "" };
        reply.text += event.delta;
        open.set(event.message_id, reply);
      } else if (event.type === "ai_message") {
        open.delete(event.message_id);
        // A reply with tool calls is kept only with its tool results, which a failed step may lack.
        if (event.parent_call_id === event.root_call_id && event.tool_calls.length === 0 && event.content.length > 0) {
          whole.set(event.message_id, { agent: event.agent, text: event.content });
        }
      }
    },
    /**
     * The whole replies this run told, as AI messages with their ids: the caller keeps those its
     * thread's state lacks once the run has failed or stopped.
     */
    wholeReplies(): AIMessage[] {
      return [...whole.entries()].map(([id, reply]) => new AIMessage({ id, content: reply.text, ...(reply.agent ? { name: reply.agent } : {}) }));
    },
    /** The cut-off replies as AI messages, with their streamed ids so nothing is stored twice. */
    messages(by: InterruptedBy): AIMessage[] {
      return [...open.entries()]
        .filter(([, reply]) => reply.text.length > 0)
        .map(
          ([id, reply]) =>
            new AIMessage({ id, content: reply.text, ...(reply.agent ? { name: reply.agent } : {}), response_metadata: { [INTERRUPTED_KEY]: by } }),
        );
    },
  };
}

/**
 * Why a stored reply was cut off, or null for a whole reply.
 * @example interruptedBy(message) === "cancelled" // the user pressed Stop
 */
export function interruptedBy(message: BaseMessage): InterruptedBy | null {
  const value = (message.response_metadata as Record<string, unknown> | undefined)?.[INTERRUPTED_KEY];
  return value === "cancelled" || value === "error" ? value : null;
}
