// The workspace layout: header above the panes — palette and inspector, canvas over timeline,
// playground. Wide screens get resizable, collapsible panes (PaneLayoutShell); narrow ones a
// scrolling grid. Landmark names are stable API (see ui-contract.md). Each pane's content lives
// in its own folder.
import { lazy, Suspense, useState } from "react";
import { Canvas } from "../canvas/Canvas";
import { Palette } from "../canvas/Palette";
import { Inspector } from "../inspector/Inspector";
import { Playground } from "../playground/Playground";
import { useGraphSession } from "../services/GraphSessionProvider";
import { Timeline } from "../timeline/Timeline";
import { AppHeader } from "./AppHeader";
import { PaneLayoutShell } from "./layout/PaneLayoutShell";
import { useMediaQuery } from "./layout/useMediaQuery";
import { Pane } from "./Pane";
import { ProblemsPanel } from "./ProblemsPanel";
import { createShellStore, ShellStoreProvider, useShell } from "./shellStore";

/** From this width the panes sit side by side and resize; below it they stack and scroll. */
export const WIDE_LAYOUT_QUERY = "(min-width: 1024px)";

export function AppShell() {
  const { startup } = useGraphSession();
  // A share link opened (or refused) at start-up is reported once.
  const [shell] = useState(() =>
    createShellStore({ notice: startup.notice ? { message: startup.notice, error: false } : null, importFailure: startup.importFailure }),
  );
  const wide = useMediaQuery(WIDE_LAYOUT_QUERY);
  return (
    <ShellStoreProvider store={shell}>
      <div className="flex h-full flex-col bg-zinc-100 text-zinc-900 dark:bg-zinc-950 dark:text-zinc-100">
        <AppHeader />
        {wide ? (
          <main className="min-h-0 flex-1 overflow-hidden">
            <PaneLayoutShell />
          </main>
        ) : (
          <StackedPanes />
        )}
        <CommandPaletteHost />
      </div>
    </ShellStoreProvider>
  );
}

/** Ctrl/Cmd+K's palette, loaded when first opened. */
const CommandPalette = lazy(() => import("../commands/CommandPalette").then((m) => ({ default: m.CommandPalette })));

function CommandPaletteHost() {
  const open = useShell((s) => s.dialog === "commands");
  return open ? (
    <Suspense fallback={null}>
      <CommandPalette />
    </Suspense>
  ) : null;
}

/** Narrow screens: the panes in a grid that scrolls (two columns from md). */
function StackedPanes() {
  return (
    <main className="grid min-h-0 flex-1 grid-cols-1 gap-px overflow-auto bg-zinc-200 md:grid-cols-[15rem_minmax(0,1fr)] dark:bg-zinc-800">
      <div className="grid min-h-[20rem] grid-rows-[auto_minmax(0,1fr)] gap-px">
        <Pane title="Node palette">
          <Palette />
        </Pane>
        <Pane title="Inspector">
          <Inspector />
        </Pane>
      </div>
      <div className="grid min-h-[32rem] grid-rows-[minmax(0,1fr)_auto_minmax(10rem,30%)] gap-px">
        <Pane title="Canvas">
          <Canvas />
        </Pane>
        <ProblemsPanel />
        <Pane title="Timeline">
          <Timeline />
        </Pane>
      </div>
      <Pane title="Playground" className="min-h-[20rem] md:col-span-2">
        <Playground />
      </Pane>
    </main>
  );
}
