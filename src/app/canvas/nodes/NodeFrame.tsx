// Shared chrome of canvas nodes: the kind badge, the name, the kind's handles (one labelled
// source handle per branch for branching kinds) and the selection ring.
import { Handle, Position } from "@xyflow/react";
import type { ReactNode } from "react";
import type { Accent, OutputHandle, Ports } from "../../../schema/index.js";
import type { NodeRun, RunStatus } from "../../store/runOverlay";
import { HANDLE } from "./ports";
import { RunBadge } from "./RunBadge";

const ACCENTS: Record<Accent, { stripe: string; badge: string }> = {
  emerald: { stripe: "border-l-emerald-500 dark:border-l-emerald-500", badge: "text-emerald-700 dark:text-emerald-300" },
  rose: { stripe: "border-l-rose-500 dark:border-l-rose-500", badge: "text-rose-700 dark:text-rose-300" },
  indigo: { stripe: "border-l-indigo-500 dark:border-l-indigo-500", badge: "text-indigo-700 dark:text-indigo-300" },
  sky: { stripe: "border-l-sky-500 dark:border-l-sky-500", badge: "text-sky-700 dark:text-sky-300" },
  amber: { stripe: "border-l-amber-500 dark:border-l-amber-500", badge: "text-amber-700 dark:text-amber-300" },
  yellow: { stripe: "border-l-yellow-400 dark:border-l-yellow-400", badge: "text-yellow-800 dark:text-yellow-200" },
  violet: { stripe: "border-l-violet-500 dark:border-l-violet-500", badge: "text-violet-700 dark:text-violet-300" },
  teal: { stripe: "border-l-teal-500 dark:border-l-teal-500", badge: "text-teal-700 dark:text-teal-300" },
  orange: { stripe: "border-l-orange-500 dark:border-l-orange-500", badge: "text-orange-700 dark:text-orange-300" },
  fuchsia: { stripe: "border-l-fuchsia-500 dark:border-l-fuchsia-500", badge: "text-fuchsia-700 dark:text-fuchsia-300" },
  lime: { stripe: "border-l-lime-500 dark:border-l-lime-500", badge: "text-lime-700 dark:text-lime-300" },
  slate: { stripe: "border-l-slate-500 dark:border-l-slate-500", badge: "text-slate-700 dark:text-slate-300" },
};

// `gw-handle` (canvas.css) sizes and places the handle without a transform.
const handleClass = "gw-handle !border-2 !border-white !bg-zinc-500 dark:!border-zinc-900 dark:!bg-zinc-400";
const delegationHandleClass = "gw-handle !border-2 !border-white !bg-violet-500 dark:!border-zinc-900";

/**
 * How many characters a line of the node's name (text-sm) or detail (text-xs) holds for sure: the
 * node is at most 16rem wide, and no character is wider than 1.3em. Both sizes are in rem, so
 * the counts hold at any font size.
 */
const LINE_HOLDS = { name: 12, detail: 14 } as const;

/**
 * A line's overflow: `truncate` (clip with an ellipsis) when the text may be wider than the node,
 * else one line unclipped. A clip is a paint property node of its own, which the browser
 * layerizes on every drag frame with every other node's: short lines do without.
 * @example lineOverflow("Step_7", "name") // "whitespace-nowrap"
 */
export function lineOverflow(text: string, line: keyof typeof LINE_HOLDS): string {
  // Code points: a character drawn from several (an emoji sequence) only counts more.
  let count = 0;
  for (const _ of text) if (++count > LINE_HOLDS[line]) return "truncate";
  return "whitespace-nowrap";
}

interface NodeFrameProps {
  kindTitle: string;
  name: string;
  accent: Accent;
  ports: Ports;
  selected: boolean;
  /** Branching kinds: one labelled source handle per branch instead of the single output. */
  branches?: readonly OutputHandle[] | null;
  /** The node's entry in the run overlay: a badge, a ring and `data-status`. */
  run?: NodeRun | undefined;
  children?: ReactNode;
}

/** The ring a node's last run status draws when the node is not selected. */
const RUN_RINGS: Record<RunStatus, string> = {
  running: "ring-2 ring-sky-500",
  ok: "ring-2 ring-emerald-500/70",
  error: "ring-2 ring-red-500",
  paused: "ring-2 ring-amber-500",
  skipped: "opacity-70",
};

/** The labelled source handles of a branching node, one row each, on the right edge. */
function BranchHandles({ branches }: { branches: readonly OutputHandle[] }) {
  return (
    <ul className="-mr-3 mt-1 flex flex-col gap-0.5" aria-label="Branches">
      {branches.map((branch) => (
        <li key={branch.id} className="relative pr-3 text-right text-[10px] leading-4 text-zinc-600 dark:text-zinc-300" data-branch={branch.id}>
          <span className="truncate">{branch.label}</span>
          <Handle type="source" id={branch.id} position={Position.Right} className={handleClass} aria-label={`Output ${branch.label}`} />
        </li>
      ))}
    </ul>
  );
}

export function NodeFrame({ kindTitle, name, accent, ports, selected, branches, run, children }: NodeFrameProps) {
  const colours = ACCENTS[accent];
  return (
    <div
      data-status={run?.status}
      className={`gw-node relative min-w-40 max-w-64 rounded-md border border-l-4 border-zinc-300 bg-white px-3 py-2 text-left shadow-sm dark:border-zinc-700 dark:bg-zinc-900 ${colours.stripe} ${
        selected ? "ring-2 ring-blue-500 ring-offset-1 dark:ring-offset-zinc-950" : run ? RUN_RINGS[run.status] : ""
      }`}
    >
      {run && <RunBadge name={name || kindTitle} run={run} />}
      {ports.delegation && <Handle type="target" id={HANDLE.parent} position={Position.Top} className={delegationHandleClass} aria-label="Parent agent" />}
      {ports.input && <Handle type="target" id={HANDLE.input} position={Position.Left} className={handleClass} aria-label="Input" />}
      <div className={`text-[10px] font-semibold tracking-wide uppercase ${colours.badge}`}>{kindTitle}</div>
      <div className={`${lineOverflow(name, "name")} text-sm font-medium text-zinc-900 dark:text-zinc-100`}>{name}</div>
      {children}
      {ports.output && branches && <BranchHandles branches={branches} />}
      {ports.output && !branches && <Handle type="source" id={HANDLE.output} position={Position.Right} className={handleClass} aria-label="Output" />}
      {ports.delegation && <Handle type="source" id={HANDLE.delegate} position={Position.Bottom} className={delegationHandleClass} aria-label="Sub-agents" />}
    </div>
  );
}

/** A muted detail line under the node's name; `text` is what it shows, as plain text. */
export function NodeDetail({ text, children }: { text: string; children: ReactNode }) {
  return <div className={`${lineOverflow(text, "detail")} text-xs text-zinc-500 dark:text-zinc-400`}>{children}</div>;
}
