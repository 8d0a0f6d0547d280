/**
 * The live execution overlay of the canvas, derived from the run events of the shown thread:
 * per document node its status (running, ok, error, paused, skipped), how many times the run
 * visited it and how long the last visit took, and the edges the run took. Covers the latest
 * turn: a new run starts it afresh, a run that answers a pause (approval, question) continues
 * it. Pure; `createRunOverlayDeriver` folds only the events appended since its last call.
 */
import type { RunEvent } from "../../engine/index.js";
import type { GraphEdge } from "../../schema/index.js";
import type { OverlayGraph } from "./overlayGraph";

export { overlayGraph, type OverlayGraph } from "./overlayGraph";

/** What `data-status` says of a node (ui-contract.md). */
export type RunStatus = "running" | "ok" | "error" | "paused" | "skipped";

export interface NodeRun {
  status: RunStatus;
  /** Times the run started the node (a visit that resumes after a pause is the same visit). */
  visits: number;
  /** Duration of the last finished visit; null before one finished (and for Start and End). */
  durationMs: number | null;
  /** The node's last event: what its badge selects in the timeline. */
  eventId: string | null;
  /** Why the last visit failed. */
  error: string | null;
}

export interface RunOverlay {
  /** The latest run the overlay shows (what `Clear` hides), null when there is none. */
  runId: string | null;
  /** By document node id; unvisited nodes have no entry. An unchanged entry keeps its object. */
  nodes: Readonly<Record<string, NodeRun>>;
  /** Ids of the document edges the run took. */
  edges: Readonly<Record<string, true>>;
}

export const EMPTY_OVERLAY: RunOverlay = Object.freeze({ runId: null, nodes: Object.freeze({}), edges: Object.freeze({}) });

const FRESH: NodeRun = Object.freeze({ status: "skipped", visits: 0, durationMs: null, eventId: null, error: null });

/** The fold's working state: everything a continued run (a resumed pause) takes over. */
interface Progress {
  runId: string | null;
  nodes: Record<string, NodeRun>;
  edges: Record<string, true>;
  /** Visits in progress per node. */
  open: Map<string, number>;
  /** Nodes that finished since the last step started: where the next node came from. */
  recent: Set<string>;
  lastWasStart: boolean;
  /** The handle each branching node took last (If, Switch, Loop, Router). */
  handles: Map<string, string>;
  /** A top-level node of the run has finished: Start is behind it. */
  begun: boolean;
  /** Paused nodes a resumed run is about to start again: that start is not a new visit. */
  resuming: Set<string>;
  /** The root error event of the run, which failed nodes point at when their own end is missing. */
  errorEventId: string | null;
}

function freshProgress(runId: string | null): Progress {
  return {
    runId,
    nodes: {},
    edges: {},
    open: new Map(),
    recent: new Set(),
    lastWasStart: false,
    handles: new Map(),
    begun: false,
    resuming: new Set(),
    errorEventId: null,
  };
}

function copyProgress(p: Progress): Progress {
  return {
    ...p,
    nodes: { ...p.nodes },
    edges: { ...p.edges },
    open: new Map(p.open),
    recent: new Set(p.recent),
    handles: new Map(p.handles),
    resuming: new Set(p.resuming),
  };
}

/** Events that say nothing about whether a run continues a paused turn. */
const NEUTRAL: ReadonlySet<string> = new Set(["run_start", "checkpoint_saved"]);

/**
 * Folds events into an overlay; `snapshot()` returns the same object while nothing changed.
 * @example
 * const fold = new RunOverlayFold(overlayGraph(document));
 * fold.apply(events);
 * fold.snapshot().nodes["agent-1"]?.status // "ok"
 */
export class RunOverlayFold {
  private p: Progress = freshProgress(null);
  /** The turn before the latest run_start, kept until the run shows whether it resumes that turn. */
  private before: Progress | null = null;
  private callAgent = new Map<string, string | null>();
  private callParent = new Map<string, string | null>();
  private runs = new Set<string>();
  private last: RunOverlay = EMPTY_OVERLAY;
  private changed = false;

  constructor(private readonly graph: OverlayGraph) {}

  apply(events: readonly RunEvent[], from = 0): void {
    for (let i = from; i < events.length; i++) this.see(events[i] as RunEvent);
  }

  snapshot(): RunOverlay {
    if (this.changed) {
      this.last = { runId: this.p.runId, nodes: { ...this.p.nodes }, edges: { ...this.p.edges } };
      this.changed = false;
    }
    return this.last;
  }

  private see(event: RunEvent): void {
    if (!this.callAgent.has(event.call_id)) {
      this.callAgent.set(event.call_id, event.agent);
      this.callParent.set(event.call_id, event.parent_call_id);
    }
    if (event.run_id !== this.p.runId) {
      // Events of a run started before the latest one (a background follow-up) do not change it.
      if (this.runs.has(event.run_id)) return;
      this.runs.add(event.run_id);
      // A new run clears the overlay at once; if it turns out to answer a pause, the paused turn comes back.
      this.before = this.p.runId === null ? null : this.p;
      this.p = freshProgress(event.run_id);
      this.changed = true;
    }
    if (this.before && !NEUTRAL.has(event.type)) {
      if (event.type === "interrupt_resolved") this.continueTurn();
      this.before = null;
    }
    this.step(event);
  }

  /** The run answers the pause of the turn before it: that turn goes on. */
  private continueTurn(): void {
    const before = this.before as Progress;
    const next = copyProgress(before);
    next.runId = this.p.runId;
    for (const [id, run] of Object.entries(next.nodes)) if (run.status === "paused") next.resuming.add(id);
    this.p = next;
    this.changed = true;
  }

  private step(event: RunEvent): void {
    switch (event.type) {
      case "node_start":
      case "agent_start": {
        const id = this.nodeOf(event);
        if (id) this.started(id, event);
        return;
      }
      case "node_end":
      case "agent_end": {
        const id = this.nodeOf(event);
        if (id) this.ended(id, event, event.duration_ms, event.error ?? null);
        return;
      }
      case "interrupt": {
        const id = this.nodeOf(event);
        if (id) this.update(id, { status: "paused", eventId: event.id });
        return;
      }
      case "branch_taken":
        this.took(event, event.handle);
        return;
      case "route_selected":
        this.took(event, event.route);
        return;
      case "error":
        this.p.errorEventId = event.id;
        return;
      case "run_end":
        this.runEnded(event);
        return;
      default:
        return;
    }
  }

  /** The document node an event concerns: agents by name (sub-agents run inside their parent), others by graph node name. */
  private nodeOf(event: RunEvent): string | undefined {
    const { byName, agents } = this.graph;
    if (event.type === "agent_start" || event.type === "agent_end")
      return (event.agent && agents.get(event.agent)) || (event.node ? byName.get(event.node) : undefined);
    if (!event.node) return undefined;
    return byName.get(event.node) ?? agents.get(event.node);
  }

  private update(id: string, patch: Partial<NodeRun>): void {
    const current = this.p.nodes[id] ?? FRESH;
    let same = true;
    for (const key of Object.keys(patch) as (keyof NodeRun)[]) if (current[key] !== patch[key]) same = false;
    if (same && this.p.nodes[id]) return;
    this.p.nodes[id] = { ...current, ...patch };
    this.changed = true;
  }

  private markEdge(edge: GraphEdge): void {
    if (this.p.edges[edge.id]) return;
    this.p.edges[edge.id] = true;
    this.changed = true;
  }

  /** Marks the edges from `source` to `target`; of a branching source, only those leaving the handle it took. */
  private markEdgesBetween(source: string, target: string): boolean {
    const between = (this.graph.outgoing.get(source) ?? []).filter((e) => e.target === target);
    if (between.length === 0) return false;
    const handle = this.p.handles.get(source);
    const taken = handle === undefined ? [] : between.filter((e) => (e.source_handle ?? "") === handle);
    for (const edge of taken.length > 0 ? taken : between) this.markEdge(edge);
    return true;
  }

  private started(id: string, event: RunEvent): void {
    const p = this.p;
    const current = p.nodes[id] ?? FRESH;
    const resumed = p.resuming.delete(id);
    p.open.set(id, (p.open.get(id) ?? 0) + 1);
    this.update(id, { status: "running", visits: current.visits + (resumed ? 0 : 1), eventId: event.id });
    if (event.depth === 1) {
      for (const source of p.recent) this.markEdgesBetween(source, id);
      // Every node of the first step (fan-out included) comes from Start.
      if (!p.begun) for (const start of this.graph.starts) if (this.markEdgesBetween(start, id)) this.update(start, { status: "ok", visits: 1 });
      p.lastWasStart = true;
    } else if (event.type === "agent_start") {
      this.delegated(id, event);
    }
  }

  /** A sub-agent started: the delegation edge from the agent whose call it runs in. */
  private delegated(id: string, event: RunEvent): void {
    const into = this.graph.delegationsInto.get(id) ?? [];
    let call = event.parent_call_id;
    for (let guard = 0; call && guard < 64; guard++) {
      const agent = this.callAgent.get(call);
      const parent = agent && agent !== event.agent ? this.graph.agents.get(agent) : undefined;
      const edge = parent ? into.find((e) => e.source === parent) : undefined;
      if (edge) return this.markEdge(edge);
      call = this.callParent.get(call) ?? null;
    }
    if (into.length === 1) this.markEdge(into[0] as GraphEdge);
  }

  private ended(id: string, event: RunEvent, durationMs: number, error: string | null): void {
    const p = this.p;
    const open = Math.max(0, (p.open.get(id) ?? 1) - 1);
    if (open === 0) p.open.delete(id);
    else p.open.set(id, open);
    this.update(id, { status: error ? "error" : open > 0 ? "running" : "ok", durationMs, eventId: event.id, error });
    if (event.depth === 1) {
      p.begun = true;
      if (p.lastWasStart) p.recent.clear();
      p.recent.add(id);
      p.lastWasStart = false;
    }
  }

  /** A branching node chose a handle: the nodes only its other handles lead to are skipped (until visited). */
  private took(event: RunEvent, handle: string): void {
    const id = this.nodeOf(event);
    if (!id) return;
    this.p.handles.set(id, handle);
    const edges = this.graph.outgoing.get(id) ?? [];
    const chosen = new Set(edges.filter((e) => (e.source_handle ?? "") === handle).map((e) => e.target));
    for (const edge of edges) {
      if (chosen.has(edge.target) || this.p.nodes[edge.target] || this.graph.ends.has(edge.target)) continue;
      this.update(edge.target, { status: "skipped" });
    }
  }

  private runEnded(event: RunEvent & { type: "run_end" }): void {
    const p = this.p;
    const left: RunStatus | null =
      event.status === "error" ? "error" : event.status === "interrupted" ? "paused" : event.status === "cancelled" ? "skipped" : null;
    for (const id of p.open.keys()) {
      const status = left ?? "ok";
      this.update(id, { status, eventId: status === "error" ? (p.errorEventId ?? event.id) : (p.nodes[id]?.eventId ?? event.id) });
    }
    p.open.clear();
    if (event.status !== "completed") return;
    for (const source of p.recent) {
      for (const end of this.graph.ends) if (this.markEdgesBetween(source, end)) this.update(end, { status: "ok", visits: 1, eventId: event.id });
    }
  }
}

/**
 * The overlay of a thread's events, recomputed only from what was appended since the last call
 * (the playground appends each frame's events to a new array); another thread, a rewritten
 * history or another document starts over.
 * @example
 * const derive = createRunOverlayDeriver();
 * derive(playground.getState().events, overlayGraph(document)).nodes // { "agent-1": { status: "running", … } }
 */
export function createRunOverlayDeriver(): (events: readonly RunEvent[], graph: OverlayGraph) => RunOverlay {
  let fold: RunOverlayFold | null = null;
  let seen: readonly RunEvent[] = [];
  let lastGraph: OverlayGraph | null = null;
  return (events, graph) => {
    const extends_ =
      fold !== null && graph === lastGraph && events.length >= seen.length && (seen.length === 0 || events[seen.length - 1] === seen[seen.length - 1]);
    if (!extends_ || !fold) {
      fold = new RunOverlayFold(graph);
      fold.apply(events);
    } else {
      fold.apply(events, seen.length);
    }
    seen = events;
    lastGraph = graph;
    return fold.snapshot();
  };
}
