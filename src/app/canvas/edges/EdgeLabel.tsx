// A small label centred on an edge, rendered in React Flow's HTML label layer.
import { EdgeLabelRenderer } from "@xyflow/react";
import type { ReactNode } from "react";

const TONES = {
  amber: "border-amber-300 bg-amber-50 text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100",
  violet: "border-violet-300 bg-violet-50 text-violet-900 dark:border-violet-700 dark:bg-violet-950 dark:text-violet-100",
  fuchsia: "border-fuchsia-300 bg-fuchsia-50 text-fuchsia-900 dark:border-fuchsia-700 dark:bg-fuchsia-950 dark:text-fuchsia-100",
} as const;

export function EdgeLabel({ x, y, tone, children }: { x: number; y: number; tone: "amber" | "violet" | "fuchsia"; children: ReactNode }) {
  const colours = TONES[tone];
  return (
    <EdgeLabelRenderer>
      <div
        className={`nodrag nopan pointer-events-none absolute max-w-48 truncate rounded border px-1.5 py-0.5 font-mono text-[10px] ${colours}`}
        style={{ transform: `translate(-50%, -50%) translate(${x}px, ${y}px)` }}
      >
        {children}
      </div>
    </EdgeLabelRenderer>
  );
}
