/**
 * Branded ids: a thread id, a run id, a graph id and a node id are all strings, but the
 * compiler keeps them apart, so a run id never lands where a thread id belongs. A plain
 * string becomes one only through its `as…` helper, at the boundary where it comes in.
 */

/** A string the compiler tells apart from other strings by its brand. */
export type Brand<B extends string> = string & { readonly __brand: B };

/** A conversation thread: its checkpoints, runs and events. */
export type ThreadId = Brand<"ThreadId">;
/** One run (one turn) of a thread. */
export type RunId = Brand<"RunId">;
/** A graph saved in the workspace. */
export type GraphId = Brand<"GraphId">;
/** A node of a graph document. */
export type NodeId = Brand<"NodeId">;

/**
 * @example const thread = asThreadId(record.id);
 */
export const asThreadId = (id: string): ThreadId => id as ThreadId;

/**
 * @example const run = asRunId(`run_${Date.now().toString(36)}`);
 */
export const asRunId = (id: string): RunId => id as RunId;

/**
 * @example const graph = asGraphId(summary.id);
 */
export const asGraphId = (id: string): GraphId => id as GraphId;

/**
 * @example const node = asNodeId(document.nodes[0].id);
 */
export const asNodeId = (id: string): NodeId => id as NodeId;
