// The workspace layout: header above three columns — palette and inspector, canvas over
// timeline, playground. Landmark names are stable API (see ui-contract.md). Each pane's
// content lives in its own folder.
import { Canvas } from "../canvas/Canvas";
import { Palette } from "../canvas/Palette";
import { Inspector } from "../inspector/Inspector";
import { Playground } from "../playground/Playground";
import { Timeline } from "../timeline/Timeline";
import { AppHeader } from "./AppHeader";
import { Pane } from "./Pane";
import { ProblemsPanel } from "./ProblemsPanel";

export function AppShell() {
  return (
    <div className="flex h-full flex-col bg-zinc-100 text-zinc-900 dark:bg-zinc-950 dark:text-zinc-100">
      <AppHeader />
      <main className="grid min-h-0 flex-1 grid-cols-1 gap-px overflow-auto bg-zinc-200 md:grid-cols-[15rem_minmax(0,1fr)] xl:grid-cols-[15rem_minmax(0,1fr)_24rem] xl:overflow-hidden dark:bg-zinc-800">
        <div className="grid min-h-[20rem] grid-rows-[auto_minmax(0,1fr)] gap-px xl:min-h-0">
          <Pane title="Node palette">
            <Palette />
          </Pane>
          <Pane title="Inspector">
            <Inspector />
          </Pane>
        </div>
        <div className="grid min-h-[32rem] grid-rows-[minmax(0,1fr)_auto_minmax(10rem,30%)] gap-px xl:min-h-0">
          <Pane title="Canvas">
            <Canvas />
          </Pane>
          <ProblemsPanel />
          <Pane title="Timeline">
            <Timeline />
          </Pane>
        </div>
        <Pane title="Playground" className="min-h-[20rem] md:col-span-2 xl:col-span-1 xl:min-h-0">
          <Playground />
        </Pane>
      </main>
    </div>
  );
}
