/**
 * The workspace's pane layout on wide screens: two groups of resizable panes (the columns, and
 * canvas over timeline in the centre), the presets the header and Ctrl/Cmd+K offer, and how a
 * layout is kept per browser. Sizes are percentages of their group, as react-resizable-panels
 * reports them.
 */
import type { KeyValueStorage } from "../../canvas/collapseStore";

/** Each group's panes, in order. The ids are also the panes' element ids. */
export const PANE_GROUPS = {
  columns: ["pane-sidebar", "pane-centre", "pane-playground"],
  centre: ["pane-canvas", "pane-timeline"],
} as const;
export type GroupId = keyof typeof PANE_GROUPS;
export type PaneLayout = Record<string, number>;

/** The panes a person can collapse to their heading, by their landmark name. */
export const COLLAPSIBLE_PANES = { Canvas: "pane-canvas", Timeline: "pane-timeline", Playground: "pane-playground" } as const;
export type CollapsiblePane = keyof typeof COLLAPSIBLE_PANES;

export const PRESET_IDS = ["default", "debug"] as const;
export type PresetId = (typeof PRESET_IDS)[number];

export interface LayoutPreset {
  title: string;
  /** What it is for, shown as the option's description. */
  hint: string;
  groups: Record<GroupId, PaneLayout>;
}

export const LAYOUT_PRESETS: Record<PresetId, LayoutPreset> = {
  default: {
    title: "Default",
    hint: "Canvas first, timeline below, playground beside",
    groups: { columns: { "pane-sidebar": 19, "pane-centre": 51, "pane-playground": 30 }, centre: { "pane-canvas": 70, "pane-timeline": 30 } },
  },
  debug: {
    title: "Debug",
    // The timeline's event tree and its state/event details need height more than the canvas does.
    hint: "A tall timeline with room for state and event details",
    groups: { columns: { "pane-sidebar": 15, "pane-centre": 60, "pane-playground": 25 }, centre: { "pane-canvas": 35, "pane-timeline": 65 } },
  },
};

export function isPresetId(value: unknown): value is PresetId {
  return typeof value === "string" && (PRESET_IDS as readonly string[]).includes(value);
}

export const layoutStorageKey = (group: GroupId) => `graphwright.layout.${group}`;
export const PRESET_STORAGE_KEY = "graphwright.layout.preset";

/**
 * A group's saved layout, or undefined when there is none or it does not fit the group (other
 * panes, sizes that are not percentages adding up to 100): the group then opens at its defaults.
 * @example readLayout(localStorage, "centre") // { "pane-canvas": 40, "pane-timeline": 60 }
 */
export function readLayout(storage: KeyValueStorage | null, group: GroupId): PaneLayout | undefined {
  try {
    const raw = storage?.getItem(layoutStorageKey(group));
    if (!raw) return undefined;
    const parsed: unknown = JSON.parse(raw);
    return isLayoutOf(group, parsed) ? parsed : undefined;
  } catch {
    return undefined;
  }
}

export function writeLayout(storage: KeyValueStorage | null, group: GroupId, layout: PaneLayout): void {
  if (!isLayoutOf(group, layout)) return;
  try {
    storage?.setItem(layoutStorageKey(group), JSON.stringify(layout));
  } catch {
    // Storage disabled or full: the layout holds for this page.
  }
}

/** Stored once a pane was resized by hand: the layout is the person's own. */
const CUSTOM = "custom";

/** The preset the layout came from: the default one until a preset is chosen; null once a pane was resized by hand. */
export function readPreset(storage: KeyValueStorage | null): PresetId | null {
  try {
    const raw = storage?.getItem(PRESET_STORAGE_KEY) ?? null;
    if (raw === CUSTOM) return null;
    return isPresetId(raw) ? raw : "default";
  } catch {
    return "default";
  }
}

export function writePreset(storage: KeyValueStorage | null, preset: PresetId | null): void {
  try {
    storage?.setItem(PRESET_STORAGE_KEY, preset ?? CUSTOM);
  } catch {
    // As above: kept in memory only.
  }
}

function isLayoutOf(group: GroupId, value: unknown): value is PaneLayout {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  const ids: readonly string[] = PANE_GROUPS[group];
  const entries = Object.entries(value);
  if (entries.length !== ids.length || !entries.every(([id, size]) => ids.includes(id) && typeof size === "number" && size >= 0 && size <= 100)) return false;
  const total = entries.reduce((sum, [, size]) => sum + (size as number), 0);
  return Math.abs(total - 100) < 0.5;
}
