// The workspace on wide screens: resizable, collapsible panes (react-resizable-panels) — the
// palette and inspector column, the canvas over the timeline, the playground — with keyboard
// separators, sizes kept per browser and presets from the header or Ctrl/Cmd+K.
import { useEffect, useState, type ReactNode } from "react";
import { Group, Panel, Separator, useGroupRef, usePanelRef, type Layout, type LayoutChangedMeta } from "react-resizable-panels";
import { Canvas } from "../../canvas/Canvas";
import { Palette } from "../../canvas/Palette";
import { Inspector } from "../../inspector/Inspector";
import { Playground } from "../../playground/Playground";
import { Timeline } from "../../timeline/Timeline";
import { Pane, PANE_HEADING_PX } from "../Pane";
import { ProblemsPanel } from "../ProblemsPanel";
import { appLayoutStore, useLayout } from "./layoutStore";
import { COLLAPSIBLE_PANES, LAYOUT_PRESETS, readLayout, type CollapsiblePane, type GroupId } from "./paneLayout";

const separatorBase =
  "bg-zinc-200 outline-none hover:bg-indigo-400 data-[separator=active]:bg-indigo-500 data-[separator=focus]:bg-indigo-500 dark:bg-zinc-800 dark:hover:bg-indigo-500";
/** A collapsed side column keeps room for its heading, read top to bottom. */
const SIDEWAYS_COLLAPSED_PX = 36;

export function PaneLayoutShell() {
  return (
    <ResizableGroup group="columns" orientation="horizontal">
      <Panel id="pane-sidebar" minSize="12rem" maxSize="40%">
        <div className="grid h-full grid-rows-[auto_minmax(0,1fr)] gap-px bg-zinc-200 dark:bg-zinc-800">
          <Pane title="Node palette">
            <Palette />
          </Pane>
          <Pane title="Inspector">
            <Inspector />
          </Pane>
        </div>
      </Panel>
      <Separator aria-label="Resize sidebar" className={`w-px ${separatorBase}`} />
      <Panel id="pane-centre" minSize="20rem">
        <ResizableGroup group="centre" orientation="vertical">
          <CollapsiblePanel pane="Canvas" minSize="8rem">
            {(collapse) => (
              <div className="flex h-full flex-col gap-px bg-zinc-200 dark:bg-zinc-800">
                <Pane title="Canvas" className="flex-1" collapse={collapse}>
                  <Canvas />
                </Pane>
                {!collapse.collapsed && <ProblemsPanel />}
              </div>
            )}
          </CollapsiblePanel>
          <Separator aria-label="Resize timeline" className={`h-px ${separatorBase}`} />
          <CollapsiblePanel pane="Timeline" minSize="6rem">
            {(collapse) => (
              <Pane title="Timeline" className="h-full" collapse={collapse}>
                <Timeline />
              </Pane>
            )}
          </CollapsiblePanel>
        </ResizableGroup>
      </Panel>
      <Separator aria-label="Resize playground" className={`w-px ${separatorBase}`} />
      <CollapsiblePanel pane="Playground" minSize="16rem" sideways>
        {(collapse) => (
          <Pane title="Playground" className="h-full" collapse={collapse}>
            <Playground />
          </Pane>
        )}
      </CollapsiblePanel>
    </ResizableGroup>
  );
}

/** A group whose layout is read from and saved to this browser, and which presets can set. */
function ResizableGroup({ group, orientation, children }: { group: GroupId; orientation: "horizontal" | "vertical"; children: ReactNode }) {
  const groupRef = useGroupRef();
  const [defaultLayout] = useState(() => readLayout(browserStorage(), group) ?? LAYOUT_PRESETS.default.groups[group]);
  useEffect(() => {
    const handle = groupRef.current;
    appLayoutStore().getState().registerGroup(group, handle);
    return () => appLayoutStore().getState().registerGroup(group, null);
  }, [group, groupRef]);
  const onLayoutChanged = (layout: Layout, meta: LayoutChangedMeta) =>
    appLayoutStore()
      .getState()
      .layoutChanged(group, meta.requestedLayout ?? layout, meta.isUserInteraction);
  return (
    <Group
      id={`group-${group}`}
      orientation={orientation}
      groupRef={groupRef}
      defaultLayout={defaultLayout}
      onLayoutChanged={onLayoutChanged}
      className="h-full w-full"
    >
      {children}
    </Group>
  );
}

/** A pane that collapses to its heading, from its heading's button, its separator (Enter) or Ctrl/Cmd+K. */
function CollapsiblePanel({
  pane,
  minSize,
  sideways = false,
  children,
}: {
  pane: CollapsiblePane;
  minSize: string;
  sideways?: boolean;
  children: (collapse: { collapsed: boolean; onToggle(): void; sideways: boolean }) => ReactNode;
}) {
  const panelRef = usePanelRef();
  const collapsed = useLayout((s) => s.collapsed[pane]);
  useEffect(() => {
    const handle = panelRef.current;
    appLayoutStore().getState().registerPane(pane, handle);
    return () => appLayoutStore().getState().registerPane(pane, null);
  }, [pane, panelRef]);
  return (
    <Panel
      id={COLLAPSIBLE_PANES[pane]}
      panelRef={panelRef}
      collapsible
      collapsedSize={sideways ? SIDEWAYS_COLLAPSED_PX : PANE_HEADING_PX}
      minSize={minSize}
      onResize={() =>
        appLayoutStore()
          .getState()
          .paneResized(pane, panelRef.current?.isCollapsed() ?? false)
      }
    >
      {children({ collapsed, onToggle: () => appLayoutStore().getState().togglePane(pane), sideways })}
    </Panel>
  );
}

function browserStorage() {
  try {
    return typeof localStorage === "undefined" ? null : localStorage;
  } catch {
    return null;
  }
}
