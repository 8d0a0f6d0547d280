// The workspace layout: header above three columns — palette and inspector, canvas over
// timeline, playground. Landmark names are stable API (see ui-contract.md).
import { AppHeader } from "./AppHeader";
import { EmptyState } from "./EmptyState";
import { Pane } from "./Pane";

export function AppShell() {
  return (
    <div className="flex h-full flex-col bg-zinc-100 text-zinc-900 dark:bg-zinc-950 dark:text-zinc-100">
      <AppHeader />
      <main className="grid min-h-0 flex-1 grid-cols-1 gap-px overflow-auto bg-zinc-200 md:grid-cols-[15rem_minmax(0,1fr)] xl:grid-cols-[15rem_minmax(0,1fr)_24rem] xl:overflow-hidden dark:bg-zinc-800">
        <div className="grid min-h-[20rem] grid-rows-[minmax(0,1fr)_minmax(0,1fr)] gap-px xl:min-h-0">
          <Pane title="Node palette">
            <EmptyState>No node kinds available</EmptyState>
          </Pane>
          <Pane title="Inspector">
            <EmptyState>Nothing selected</EmptyState>
          </Pane>
        </div>
        <div className="grid min-h-[32rem] grid-rows-[minmax(0,1fr)_minmax(10rem,30%)] gap-px xl:min-h-0">
          <Pane title="Canvas">
            <EmptyState>No graph open</EmptyState>
          </Pane>
          <Pane title="Timeline">
            <EmptyState>No runs yet</EmptyState>
          </Pane>
        </div>
        <Pane title="Playground" className="min-h-[20rem] md:col-span-2 xl:col-span-1 xl:min-h-0">
          <EmptyState>No messages yet</EmptyState>
        </Pane>
      </main>
    </div>
  );
}
