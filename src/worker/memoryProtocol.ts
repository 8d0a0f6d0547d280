/**
 * The Memory panel's re-embedding job in the engine worker's protocol: its progress and its
 * Stop. The job itself is a `memory` request with op `reembed` (see protocol.ts), answered by
 * `memory_result` when it ends, stopped or not.
 */

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
