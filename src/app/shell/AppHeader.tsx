// Top bar of the workspace: the app name and the graph controls (ui-contract.md).
import { EditToolbar } from "./EditToolbar";

export function AppHeader() {
  return (
    <header className="flex h-12 shrink-0 items-center gap-3 border-b border-zinc-200 bg-white px-4 dark:border-zinc-800 dark:bg-zinc-900">
      <h1 className="text-base font-semibold tracking-tight">Graphwright</h1>
      <EditToolbar />
    </header>
  );
}
