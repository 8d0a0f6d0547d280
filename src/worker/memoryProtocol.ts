/**
 * The Memory panel's part of the engine worker's protocol (protocol.ts re-exports it): list,
 * edit and delete memories, and the re-embedding job (a `memory` request with op `reembed`,
 * answered by `memory_result` when it ends, stopped or not) with its progress and its Stop.
 */

/**
 * The Memory panel: list, edit or delete a graph's long-term memories (what agents saved with
 * `remember`), which the worker keeps in IndexedDB. Every op answers with the graph's memories
 * as they are after it.
 */
export interface MemoryRequest {
  type: "memory";
  requestId: string;
  /** The graph (its `meta.id`) whose memories are meant. */
  graphId: string;
  /**
   * `update` sets one memory's text; `delete` removes one; `clear` removes all of one agent's;
   * `reembed` embeds again, with the graph's memory embeddings model, every memory whose vectors
   * another model made (or that has none), posting `memory_progress`; `stop_memory` stops it.
   */
  op: "list" | "update" | "delete" | "clear" | "reembed";
  /** The agent (its name) whose memories `update`, `delete` and `clear` change. */
  agent?: string;
  /** The memory `update` and `delete` change. */
  key?: string;
  /** For `update`: the memory's new text. */
  content?: string;
}

/** One long-term memory as the Memory panel shows it. */
export interface MemoryEntry {
  /** The agent whose memory it is (its name). */
  agent: string;
  key: string;
  /** The remembered text (a value saved by other means, as JSON). */
  content: string;
  /** When it was last written, ISO 8601. */
  updated: string;
  /** Whether the graph's memory embeddings model made its vectors; absent when the graph names none. */
  embedded?: boolean;
}

export interface MemoryResult {
  type: "memory_result";
  requestId: string;
  ok: boolean;
  /** The graph's memories after the op, agent by agent, oldest first within an agent. */
  memories: MemoryEntry[];
  error: string | null;
  /** What a `reembed` did. */
  reembedded?: ReembedOutcome;
}

/** How far a `reembed` has got: memories embedded again of those that needed it. */
export interface MemoryProgressMessage {
  type: "memory_progress";
  requestId: string;
  done: number;
  total: number;
}

/** Stop the `reembed` of `requestId` after its batch in flight; the batches done stay done. */
export interface StopMemoryRequest {
  type: "stop_memory";
  requestId: string;
}

/** What a `reembed` did. */
export interface ReembedOutcome {
  done: number;
  total: number;
  /** Stopped before every memory was embedded again. */
  stopped: boolean;
}
