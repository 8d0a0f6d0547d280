import { describe, expect, it } from "vitest";
import type { KeyValueStorage } from "../../canvas/collapseStore";
import { LAYOUT_PRESETS, layoutStorageKey, PANE_GROUPS, PRESET_IDS, readLayout, readPreset, writeLayout, writePreset } from "./paneLayout";

function memoryStorage(): KeyValueStorage & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return { data, getItem: (k) => data.get(k) ?? null, setItem: (k, v) => void data.set(k, v), removeItem: (k) => void data.delete(k) };
}

describe("pane layout kept per browser", () => {
  it("reads back the layout a group saved, group by group", () => {
    const storage = memoryStorage();
    writeLayout(storage, "centre", { "pane-canvas": 30, "pane-timeline": 70 });
    expect(readLayout(storage, "centre")).toEqual({ "pane-canvas": 30, "pane-timeline": 70 });
    expect(readLayout(storage, "columns")).toBeUndefined();
  });

  it("keeps a collapsed pane's near-zero size", () => {
    const storage = memoryStorage();
    writeLayout(storage, "columns", { "pane-sidebar": 20, "pane-centre": 77.4, "pane-playground": 2.6 });
    expect(readLayout(storage, "columns")?.["pane-playground"]).toBe(2.6);
  });

  it("opens at the defaults when the saved layout is corrupt or names other panes", () => {
    const storage = memoryStorage();
    storage.setItem(layoutStorageKey("centre"), "{not json");
    expect(readLayout(storage, "centre")).toBeUndefined();
    storage.setItem(layoutStorageKey("centre"), JSON.stringify({ "pane-canvas": 50, "pane-logs": 50 }));
    expect(readLayout(storage, "centre")).toBeUndefined();
    storage.setItem(layoutStorageKey("centre"), JSON.stringify({ "pane-canvas": 50, "pane-timeline": 20 }));
    expect(readLayout(storage, "centre")).toBeUndefined();
    expect(readLayout(null, "centre")).toBeUndefined();
  });

  it("never saves a layout that would not read back", () => {
    const storage = memoryStorage();
    writeLayout(storage, "centre", { "pane-canvas": 50 });
    expect(storage.data.size).toBe(0);
  });

  it("starts at the default preset and remembers a chosen one until a pane is resized by hand", () => {
    const storage = memoryStorage();
    expect(readPreset(storage)).toBe("default");
    writePreset(storage, "debug");
    expect(readPreset(storage)).toBe("debug");
    writePreset(storage, null);
    expect(readPreset(storage)).toBeNull();
  });

  it.each(PRESET_IDS)("the %s preset is a valid layout of every group", (id) => {
    const storage = memoryStorage();
    for (const group of Object.keys(PANE_GROUPS) as (keyof typeof PANE_GROUPS)[]) {
      writeLayout(storage, group, LAYOUT_PRESETS[id].groups[group]);
      expect(readLayout(storage, group)).toEqual(LAYOUT_PRESETS[id].groups[group]);
    }
  });

  it("the debug preset gives the timeline more height than the canvas", () => {
    const { centre } = LAYOUT_PRESETS.debug.groups;
    expect(centre["pane-timeline"]).toBeGreaterThan(centre["pane-canvas"] ?? 100);
    expect(centre["pane-timeline"]).toBeGreaterThan(LAYOUT_PRESETS.default.groups.centre["pane-timeline"] ?? 100);
  });
});
