/**
 * A turn of a thread run on a LangGraph server instead of in this process: the SDK streams the
 * modes runGraph reads locally (`custom` carries the engine's own events, `tasks` the node
 * starts and ends, `values`; checkpoints come from `debug`), and turnEvents tells them as the same `RunEvent`s,
 * so the playground and timeline cannot tell where a turn ran.
 */
import type { Client } from "@langchain/langgraph-sdk";
import { v5 as uuidV5 } from "@langchain/core/utils/uuid";
import { prepareResume, toPending, turnEvents, type CompiledDocument, type RunEvent, type RunInput } from "../../engine/index.js";
import { describeServerError } from "./serverClient.js";
import { errorMessage } from "../../schema/errorMessage.js";

/**
 * Thread metadata of a fork on the server (a copy of the thread): the checkpoint its first run
 * starts from. Cleared once that run has started.
 */
export const FORK_FROM_KEY = "graphwright_fork_from";

/** Namespace of server thread ids made from local ones that are not UUIDs themselves. */
const THREAD_NAMESPACE = "1b671a64-40d5-491e-99b0-da01ff1f3341";
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The server's id for a local thread (LangGraph servers want UUIDs; ours are `thread_<uuid>`).
 * @example serverThreadId("thread_0b5c…") // "0b5c…"
 */
export function serverThreadId(threadId: string): string {
  const tail = threadId.replace(/^thread_/, "");
  return UUID.test(tail) ? tail.toLowerCase() : uuidV5(threadId, THREAD_NAMESPACE);
}

/** A serialized LangChain message (as a server returns it) in the form `final_state` carries (see messageToJson). */
export function serverMessageToJson(message: unknown): Record<string, unknown> {
  const m = (message ?? {}) as Record<string, unknown>;
  const type = String(m.type ?? m.role ?? "ai");
  const content =
    typeof m.content === "string"
      ? m.content
      : Array.isArray(m.content)
        ? m.content.map((p) => (typeof p === "string" ? p : String((p as { text?: unknown }).text ?? ""))).join("")
        : "";
  const out: Record<string, unknown> = { id: m.id ?? null, role: type === "user" ? "human" : type === "assistant" ? "ai" : type, content };
  if (typeof m.name === "string" && m.name) out.name = m.name;
  if (Array.isArray(m.tool_calls) && m.tool_calls.length > 0) {
    out.tool_calls = (m.tool_calls as { id?: string; name: string; args: unknown }[]).map((c) => ({ id: c.id, name: c.name, args: c.args }));
  }
  if (typeof m.tool_call_id === "string") {
    out.tool_call_id = m.tool_call_id;
    if (m.status === "error") out.status = "error";
  }
  return out;
}

export interface ServerRunOptions {
  client: Client;
  /** The server's URL, for error messages. */
  url: string;
  assistantId: string;
  /** The local thread (events carry it); the server's is derived from it. */
  threadId: string;
  runId: string;
  signal?: AbortSignal;
  /** The document compiled here: only its node names and kinds are read, to place events. */
  compiled: Pick<CompiledDocument, "nodesByName">;
  now?: () => number;
}

/**
 * A stream that broke after the run began (the server stopped, restarted or lost the
 * connection): the server was reached, so "cannot be reached" would mislead. A failure the
 * server answered (a status) is told as usual.
 */
function connectionLost(error: unknown, url: string): { code: string; message: string } {
  if (typeof (error as { status?: unknown } | null)?.status === "number") return describeServerError(error, url, "The run");
  const reason = errorMessage(error);
  return {
    code: "SERVER_CONNECTION_LOST",
    message: `The connection to the LangGraph server at ${url} broke during the run (${reason}): the server may have stopped or restarted. What arrived is kept here; once the server answers, send the message again.`,
  };
}

/** `debug` rather than `checkpoints`: only its checkpoint records carry the checkpoint's id (for inspecting a step). */
const STREAM_MODES = ["custom", "tasks", "debug", "values"] as const;

/**
 * Runs one turn on the server and yields its events, ending with `final_state` (on success)
 * and `run_end`. Failures, the server's included, are `error` events, never thrown.
 * @example
 * for await (const event of runOnServer({ message: "hi" }, { client, url, assistantId, threadId, runId, compiled })) console.log(event.type);
 */
export async function* runOnServer(input: RunInput, options: ServerRunOptions): AsyncGenerator<RunEvent> {
  const now = options.now ?? (() => Date.now());
  const started = now();
  const turn = turnEvents({ nodesByName: options.compiled.nodesByName, clock: { now }, runId: options.runId, threadId: options.threadId });
  const { make, atRoot, interruptEvent } = turn;
  const { client } = options;
  const thread = serverThreadId(options.threadId);
  let status: "completed" | "cancelled" | "error" | "interrupted" = "completed";
  let serverRunId: string | null = null;
  if (!input.resume) yield make({ type: "run_start", input: input.message }, atRoot, null);
  try {
    const existing = await client.threads.create({ threadId: thread, ifExists: "do_nothing", metadata: { graphwright_thread: options.threadId } });
    const forkFrom = existing.metadata?.[FORK_FROM_KEY];
    let payload: { input?: unknown; command?: { resume: unknown } };
    if (input.resume) {
      const state = await client.threads.getState(thread);
      const raw = (state.tasks ?? []).flatMap((task) => (task.interrupts ?? []) as unknown[]);
      const prepared = prepareResume(toPending(raw), input.resume);
      if (!prepared.ok) {
        yield* turn.refusedAnswer(prepared.error, prepared.pending, now() - started);
        return;
      }
      yield interruptEvent(prepared.interrupt, prepared.value);
      payload = { command: { resume: { [prepared.interrupt.id]: prepared.value } } };
    } else {
      payload = { input: { messages: [{ role: "user", content: input.message }] } };
    }
    const stream = client.runs.stream(thread, options.assistantId, {
      ...payload,
      ...(typeof forkFrom === "string" ? { checkpointId: forkFrom } : {}),
      streamMode: [...STREAM_MODES],
      // A lost connection (a page reload) leaves the run going on the server, which finishes it;
      // Stop cancels it explicitly (below).
      ...(options.signal ? { signal: options.signal } : {}),
    } as never);
    for await (const chunk of stream as AsyncIterable<{ event: string; data: unknown }>) {
      if (chunk.event === "metadata") {
        serverRunId = (chunk.data as { run_id?: string } | null)?.run_id ?? serverRunId;
        // The fork has its own history from now on.
        if (typeof forkFrom === "string") await client.threads.update(thread, { metadata: { [FORK_FROM_KEY]: null } });
        continue;
      }
      if (chunk.event === "error") {
        const data = (chunk.data ?? {}) as { error?: string; message?: string };
        status = "error";
        yield make(
          {
            type: "error",
            code: "SERVER_RUN_FAILED",
            message: `The run failed on the LangGraph server at ${options.url}: ${data.message ?? data.error ?? "no reason given"}`,
          },
          atRoot,
          null,
        );
        continue;
      }
      const mode = chunk.event.split("|")[0] as string;
      for (const event of turn.accept(mode, chunk.data)) yield event;
    }
    // The SDK may end the stream quietly when it is aborted: the turn was stopped, not finished.
    if (options.signal?.aborted) status = "cancelled";
    if (status === "completed") {
      const values = { ...(turn.lastValues ?? {}) };
      values.messages = ((values.messages ?? []) as unknown[]).map(serverMessageToJson);
      if (turn.paused.length > 0) status = "interrupted";
      yield* turn.finalEvents(values);
    }
  } catch (error) {
    if (options.signal?.aborted) {
      status = "cancelled";
    } else {
      status = "error";
      const failure = serverRunId !== null ? connectionLost(error, options.url) : describeServerError(error, options.url, "The run");
      yield make({ type: "error", code: failure.code, message: failure.message }, atRoot, null);
    }
  }
  if (status === "cancelled" && serverRunId) {
    // Stop: the server stops the run too. Best effort; a run that already ended cannot be cancelled.
    await client.runs.cancel(thread, serverRunId).catch(() => undefined);
  }
  yield make({ type: "run_end", status, duration_ms: Math.max(0, now() - started) }, atRoot, null);
}
