/**
 * Parallel node (seed 003's ParallelNode): every flow edge leaving it starts a branch and
 * the branches run in the same step. Where they meet again — the first node every branch
 * reaches — the join waits for all of them (a LangGraph multi-source edge). Each branch
 * node holds one of `max_concurrency` slots while it runs, so at most that many run at
 * once; with `timeout_ms` a slower branch node is abandoned (its signal aborts), its result
 * records the timeout and its branch goes on.
 */
import type { LangGraphRunnableConfig } from "@langchain/langgraph/web";
import { parallelBranches, type GraphDocument, type GraphEdge, type GraphNode, type NodeOfKind } from "../../schema/index.js";
import { EngineError } from "../errors.js";
import { emit } from "../runtime.js";
import type { GraphState, GraphUpdate } from "../state.js";
import type { NodeFunction } from "./registry.js";
import { Semaphore } from "./semaphore.js";

/**
 * A Parallel node does no work itself: its outgoing edges fan out.
 * @example compileParallel(node)(state, config) // {}
 */
export function compileParallel(_node: NodeOfKind<"parallel">): NodeFunction {
  return () => ({});
}

/** How compile wires the Parallel nodes of a document. */
export interface ParallelPlan {
  /** Wraps a node's function with the concurrency slots and timeouts of the Parallels it is a branch of. */
  wrap(nodeId: string, name: string, fn: NodeFunction): NodeFunction;
  /** Join node id → the node ids whose edges into it wait for each other. */
  joins: ReadonlyMap<string, readonly string[]>;
  /** True for an edge that belongs to a join (compile adds it as a multi-source edge instead). */
  isJoinEdge(edge: GraphEdge): boolean;
}

/**
 * Finds each Parallel's branches and join (src/schema/parallelBranches.ts: the code export reads them the same way).
 * @example planParallel(doc).joins // Map { "merge" => ["a", "b"] }
 */
export function planParallel(document: GraphDocument): ParallelPlan {
  const byId = new Map(document.nodes.map((n) => [n.id, n]));
  const guards = new Map<string, ((name: string, fn: NodeFunction) => NodeFunction)[]>();
  const joins = new Map<string, string[]>();
  const joinEdges = new Set<string>();

  for (const { parallel: node, join, region, joinEdges: into, conditionalJoinEdge: edge } of parallelBranches(document)) {
    if (join !== null) {
      if (edge) {
        const joinNode = byId.get(join);
        throw new EngineError(
          "COMPILE_ERROR",
          `The branches of Parallel "${node.data.name}" meet at "${joinNode ? nameOf(joinNode) : join}", but edge "${edge.id}" into it is chosen by a condition, so the join could wait forever; join the branches with plain edges (put a node after the branching one)`,
          { nodeId: node.id },
        );
      }
      for (const e of into) joinEdges.add(e.id);
      joins.set(join, [...new Set([...(joins.get(join) ?? []), ...into.map((e) => e.source)])]);
    }
    const guard = branchGuard(node);
    for (const id of region) guards.set(id, [...(guards.get(id) ?? []), guard]);
  }
  return {
    joins,
    isJoinEdge: (edge) => joinEdges.has(edge.id),
    wrap: (nodeId, name, fn) => (guards.get(nodeId) ?? []).reduceRight((inner, guard) => guard(name, inner), fn),
  };
}

function nameOf(node: GraphNode): string {
  return "name" in node.data && typeof node.data.name === "string" ? node.data.name : node.id;
}

/** One Parallel's slots (per thread) and timeout around each of its branch nodes. */
function branchGuard(node: NodeOfKind<"parallel">): (name: string, fn: NodeFunction) => NodeFunction {
  const { max_concurrency: max, timeout_ms: timeout, name: parallel } = node.data;
  const slots = new Map<string, Semaphore>();
  return (name, fn) => async (state: GraphState, config: LangGraphRunnableConfig) => {
    const thread = String((config.configurable as Record<string, unknown> | undefined)?.thread_id ?? "");
    const semaphore = slots.get(thread) ?? new Semaphore(max);
    slots.set(thread, semaphore);
    await semaphore.acquire(config.signal);
    try {
      if (timeout === undefined) return await fn(state, config);
      return await withTimeout(fn, state, config, timeout, () => {
        emit(config, { type: "branch_timeout", parallel, branch_node: name, timeout_ms: timeout }, { agent: null });
        return { results: { [name]: { error: `timed out after ${timeout} ms`, timed_out: true } } } as GraphUpdate;
      });
    } finally {
      semaphore.release();
      if (semaphore.idle) slots.delete(thread);
    }
  };
}

async function withTimeout(fn: NodeFunction, state: GraphState, config: LangGraphRunnableConfig, ms: number, onTimeout: () => GraphUpdate): Promise<unknown> {
  const controller = new AbortController();
  const signal = config.signal ? AbortSignal.any([config.signal, controller.signal]) : controller.signal;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const expired = new Promise<"timeout">((resolve) => {
    timer = setTimeout(() => resolve("timeout"), ms);
  });
  const work = Promise.resolve(fn(state, { ...config, signal }));
  try {
    const outcome = await Promise.race([work, expired]);
    if (outcome !== "timeout") return outcome;
    controller.abort(new Error(`timed out after ${ms} ms`));
    work.catch(() => undefined);
    return onTimeout();
  } finally {
    clearTimeout(timer);
  }
}
