/**
 * Turns the chunks a LangGraph run streams (modes `custom`, `tasks`, `checkpoints` or `debug`, `values`)
 * into our `RunEvent`s with their place in the call tree. One place for both ways a turn runs:
 * in this process (runGraph) and on a LangGraph server (whose SDK streams the same modes).
 */
import type { GraphNode } from "../schema/index.js";
import { isNodeEmission, type EventBase, type RunEvent, type RunEventBody } from "./events.js";
import { toPending } from "./resume.js";
import type { PendingInterrupt } from "./interrupts.js";
import type { Clock } from "./ports.js";
import { toldBy } from "./continuedRun.js";
import { errorMessage } from "../schema/errorMessage.js";

/**
 * Where an event sits in the call tree.
 * @example const atRoot: CallPosition = { call_id: runId, parent_call_id: null, depth: 0, agent: null };
 */
export interface CallPosition {
  call_id: string;
  parent_call_id: string | null;
  depth: number;
  agent: string | null;
}

interface Segment {
  name: string;
  task: string;
}

/** A namespace segment `name:task_id` (LangGraph's checkpoint namespace). */
function segmentOf(part: string): Segment {
  const at = part.lastIndexOf(":");
  return at < 0 ? { name: part, task: part } : { name: part.slice(0, at), task: part.slice(at + 1) };
}

/**
 * What turnEvents needs to place a turn's events.
 * @example const options: TurnEventsOptions = { nodesByName: compiled.nodesByName, clock: { now: Date.now }, runId: "run_1", threadId: "t1" };
 */
export interface TurnEventsOptions {
  /** LangGraph node name → document node (CompiledDocument.nodesByName). */
  nodesByName: ReadonlyMap<string, GraphNode>;
  clock: Clock;
  runId: string;
  threadId: string;
  /** The first event's `seq`. */
  firstSeq?: number;
  /** False when checkpoints land in another thread (direct runs): events then carry no checkpoint id. */
  reportsCheckpoints?: boolean;
  /** The checkpoint events belong to before the first `checkpoints` chunk (a continued turn's). */
  checkpointId?: string | null;
}

/**
 * @example
 * const turn = turnEvents({ nodesByName: compiled.nodesByName, clock, runId, threadId });
 * for await (const [mode, payload] of stream) for (const event of turn.accept(mode, payload)) yield event;
 */
export function turnEvents(options: TurnEventsOptions) {
  const { nodesByName, clock, runId, threadId } = options;
  const rootCall = runId;
  const reportsCheckpoints = options.reportsCheckpoints ?? true;
  let seq = options.firstSeq ?? 0;
  let lastTs = clock.now();
  let checkpointId: string | null = options.checkpointId ?? null;
  const taskStarts = new Map<string, number>();
  const atRoot: CallPosition = { call_id: rootCall, parent_call_id: null, depth: 0, agent: null };

  const make = (body: RunEventBody, position: CallPosition, node: string | null): RunEvent => {
    lastTs = Math.max(lastTs, clock.now());
    const base: EventBase = {
      id: `${runId}:${seq}`,
      seq: seq++,
      ts: lastTs,
      run_id: runId,
      thread_id: threadId,
      root_call_id: rootCall,
      checkpoint_id: checkpointId,
      node,
      call_id: position.call_id,
      parent_call_id: position.parent_call_id,
      depth: position.depth,
      agent: position.agent,
    };
    return Object.assign(base, body) as RunEvent;
  };

  /**
   * Places a task in the call tree by the first segment of its namespace: a document node
   * opens a call under the run; the steps inside it (an agent's loop) do not open their own.
   */
  const positionOf = (first: Segment | null): CallPosition => {
    const node = first ? nodesByName.get(first.name) : undefined;
    if (!first || !node) return atRoot;
    return { call_id: first.task, parent_call_id: rootCall, depth: 1, agent: node.kind === "agent" ? first.name : null };
  };
  // Only a namespace's first segment (the document node) places an event: place each once per
  // run. Events come in runs from one step, which share the whole namespace.
  const positions = new Map<string, CallPosition>();
  let lastNs: string | undefined;
  let lastPosition: CallPosition = atRoot;
  const positionOfNamespace = (ns: string): CallPosition => {
    if (ns === lastNs) return lastPosition;
    const bar = ns.indexOf("|");
    const first = bar < 0 ? ns : ns.slice(0, bar);
    let position = positions.get(first);
    if (!position) positions.set(first, (position = positionOf(first ? segmentOf(first) : null)));
    lastNs = ns;
    lastPosition = position;
    return position;
  };

  let lastValues: Record<string, unknown> | undefined;
  let paused: PendingInterrupt[] = [];
  /** Replies and tool results this turn's events tell (see continuedRun.ts). */
  const told = new Set<string>();

  /** The events one streamed chunk stands for (none for most chunks of `values`). */
  const accept = (mode: string, payload: unknown): RunEvent[] => {
    if (mode === "custom" && isNodeEmission(payload)) {
      const position = positionOfNamespace(payload.ns);
      // Nested calls (sub-agents, the tool calls that started them, then the event's own call) open below the node.
      let at = position;
      for (const link of payload.calls ?? []) at = { call_id: link.id, parent_call_id: at.call_id, depth: at.depth + 1, agent: link.agent ?? at.agent };
      if (payload.call_id) at = { call_id: payload.call_id, parent_call_id: at.call_id, depth: at.depth + 1, agent: at.agent };
      const event = make(payload.body, { ...at, agent: payload.agent ?? at.agent }, payload.node);
      const tells = toldBy(event);
      if (tells !== null) told.add(tells);
      return [event];
    }
    if (mode === "tasks") {
      const task = payload as { id: string; name: string; result?: unknown; error?: unknown };
      // Only document nodes open calls; the steps inside an agent's loop are reported by
      // their own events (ai_message, tool_call, …) rather than as node starts and ends.
      if (!nodesByName.has(task.name)) return [];
      const position = positionOf({ name: task.name, task: task.id });
      const isAgent = nodesByName.get(task.name)?.kind === "agent";
      if (!("result" in task) && !("error" in task && task.error)) {
        taskStarts.set(task.id, clock.now());
        return [make({ type: isAgent ? "agent_start" : "node_start" }, position, task.name)];
      }
      const duration_ms = Math.max(0, clock.now() - (taskStarts.get(task.id) ?? clock.now()));
      taskStarts.delete(task.id);
      const error = task.error ? errorMessage(task.error) : undefined;
      return [make({ type: isAgent ? "agent_end" : "node_end", duration_ms, ...(error ? { error } : {}) }, position, task.name)];
    }
    if (mode === "values") {
      // A pause reports itself as `{ __interrupt__ }` in this mode: not a state.
      if (payload && typeof payload === "object" && !("__interrupt__" in payload)) lastValues = payload as Record<string, unknown>;
      else if (payload && typeof payload === "object")
        paused = toPending([...paused.map((p) => ({ id: p.id, value: p.payload })), ...((payload as { __interrupt__: unknown[] }).__interrupt__ ?? [])]);
      return [];
    }
    // A LangGraph server's `checkpoints` mode leaves the checkpoint's id out; its `debug` mode keeps it.
    const debugCheckpoint = mode === "debug" && (payload as { type?: unknown } | null)?.type === "checkpoint";
    if (mode === "checkpoints" || debugCheckpoint) {
      const checkpoint = (debugCheckpoint ? (payload as { payload: unknown }).payload : payload) as {
        config?: { configurable?: { checkpoint_id?: string } };
        metadata?: { step?: number };
      };
      if (reportsCheckpoints) checkpointId = checkpoint.config?.configurable?.checkpoint_id ?? checkpointId;
      return [make({ type: "checkpoint_saved", step: checkpoint.metadata?.step ?? -1 }, atRoot, null)];
    }
    return [];
  };

  /** A pause, or (with the answer) its resolution, as an event. */
  const interruptEvent = (p: PendingInterrupt, resume?: unknown): RunEvent =>
    make(
      resume === undefined
        ? { type: "interrupt", interrupt_id: p.id, kind: p.payload.kind, payload: p.payload }
        : { type: "interrupt_resolved", interrupt_id: p.id, kind: p.payload.kind, payload: p.payload, resume: resume as never },
      { ...atRoot, agent: p.payload.kind === "question" ? null : p.payload.agent },
      p.payload.node,
    );

  /** A refused answer changes nothing: the error, the interrupts still pending, and the run's end. */
  const refusedAnswer = (error: { code: string; message: string }, pending: readonly PendingInterrupt[], durationMs: number): RunEvent[] => [
    make({ type: "error", code: error.code, message: error.message }, atRoot, null),
    ...pending.map((p) => interruptEvent(p)),
    make({ type: "run_end", status: pending.length > 0 ? "interrupted" : "error", duration_ms: Math.max(0, durationMs) }, atRoot, null),
  ];

  /** The end of a turn that reached its final state: the interrupts it stopped on, then `final_state`. */
  const finalEvents = (state: Record<string, unknown>): RunEvent[] => [
    ...paused.map((p) => interruptEvent(p)),
    make({ type: "final_state", state }, atRoot, null),
  ];

  return {
    accept,
    make,
    interruptEvent,
    refusedAnswer,
    finalEvents,
    atRoot,
    told,
    /** The root state after the last step, if a `values` chunk came. */
    get lastValues() {
      return lastValues;
    },
    /** The interrupts the turn stopped on. */
    get paused() {
      return paused;
    },
    set checkpointId(id: string | null) {
      checkpointId = id;
    },
  };
}

/**
 * The event maker of one turn.
 * @example const turn: TurnEvents = turnEvents(options); turn.accept("custom", payload); // [RunEvent]
 */
export type TurnEvents = ReturnType<typeof turnEvents>;
