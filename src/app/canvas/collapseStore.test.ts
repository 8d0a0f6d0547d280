import { describe, expect, it } from "vitest";
import { collapsedStorageKey, createCollapseStore, type KeyValueStorage } from "./collapseStore";

function memoryStorage(): KeyValueStorage & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return { data, getItem: (k) => data.get(k) ?? null, setItem: (k, v) => void data.set(k, v), removeItem: (k) => void data.delete(k) };
}

describe("collapsed subtrees, per graph", () => {
  it("toggles a parent and keeps graphs apart", () => {
    const store = createCollapseStore(memoryStorage());
    store.getState().toggle("g1", "main");
    expect(store.getState().collapsed("g1")).toEqual(new Set(["main"]));
    expect(store.getState().collapsed("g2")).toEqual(new Set());
    store.getState().toggle("g1", "main");
    expect(store.getState().collapsed("g1")).toEqual(new Set());
  });

  it("survives a reload: a new store reads what the previous one saved", () => {
    const storage = memoryStorage();
    createCollapseStore(storage).getState().toggle("g1", "main");
    expect(createCollapseStore(storage).getState().collapsed("g1")).toEqual(new Set(["main"]));
  });

  it("removes the saved entry once nothing is collapsed", () => {
    const storage = memoryStorage();
    const store = createCollapseStore(storage);
    store.getState().toggle("g1", "main");
    store.getState().toggle("g1", "main");
    expect(storage.data.has(collapsedStorageKey("g1"))).toBe(false);
  });

  it("ignores corrupt saved state and works without storage", () => {
    const storage = memoryStorage();
    storage.setItem(collapsedStorageKey("g1"), "{not json");
    expect(createCollapseStore(storage).getState().collapsed("g1")).toEqual(new Set());
    const memoryOnly = createCollapseStore(null);
    memoryOnly.getState().toggle("g1", "a");
    expect(memoryOnly.getState().collapsed("g1")).toEqual(new Set(["a"]));
  });
});
