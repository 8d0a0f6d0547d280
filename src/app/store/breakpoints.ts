/**
 * Breakpoints per graph, in this browser only: they belong to the person debugging, not to
 * the document (never exported, never in its undo history). Kept in localStorage so they
 * survive a reload; read by the playground controller when a run starts.
 */
import { useStore } from "zustand";
import { createStore } from "zustand/vanilla";
import type { Breakpoint } from "../../engine/index.js";
import type { BreakStep, BreakWhen } from "../../schema/index.js";
import type { KeyValueStorage } from "../canvas/collapseStore";

export type { Breakpoint } from "../../engine/index.js";

export const breakpointsStorageKey = (graphId: string) => `graphwright.breakpoints.${graphId}`;

const EMPTY: readonly Breakpoint[] = [];

/** Which place of a node a breakpoint sits at: the whole node, or an agent's loop step. */
export interface BreakPlace {
  nodeId: string;
  step: BreakStep | null;
}

interface BreakpointsState {
  byGraph: Readonly<Record<string, readonly Breakpoint[]>>;
  /** A graph's breakpoints: in memory, else from storage. */
  of(graphId: string): readonly Breakpoint[];
  /** Sets (or with `on` false, removes) the breakpoint at a place and moment, keeping its condition. */
  toggle(graphId: string, place: BreakPlace, when: BreakWhen, on: boolean): void;
  /** Sets the condition of both breakpoints at a place ("" for none). */
  setCondition(graphId: string, place: BreakPlace, condition: string): void;
  /** Drops breakpoints of nodes that no longer exist. */
  prune(graphId: string, nodeIds: ReadonlySet<string>): void;
}

function browserStorage(): KeyValueStorage | null {
  try {
    return typeof localStorage === "undefined" ? null : localStorage;
  } catch {
    return null;
  }
}

function isBreakpoint(value: unknown): value is Breakpoint {
  const v = value as Partial<Breakpoint> | null;
  return (
    !!v &&
    typeof v.node_id === "string" &&
    (v.when === "before" || v.when === "after") &&
    (v.step === undefined || v.step === null || v.step === "call_model" || v.step === "call_tools") &&
    (v.condition === undefined || v.condition === null || typeof v.condition === "string")
  );
}

function read(storage: KeyValueStorage | null, graphId: string): readonly Breakpoint[] {
  try {
    const raw = storage?.getItem(breakpointsStorageKey(graphId));
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    return Array.isArray(parsed) ? parsed.filter(isBreakpoint) : EMPTY;
  } catch {
    return EMPTY;
  }
}

function write(storage: KeyValueStorage | null, graphId: string, list: readonly Breakpoint[]): void {
  try {
    if (list.length === 0) storage?.removeItem(breakpointsStorageKey(graphId));
    else storage?.setItem(breakpointsStorageKey(graphId), JSON.stringify(list));
  } catch {
    // Quota or disabled storage: breakpoints stay for this page.
  }
}

const at = (bp: Breakpoint, place: BreakPlace) => bp.node_id === place.nodeId && (bp.step ?? null) === place.step;

/**
 * @example
 * const store = createBreakpointsStore(new Map-backed storage);
 * store.getState().toggle("g1", { nodeId: "agent", step: "call_tools" }, "before", true);
 * store.getState().of("g1") // [{ node_id: "agent", step: "call_tools", when: "before", condition: null }]
 */
export function createBreakpointsStore(storage: KeyValueStorage | null = browserStorage()) {
  return createStore<BreakpointsState>((set, get) => {
    // Read once per graph, so selectors get the same list until it changes.
    const stored = new Map<string, readonly Breakpoint[]>();
    const update = (graphId: string, next: readonly Breakpoint[]) => {
      write(storage, graphId, next);
      set({ byGraph: { ...get().byGraph, [graphId]: next } });
    };
    return {
      byGraph: {},
      of(graphId) {
        const known = get().byGraph[graphId] ?? stored.get(graphId);
        if (known) return known;
        const list = read(storage, graphId);
        stored.set(graphId, list);
        return list;
      },
      toggle(graphId, place, when, on) {
        const list = get().of(graphId);
        const condition = list.find((bp) => at(bp, place))?.condition ?? null;
        const others = list.filter((bp) => !(at(bp, place) && bp.when === when));
        update(graphId, on ? [...others, { node_id: place.nodeId, step: place.step, when, condition }] : others);
      },
      setCondition(graphId, place, condition) {
        const text = condition.trim() ? condition : null;
        update(
          graphId,
          get()
            .of(graphId)
            .map((bp) => (at(bp, place) ? { ...bp, condition: text } : bp)),
        );
      },
      prune(graphId, nodeIds) {
        const list = get().of(graphId);
        const kept = list.filter((bp) => nodeIds.has(bp.node_id));
        if (kept.length !== list.length) update(graphId, kept);
      },
    };
  });
}

export const breakpointsStore = createBreakpointsStore();

/** The breakpoints a run of this graph starts with (read when a run starts). */
export function breakpointsFor(graphId: string): readonly Breakpoint[] {
  return breakpointsStore.getState().of(graphId);
}

/** The breakpoints at one place of a node, narrowly selected. */
export function useBreakpointsAt(graphId: string | null, place: BreakPlace): readonly Breakpoint[] {
  const list = useStore(breakpointsStore, (s) => (graphId ? (s.byGraph[graphId] ?? s.of(graphId)) : EMPTY));
  return list.filter((bp) => at(bp, place));
}

/** True when a node has any breakpoint (a dot on the canvas). */
export function useHasBreakpoint(graphId: string | null, nodeId: string): boolean {
  return useStore(breakpointsStore, (s) => (graphId ? (s.byGraph[graphId] ?? s.of(graphId)).some((bp) => bp.node_id === nodeId) : false));
}
