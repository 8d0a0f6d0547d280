// A titled workspace region. Its visible heading is also its accessible name, so
// getByRole("region", { name: title }) finds it. A collapsible pane has a button beside the
// heading (never inside it: the region's name stays its title) and keeps the heading in view
// when collapsed.
import { useId, type ReactNode } from "react";

/** Height of a pane's heading row: what a pane collapsed along its height keeps (px). */
export const PANE_HEADING_PX = 32;

export interface PaneCollapse {
  collapsed: boolean;
  onToggle(): void;
  /** Collapses along its width (a side column): the heading then reads top to bottom. */
  sideways?: boolean;
}

type PaneProps = {
  /** Landmark name from ui-contract.md, shown as the pane heading. */
  title: string;
  className?: string;
  children: ReactNode;
  collapse?: PaneCollapse;
};

const headingText = "text-xs font-semibold tracking-wide text-zinc-600 uppercase dark:text-zinc-400";

export function Pane({ title, className = "", children, collapse }: PaneProps) {
  const headingId = useId();
  const collapsed = collapse?.collapsed ?? false;
  const sideways = collapsed && collapse?.sideways;
  return (
    <section aria-labelledby={headingId} className={`flex min-h-0 min-w-0 flex-col bg-white dark:bg-zinc-900 ${className}`}>
      <div
        className={
          sideways
            ? "flex h-full flex-col items-center gap-2 py-1"
            : "flex h-8 shrink-0 items-center gap-1 overflow-hidden border-b border-zinc-200 pr-1 dark:border-zinc-800"
        }
      >
        <h2 id={headingId} className={`${headingText} ${sideways ? "order-2 [writing-mode:vertical-rl]" : "min-w-0 flex-1 truncate px-3"}`}>
          {title}
        </h2>
        {collapse && (
          <button
            type="button"
            aria-label={`${collapsed ? "Expand" : "Collapse"} ${title}`}
            aria-expanded={!collapsed}
            title={`${collapsed ? "Expand" : "Collapse"} ${title}`}
            onClick={collapse.onToggle}
            className="order-1 shrink-0 rounded px-1.5 text-xs text-zinc-500 hover:bg-zinc-100 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:text-zinc-400 dark:hover:bg-zinc-800"
          >
            <span aria-hidden="true">{collapsed ? "+" : "−"}</span>
          </button>
        )}
      </div>
      {/* Collapsed content stays mounted (a canvas keeps its viewport) but out of reach. */}
      <div className="flex min-h-0 flex-1 overflow-auto" inert={collapsed}>
        {children}
      </div>
    </section>
  );
}
