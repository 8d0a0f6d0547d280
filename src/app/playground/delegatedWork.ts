/**
 * Which events of a thread happen inside another agent's tool call: the work of a delegated
 * sub-agent (seed 002) or of an agent tool. The playground shows that work inside the parent's
 * tool-call card instead of as replies to the user; a handoff sub-agent (seed 000), which
 * talks to the user itself, is not inside a tool call and stays in the chat.
 */
import type { RunEvent } from "../../engine/index.js";

export interface DelegatedStep {
  /** The agent that did it. */
  author: string;
  text: string;
}

/**
 * @example
 * const nesting = createNesting();
 * for (const event of events) nesting.hostOf(event) // the key of the tool call it runs inside, or null
 */
/**
 * A tool call's key in the chat: its run and its id. A provider's ids are not trusted to be
 * unique in a thread (some number each reply's calls from zero), so the chat never keys by them alone.
 */
export function toolCallKey(runId: string, toolCallId: string): string {
  return `${runId}\u0000${toolCallId}`;
}

export function createNesting() {
  const parents = new Map<string, string | null>();
  /** Call id of each tool call → its key in the chat (run and tool_call_id: providers may repeat ids). */
  const toolCalls = new Map<string, string>();
  return {
    /**
     * Records the event and returns the key (`toolCallKey`) of the outermost tool call it runs
     * inside (the one the chat shows), or null for the parent's own events.
     */
    hostOf(event: RunEvent): string | null {
      if (!parents.has(event.call_id)) parents.set(event.call_id, event.parent_call_id);
      // A tool call opens a call of its own. One at its run's root call (a turn retold after a reload, or a
      // server thread's history, stored before the engine gave them their own) hosts nothing: the answer after it would hide in its card.
      if (event.type === "tool_call" && event.call_id !== event.root_call_id) toolCalls.set(event.call_id, toolCallKey(event.run_id, event.tool_call_id));
      // A tool call's own events (its call and its result) sit in the caller, not inside themselves.
      let call: string | null | undefined = event.type === "tool_call" || event.type === "tool_result" ? event.parent_call_id : event.call_id;
      let host: string | null = null;
      for (let guard = 0; call && guard < 64; guard++) {
        const toolCallId = toolCalls.get(call);
        if (toolCallId !== undefined) host = toolCallId;
        call = parents.get(call);
      }
      return host;
    },
  };
}

/** The step an event inside a tool call adds to that call's card, if any. */
export function delegatedStep(event: RunEvent): DelegatedStep | null {
  const author = event.agent ?? event.node ?? "";
  switch (event.type) {
    case "ai_message":
      return event.content.trim() ? { author, text: event.content } : null;
    case "tool_call":
      return { author, text: `called ${event.tool}` };
    case "tool_result":
      return event.error !== null ? { author, text: `${event.tool} failed: ${event.error}` } : null;
    default:
      // Only a sub-agent's messages, calls and failures make its card; deltas, progress and
      // routing events inside the call stay in the timeline.
      return null;
  }
}

/** Event types that never show in the chat when they happen inside a tool call. */
export const DELEGATED_TYPES: ReadonlySet<RunEvent["type"]> = new Set(["message_delta", "ai_message", "tool_call", "tool_result"]);
