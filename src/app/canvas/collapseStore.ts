/**
 * Which parent agents have their subtree collapsed, per graph. UI state only (never in the
 * document or its undo history); kept in localStorage so it survives a reload.
 */
import { useStore } from "zustand";
import { createStore } from "zustand/vanilla";

const EMPTY: ReadonlySet<string> = new Set();
export const collapsedStorageKey = (graphId: string) => `graphwright.canvas.collapsed.${graphId}`;

interface CollapseState {
  byGraph: Readonly<Record<string, ReadonlySet<string>>>;
  /** The collapsed parents of a graph: in memory, else from storage. */
  collapsed(graphId: string): ReadonlySet<string>;
  toggle(graphId: string, nodeId: string): void;
  set(graphId: string, nodeIds: Iterable<string>): void;
}

/** Minimal storage interface (localStorage in the app, a Map in tests). */
export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

function browserStorage(): KeyValueStorage | null {
  try {
    return typeof localStorage === "undefined" ? null : localStorage;
  } catch {
    // Storage can be disabled (privacy mode): collapse still works for this page.
    return null;
  }
}

function read(storage: KeyValueStorage | null, graphId: string): ReadonlySet<string> {
  try {
    const raw = storage?.getItem(collapsedStorageKey(graphId));
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    return Array.isArray(parsed) ? new Set(parsed.filter((v): v is string => typeof v === "string")) : EMPTY;
  } catch {
    return EMPTY;
  }
}

function write(storage: KeyValueStorage | null, graphId: string, ids: ReadonlySet<string>): void {
  try {
    if (ids.size === 0) storage?.removeItem(collapsedStorageKey(graphId));
    else storage?.setItem(collapsedStorageKey(graphId), JSON.stringify([...ids]));
  } catch {
    // Quota or disabled storage: the state stays in memory.
  }
}

/**
 * @example
 * const store = createCollapseStore(localStorage);
 * store.getState().toggle("g1", "supervisor");
 * store.getState().collapsed("g1") // Set { "supervisor" }
 */
export function createCollapseStore(storage: KeyValueStorage | null = browserStorage()) {
  return createStore<CollapseState>()((set, get) => ({
    byGraph: {},
    collapsed: (graphId) => get().byGraph[graphId] ?? read(storage, graphId),
    toggle(graphId, nodeId) {
      const current = get().collapsed(graphId);
      const next = new Set(current);
      if (next.has(nodeId)) next.delete(nodeId);
      else next.add(nodeId);
      get().set(graphId, next);
    },
    set(graphId, nodeIds) {
      const next = new Set(nodeIds);
      write(storage, graphId, next);
      set((s) => ({ byGraph: { ...s.byGraph, [graphId]: next } }));
    },
  }));
}

export type CollapseStore = ReturnType<typeof createCollapseStore>;

let shared: CollapseStore | undefined;
export function appCollapseStore(): CollapseStore {
  shared ??= createCollapseStore();
  return shared;
}

/** The collapsed parents of a graph, re-rendering when they change. */
export function useCollapsed(graphId: string): ReadonlySet<string> {
  const inMemory = useStore(appCollapseStore(), (s) => s.byGraph[graphId]);
  return inMemory ?? readOnce(graphId);
}

const firstReads = new Map<string, ReadonlySet<string>>();
/** Storage is read once per graph, so the hook returns a stable set between renders. */
function readOnce(graphId: string): ReadonlySet<string> {
  let hit = firstReads.get(graphId);
  if (!hit) {
    hit = read(browserStorage(), graphId);
    firstReads.set(graphId, hit);
  }
  return hit;
}
