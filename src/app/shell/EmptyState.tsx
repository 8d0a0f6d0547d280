// Neutral placeholder text centred in a pane that has nothing to show.
import type { ReactNode } from "react";

export function EmptyState({ children }: { children: ReactNode }) {
  return <p className="m-auto p-4 text-center text-sm text-zinc-500 dark:text-zinc-400">{children}</p>;
}
