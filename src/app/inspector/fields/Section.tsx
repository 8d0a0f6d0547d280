// A titled part of an inspector form (a group named by its heading), and a bordered item of a
// list (a rule, a tool) whose legend names it.
import { useId, type ReactNode } from "react";

export function Section({ title, actions, children }: { title: string; actions?: ReactNode; children: ReactNode }) {
  const headingId = useId();
  return (
    <div role="group" aria-labelledby={headingId} className="mt-3 border-t border-zinc-200 pt-2 dark:border-zinc-800">
      <div className="mb-1.5 flex items-center justify-between gap-2">
        <h3 id={headingId} className="text-xs font-semibold tracking-wide text-zinc-700 uppercase dark:text-zinc-300">
          {title}
        </h3>
        {actions}
      </div>
      {children}
    </div>
  );
}

export function ItemGroup({ legend, actions, children }: { legend: string; actions?: ReactNode; children: ReactNode }) {
  return (
    <fieldset className="mb-2 rounded border border-zinc-200 p-2 dark:border-zinc-800">
      <legend className="px-1 text-xs font-medium text-zinc-700 dark:text-zinc-300">{legend}</legend>
      {children}
      {actions && <div className="flex flex-wrap gap-1.5">{actions}</div>}
    </fieldset>
  );
}
