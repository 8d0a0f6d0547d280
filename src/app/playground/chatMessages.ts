/**
 * The chat as the playground shows it, derived from a thread's run events: the user's
 * messages from `run_start`, replies from `message_delta` / `ai_message`, and each tool
 * call, with its result, inside the reply that made it — a delegated sub-agent's work too.
 * A run that answers a breakpoint shows a debug marker instead of a message: its
 * `interrupt_resolved` (kind `breakpoint`) says so, in threads stored before the marker too.
 */
import type { RunEvent } from "../../engine/index.js";
import { describeResume } from "../../schema/index.js";
import { RUN_INTERRUPTED } from "../../worker/protocol";
import { createNesting, delegatedStep, DELEGATED_TYPES, toolCallKey, type DelegatedStep } from "./delegatedWork";
import { retrievalOf, type Retrieval } from "./retrievalResult";

export interface ToolCallView {
  /** The tool_call_id, as the engine and the provider name the call. */
  id: string;
  /** Unique in the thread (`toolCallKey`: the run that made the call and its id): what the chat keys the card by. */
  key: string;
  tool: string;
  args: Record<string, unknown>;
  result: string | null;
  error: string | null;
  durationMs: number | null;
  /** "cancelled": the run ended before the tool answered. */
  status: "pending" | "running" | "done" | "error" | "cancelled";
  /** What a sub-agent (or agent tool) did inside this call; absent for ordinary tools. */
  activity?: DelegatedStep[];
  /** Where the call went (an HTTP tool's origin, an MCP server); absent for tools that run in place. */
  target?: string;
  /** Knowledge base searches made by this call or inside it (a sub-agent's): the chat's retrieval cards. */
  sources?: Retrieval[];
}

export type ChatMessage =
  | { kind: "user"; id: string; runId: string; author: "User"; text: string }
  /** A debug action at a breakpoint (Continue, Step, an edit): a marker in the chat, not something the person said. */
  | { kind: "debug"; id: string; runId: string; author: "Debug"; text: string }
  | {
      kind: "reply";
      id: string;
      runId: string;
      /** The agent (or node) that wrote it. */
      author: string;
      text: string;
      /** Tokens are still arriving. */
      streaming: boolean;
      /** The run was stopped while this reply streamed. */
      stopped: boolean;
      toolCalls: ToolCallView[];
    }
  | {
      kind: "error";
      id: string;
      runId: string;
      author: "Error";
      text: string;
      /** The message to send again: the turn was cut off by a reload and could not resume. */
      retry?: string;
    };

type Reply = Extract<ChatMessage, { kind: "reply" }>;

function authorOf(event: RunEvent): string {
  return event.agent ?? event.node ?? "Assistant";
}

/** Adds the retrieval card of a knowledge base search's result to the call it shows in. */
function addSources(call: ToolCallView, tool: string, result: string | null): void {
  const retrieval = retrievalOf(tool, result);
  if (retrieval) (call.sources ??= []).push(retrieval);
}

/**
 * Builds the chat from events in order. Pure: the same events give the same messages.
 * A run that never ended and is not `liveRunId` was cut off (the tab closed mid-run):
 * its replies show as stopped rather than streaming forever.
 * @example deriveChat(events).map((m) => `${m.author}: ${m.text}`)
 */
export function deriveChat(events: readonly RunEvent[], liveRunId: string | null = null): ChatMessage[] {
  const messages: ChatMessage[] = [];
  const replies = new Map<string, Reply>();
  /** The reply showing each tool call, by `toolCallKey` of the run it was made or answered in. */
  const toolOwners = new Map<string, Reply>();
  /** The latest reply that made a call of each id: a call a paused run made is answered in a later run. */
  const latestOwner = new Map<string, Reply>();
  /** The reply holding the call an event of a tool call concerns: of the event's own run, else the latest still waiting. */
  const ownerOf = (runId: string, toolCallId: string): Reply | undefined => {
    const own = toolOwners.get(toolCallKey(runId, toolCallId));
    if (own) return own;
    const latest = latestOwner.get(toolCallId);
    const call = latest?.toolCalls.find((c) => c.id === toolCallId);
    return call && (call.status === "pending" || call.status === "running") ? latest : undefined;
  };
  const streamingByRun = new Map<string, Set<Reply>>();
  /** Each run's replies, so a run's end reads its own (not every message of a long thread). */
  const repliesByRun = new Map<string, Reply[]>();
  const addReply = (reply: Reply) => {
    messages.push(reply);
    const ofRun = repliesByRun.get(reply.runId);
    if (ofRun) ofRun.push(reply);
    else repliesByRun.set(reply.runId, [reply]);
  };

  const replyFor = (event: RunEvent, messageId: string): Reply => {
    let reply = replies.get(messageId);
    if (!reply) {
      reply = { kind: "reply", id: messageId, runId: event.run_id, author: authorOf(event), text: "", streaming: true, stopped: false, toolCalls: [] };
      replies.set(messageId, reply);
      addReply(reply);
    }
    return reply;
  };
  const markStreaming = (reply: Reply, on: boolean) => {
    const set = streamingByRun.get(reply.runId) ?? new Set<Reply>();
    if (on) set.add(reply);
    else set.delete(reply);
    streamingByRun.set(reply.runId, set);
  };

  const nesting = createNesting();
  const cancelCallsOf = (runId: string) => {
    for (const reply of repliesByRun.get(runId) ?? [])
      for (const call of reply.toolCalls) if (call.status === "pending" || call.status === "running") call.status = "cancelled";
  };
  /** Runs that paused for a person; their tool calls wait until a later run answers or moves on. */
  let paused: string[] = [];
  /** Runs whose answer was refused (they changed nothing), and runs already shown as a debug marker. */
  const refused = new Set<string>();
  const debugRuns = new Set<string>();
  /** Shows a run as a debug action: its prompt (the action's label) becomes the marker, or the marker is added. */
  const markDebug = (event: RunEvent, text: string | null) => {
    if (debugRuns.has(event.run_id)) return;
    debugRuns.add(event.run_id);
    const at = messages.findLastIndex((m) => m.kind === "user" && m.runId === event.run_id);
    const prompt = messages[at];
    const label = text ?? prompt?.text ?? "";
    if (prompt) messages.splice(at, 1, { kind: "debug", id: prompt.id, runId: event.run_id, author: "Debug", text: label });
    else messages.push({ kind: "debug", id: event.id, runId: event.run_id, author: "Debug", text: label });
  };
  for (const event of events) {
    if (paused.length > 0 && !paused.includes(event.run_id) && event.type !== "run_start") {
      if (event.type === "interrupt_resolved") paused = [];
      // A refused answer: the thread is still paused.
      else if (event.type === "error" && event.code === "INVALID_RESUME") paused.push(event.run_id);
      else {
        // A new message instead of an answer: the paused calls will never run.
        paused.forEach(cancelCallsOf);
        paused = [];
      }
    }
    const host = nesting.hostOf(event);
    if (host !== null && DELEGATED_TYPES.has(event.type)) {
      // A delegated sub-agent's work belongs to the parent's tool call, not to the chat.
      const call = toolOwners.get(host)?.toolCalls.find((c) => c.key === host);
      const step = delegatedStep(event);
      if (call && step) (call.activity ??= []).push(step);
      if (call && event.type === "tool_result") addSources(call, event.tool, event.error === null ? event.result : null);
      continue;
    }
    switch (event.type) {
      case "run_start":
        messages.push({ kind: "user", id: event.id, runId: event.run_id, author: "User", text: event.input });
        break;
      case "message_delta": {
        const reply = replyFor(event, event.message_id);
        reply.text += event.delta;
        reply.streaming = true;
        markStreaming(reply, true);
        break;
      }
      case "ai_message": {
        const reply = replyFor(event, event.message_id);
        reply.text = event.content;
        reply.streaming = false;
        markStreaming(reply, false);
        for (const call of event.tool_calls) {
          if (reply.toolCalls.some((c) => c.id === call.id)) continue;
          const key = toolCallKey(event.run_id, call.id);
          reply.toolCalls.push({ id: call.id, key, tool: call.name, args: call.args, result: null, error: null, durationMs: null, status: "pending" });
          toolOwners.set(key, reply);
          latestOwner.set(call.id, reply);
        }
        break;
      }
      case "tool_call": {
        const key = toolCallKey(event.run_id, event.tool_call_id);
        let owner = ownerOf(event.run_id, event.tool_call_id);
        if (!owner) {
          // A Tool node's call: no model reply made it, so it gets a message of its own.
          owner = {
            kind: "reply",
            id: `tool:${key}`,
            runId: event.run_id,
            author: event.node ?? event.tool,
            text: "",
            streaming: false,
            stopped: false,
            toolCalls: [],
          };
          addReply(owner);
        }
        // Its result and the work inside it come in this run.
        toolOwners.set(key, owner);
        const existing = owner.toolCalls.find((c) => c.id === event.tool_call_id);
        const target = event.target ? { target: event.target } : {};
        if (existing) {
          existing.args = event.args;
          existing.status = "running";
          Object.assign(existing, target);
        } else {
          owner.toolCalls.push({
            id: event.tool_call_id,
            key,
            tool: event.tool,
            args: event.args,
            result: null,
            error: null,
            durationMs: null,
            status: "running",
            ...target,
          });
        }
        break;
      }
      case "tool_result": {
        const call = ownerOf(event.run_id, event.tool_call_id)?.toolCalls.find((c) => c.id === event.tool_call_id);
        if (!call) break;
        call.result = event.error === null ? event.result : null;
        call.error = event.error;
        call.durationMs = event.duration_ms;
        call.status = event.error === null ? "done" : "error";
        addSources(call, event.tool, call.result);
        break;
      }
      case "interrupt_resolved":
        if (event.kind === "breakpoint") markDebug(event, describeResume(event.payload, event.resume));
        break;
      case "interrupt":
        // A refused answer at a breakpoint re-reports the pause: it was a debug action too.
        if (event.kind === "breakpoint" && refused.has(event.run_id)) markDebug(event, null);
        break;
      case "error": {
        if (event.code === "INVALID_RESUME") refused.add(event.run_id);
        const prompt = event.code === RUN_INTERRUPTED ? messages.find((m) => m.kind === "user" && m.runId === event.run_id) : undefined;
        messages.push({ kind: "error", id: event.id, runId: event.run_id, author: "Error", text: event.message, ...(prompt ? { retry: prompt.text } : {}) });
        break;
      }
      case "delegation_completed": {
        // A follow-up turn (seed 002) is hidden: its "user" message is the engine telling the
        // parent a background task settled; the parent's reply is what the user reads.
        const prompt = messages.findIndex((m) => m.kind === "user" && m.runId === event.run_id);
        if (prompt >= 0) messages.splice(prompt, 1);
        break;
      }
      case "run_end": {
        // A paused run is not over: its tool calls wait for the person's answer.
        if (event.status === "interrupted") {
          paused.push(event.run_id);
          break;
        }
        // Whatever still streams when the run ends was cut off.
        for (const reply of streamingByRun.get(event.run_id) ?? []) {
          reply.streaming = false;
          reply.stopped = event.status !== "completed";
        }
        streamingByRun.delete(event.run_id);
        cancelCallsOf(event.run_id);
        break;
      }
      default:
        // Progress, routing, checkpoint and interrupt events change no chat message: the
        // timeline shows them. A new event type shows here only when a case above adds it.
        break;
    }
  }
  for (const [runId, streaming] of streamingByRun) {
    if (runId === liveRunId) continue;
    for (const reply of streaming) {
      reply.streaming = false;
      reply.stopped = true;
    }
  }
  return messages;
}
