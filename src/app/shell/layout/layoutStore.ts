/**
 * The page's pane layout state: the preset in use, which panes are collapsed, and whether the
 * canvas shows its minimap. The wide layout registers its resizable groups and panes here, so
 * the header, the pane headings and Ctrl/Cmd+K all act on the same panes.
 */
import { useStore } from "zustand";
import { createStore } from "zustand/vanilla";
import type { KeyValueStorage } from "../../canvas/collapseStore";
import {
  COLLAPSIBLE_PANES,
  LAYOUT_PRESETS,
  readPreset,
  writeLayout,
  writePreset,
  type CollapsiblePane,
  type GroupId,
  type PaneLayout,
  type PresetId,
} from "./paneLayout";

/** What the layout needs of a react-resizable-panels group and panel (their imperative handles). */
export interface GroupHandle {
  setLayout(layout: PaneLayout): unknown;
}
export interface PanelHandle {
  collapse(): void;
  expand(): void;
  isCollapsed(): boolean;
}

export const MINIMAP_STORAGE_KEY = "graphwright.canvas.minimap";

interface LayoutState {
  preset: PresetId | null;
  collapsed: Readonly<Record<CollapsiblePane, boolean>>;
  minimapShown: boolean;
  applyPreset(id: PresetId): void;
  togglePane(pane: CollapsiblePane): void;
  /** A group's layout changed (by hand, by a preset, or at mount): keep it; a hand-made change ends the preset. */
  layoutChanged(group: GroupId, layout: PaneLayout, byUser: boolean): void;
  /** A pane reported its size: whether it is now collapsed. */
  paneResized(pane: CollapsiblePane, collapsed: boolean): void;
  setMinimapShown(shown: boolean): void;
  registerGroup(group: GroupId, handle: GroupHandle | null): void;
  registerPane(pane: CollapsiblePane, handle: PanelHandle | null): void;
}

/**
 * @example
 * const layout = createLayoutStore(localStorage);
 * layout.getState().applyPreset("debug"); // a tall timeline, remembered for the next visit
 */
export function createLayoutStore(storage: KeyValueStorage | null) {
  const groups = new Map<GroupId, GroupHandle>();
  const panes = new Map<CollapsiblePane, PanelHandle>();
  return createStore<LayoutState>()((set, get) => ({
    preset: readPreset(storage),
    collapsed: { Canvas: false, Timeline: false, Playground: false },
    minimapShown: readMinimapShown(storage),
    applyPreset(id) {
      for (const [group, layout] of Object.entries(LAYOUT_PRESETS[id].groups) as [GroupId, PaneLayout][]) {
        const handle = groups.get(group);
        // Without the wide layout on screen the preset is kept for when it is.
        if (handle) handle.setLayout(layout);
        else writeLayout(storage, group, layout);
      }
      writePreset(storage, id);
      set({ preset: id });
    },
    togglePane(pane) {
      const handle = panes.get(pane);
      if (!handle) return;
      if (handle.isCollapsed()) handle.expand();
      else handle.collapse();
      // The panes no longer match a preset; choosing one again restores it.
      writePreset(storage, null);
      set({ preset: null });
    },
    layoutChanged(group, layout, byUser) {
      writeLayout(storage, group, layout);
      if (byUser && get().preset !== null) {
        writePreset(storage, null);
        set({ preset: null });
      }
    },
    paneResized(pane, collapsed) {
      if (get().collapsed[pane] !== collapsed) set((s) => ({ collapsed: { ...s.collapsed, [pane]: collapsed } }));
    },
    setMinimapShown(shown) {
      try {
        if (shown) storage?.removeItem(MINIMAP_STORAGE_KEY);
        else storage?.setItem(MINIMAP_STORAGE_KEY, "hidden");
      } catch {
        // Kept for this page only.
      }
      set({ minimapShown: shown });
    },
    registerGroup(group, handle) {
      if (handle) groups.set(group, handle);
      else groups.delete(group);
    },
    registerPane(pane, handle) {
      if (handle) panes.set(pane, handle);
      else panes.delete(pane);
    },
  }));
}

function readMinimapShown(storage: KeyValueStorage | null): boolean {
  try {
    return storage?.getItem(MINIMAP_STORAGE_KEY) !== "hidden";
  } catch {
    return true;
  }
}

export type LayoutStore = ReturnType<typeof createLayoutStore>;

let shared: LayoutStore | undefined;
/** The page's one layout store, kept in localStorage. */
export function appLayoutStore(): LayoutStore {
  if (!shared) {
    let storage: KeyValueStorage | null = null;
    try {
      storage = typeof localStorage === "undefined" ? null : localStorage;
    } catch {
      // Storage can be disabled: layouts then hold for the page only.
    }
    shared = createLayoutStore(storage);
  }
  return shared;
}

export function useLayout<T>(selector: (state: LayoutState) => T): T {
  return useStore(appLayoutStore(), selector);
}

export { COLLAPSIBLE_PANES };
