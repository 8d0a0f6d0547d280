// A titled workspace region. Its visible heading is also its accessible name, so
// getByRole("region", { name: title }) finds it.
import { useId, type ReactNode } from "react";

type PaneProps = {
  /** Landmark name from ui-contract.md, shown as the pane heading. */
  title: string;
  className?: string;
  children: ReactNode;
};

export function Pane({ title, className = "", children }: PaneProps) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className={`flex min-h-0 min-w-0 flex-col bg-white dark:bg-zinc-900 ${className}`}>
      <h2
        id={headingId}
        className="shrink-0 border-b border-zinc-200 px-3 py-2 text-xs font-semibold tracking-wide text-zinc-600 uppercase dark:border-zinc-800 dark:text-zinc-400"
      >
        {title}
      </h2>
      <div className="flex min-h-0 flex-1 overflow-auto">{children}</div>
    </section>
  );
}
