/**
 * Questions about a thread's saved state, answered from its checkpoints: the state at one
 * checkpoint (for the timeline), and a fork of the thread from one (for "branch from here").
 */
import { isBaseMessage, type BaseMessage } from "@langchain/core/messages";
import type { BaseCheckpointSaver } from "@langchain/langgraph/web";
import { ENTRY_NODE, EngineError, editedValues, forkAtPause, messageToJson, type CompiledDocument } from "../engine/index.js";
import { GraphValidationError, type GraphDocument } from "../schema/index.js";
import { describeCompileFailure, type HostCompile } from "./hostCompiler";
import type { CheckpointRequest, ForkRequest, FromWorker, ThreadLock } from "./protocol";
import { errorMessage } from "../schema/errorMessage.js";

export interface StateQueriesOptions {
  compile: HostCompile;
  checkpointer: BaseCheckpointSaver;
  withThreadLock: ThreadLock;
  post(message: FromWorker): void;
  /**
   * Where a thread this browser holds no checkpoint of is kept (e.g. "the LangGraph server at
   * http://…"), or null: a fork of it is refused saying so, not that a checkpoint is missing.
   */
  keptElsewhere?(threadId: string): Promise<string | null>;
}

export interface StateQueries {
  /** Posts the graph state at one checkpoint as JSON (a `checkpoint_result`). */
  checkpoint(request: CheckpointRequest): Promise<void>;
  /** Writes the state at a checkpoint into a new thread and posts a `fork_result`. */
  fork(request: ForkRequest): Promise<void>;
}

/** Graph state as JSON: messages through the engine's converter, everything else cloned. */
export function stateToJson(values: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(values)) {
    if (Array.isArray(value) && value.some((item) => isBaseMessage(item))) {
      out[key] = value.map((item) => (isBaseMessage(item) ? messageToJson(item as BaseMessage) : item));
      continue;
    }
    try {
      out[key] = value === undefined ? null : JSON.parse(JSON.stringify(value));
    } catch {
      out[key] = String(value);
    }
  }
  return out;
}

/**
 * @example
 * const queries = createStateQueries({ compile, checkpointer, withThreadLock, post });
 * await queries.checkpoint({ type: "checkpoint", requestId, threadId, checkpointId, document });
 */
export function createStateQueries(options: StateQueriesOptions): StateQueries {
  const { compile, checkpointer, post } = options;

  /** Compiles for reading state only: a document that no longer compiles falls back to the raw checkpoint. */
  function tryCompile(document: GraphDocument): CompiledDocument | null {
    try {
      return compile(document, { credentials: null });
    } catch {
      return null;
    }
  }

  async function checkpoint(request: CheckpointRequest): Promise<void> {
    const config = { configurable: { thread_id: request.threadId, checkpoint_ns: "", checkpoint_id: request.checkpointId } };
    try {
      const compiled = tryCompile(request.document);
      if (compiled) {
        const snapshot = await compiled.graph.getState(config);
        if (!snapshot.config?.configurable?.checkpoint_id) {
          post({ type: "checkpoint_result", requestId: request.requestId, ok: true, state: null, next: [], error: null });
          return;
        }
        post({
          type: "checkpoint_result",
          requestId: request.requestId,
          ok: true,
          state: stateToJson(snapshot.values as Record<string, unknown>),
          next: [...snapshot.next],
          error: null,
        });
        return;
      }
      const tuple = await checkpointer.getTuple(config);
      const values = (tuple?.checkpoint.channel_values ?? null) as Record<string, unknown> | null;
      post({ type: "checkpoint_result", requestId: request.requestId, ok: true, state: values ? stateToJson(values) : null, next: [], error: null });
    } catch (error) {
      post({ type: "checkpoint_result", requestId: request.requestId, ok: false, state: null, next: [], error: errorMessage(error) });
    }
  }

  async function fork(request: ForkRequest): Promise<void> {
    try {
      if (request.checkpointId !== null) {
        const compiled = compile(request.document, { credentials: null });
        const source = { configurable: { thread_id: request.threadId, checkpoint_ns: "", checkpoint_id: request.checkpointId } };
        if (request.atPause) {
          // The new thread waits on the same pause: its checkpoints are copied, not just its state.
          const fork = {
            threadId: request.threadId,
            newThreadId: request.newThreadId,
            checkpointId: request.checkpointId,
            answeredAt: request.atPause.answeredAt,
          };
          await options.withThreadLock(request.newThreadId, () => forkAtPause(compiled.checkpointer, fork));
          return post({ type: "fork_result", requestId: request.requestId, ok: true, error: null });
        }
        // getState answers empty values, not an error, for a checkpoint the saver lacks (a thread
        // kept on a server): forking that would give a thread whose history the engine never had.
        if (!(await compiled.checkpointer.getTuple(source))) {
          const where = await options.keptElsewhere?.(request.threadId);
          throw new Error(
            where
              ? `it ran on ${where}, which holds its checkpoints. Set Run on to that server to fork it there.`
              : `Checkpoint ${request.checkpointId} of this thread was not found`,
          );
        }
        const snapshot = await compiled.graph.getState(source);
        const values = request.edits
          ? editedValues(snapshot.values as Record<string, unknown>, request.edits, () => compiled.services.ids.next("msg"))
          : snapshot.values;
        // As if the entry node had just run: the new thread waits for its next message.
        await options.withThreadLock(request.newThreadId, () =>
          compiled.graph.updateState({ configurable: { thread_id: request.newThreadId } }, values, ENTRY_NODE),
        );
      }
      post({ type: "fork_result", requestId: request.requestId, ok: true, error: null });
    } catch (error) {
      const message = error instanceof GraphValidationError || error instanceof EngineError ? describeCompileFailure(error).message : errorMessage(error);
      post({ type: "fork_result", requestId: request.requestId, ok: false, error: message });
    }
  }

  return { checkpoint, fork };
}
