import { describe, expect, it } from "vitest";
import type { KeyValueStorage } from "../../canvas/collapseStore";
import { LAYOUT_PRESETS, readLayout, readPreset, type PaneLayout } from "./paneLayout";
import { createLayoutStore, type PanelHandle } from "./layoutStore";

function memoryStorage(): KeyValueStorage & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return { data, getItem: (k) => data.get(k) ?? null, setItem: (k, v) => void data.set(k, v), removeItem: (k) => void data.delete(k) };
}

function fakePanel(): PanelHandle & { state: { collapsed: boolean } } {
  const state = { collapsed: false };
  return { state, collapse: () => void (state.collapsed = true), expand: () => void (state.collapsed = false), isCollapsed: () => state.collapsed };
}

describe("the layout store", () => {
  it("applies a preset to the mounted groups and remembers it", () => {
    const storage = memoryStorage();
    const store = createLayoutStore(storage);
    const applied: PaneLayout[] = [];
    store.getState().registerGroup("centre", { setLayout: (layout) => applied.push(layout) });
    store.getState().applyPreset("debug");
    expect(applied).toEqual([LAYOUT_PRESETS.debug.groups.centre]);
    // The columns group is not on screen (a narrow window): its part waits in storage.
    expect(readLayout(storage, "columns")).toEqual(LAYOUT_PRESETS.debug.groups.columns);
    expect(createLayoutStore(storage).getState().preset).toBe("debug");
  });

  it("ends the preset when a pane is resized by hand, not when the layout settles by itself", () => {
    const storage = memoryStorage();
    const store = createLayoutStore(storage);
    store.getState().applyPreset("debug");
    store.getState().layoutChanged("centre", { "pane-canvas": 40, "pane-timeline": 60 }, false);
    expect(store.getState().preset).toBe("debug");
    store.getState().layoutChanged("centre", { "pane-canvas": 45, "pane-timeline": 55 }, true);
    expect(store.getState().preset).toBeNull();
    expect(readPreset(storage)).toBeNull();
    expect(readLayout(storage, "centre")).toEqual({ "pane-canvas": 45, "pane-timeline": 55 });
  });

  it("collapses and expands a pane through its registered handle, which ends the preset", () => {
    const store = createLayoutStore(memoryStorage());
    const timeline = fakePanel();
    store.getState().registerPane("Timeline", timeline);
    store.getState().togglePane("Timeline");
    expect(timeline.state.collapsed).toBe(true);
    expect(store.getState().preset).toBeNull();
    store.getState().togglePane("Timeline");
    expect(timeline.state.collapsed).toBe(false);
  });

  it("remembers a hidden minimap", () => {
    const storage = memoryStorage();
    createLayoutStore(storage).getState().setMinimapShown(false);
    expect(createLayoutStore(storage).getState().minimapShown).toBe(false);
  });
});
