// Shared chrome of canvas nodes: the kind badge, the name, the kind's handles and the selection ring.
import { Handle, Position } from "@xyflow/react";
import type { ReactNode } from "react";
import { HANDLE, type Ports } from "./ports";

/** Accent colour of a node kind: a left stripe and the kind badge. */
export type Accent = "emerald" | "rose" | "indigo" | "sky" | "amber" | "yellow";

const ACCENTS: Record<Accent, { stripe: string; badge: string }> = {
  emerald: { stripe: "border-l-emerald-500 dark:border-l-emerald-500", badge: "text-emerald-700 dark:text-emerald-300" },
  rose: { stripe: "border-l-rose-500 dark:border-l-rose-500", badge: "text-rose-700 dark:text-rose-300" },
  indigo: { stripe: "border-l-indigo-500 dark:border-l-indigo-500", badge: "text-indigo-700 dark:text-indigo-300" },
  sky: { stripe: "border-l-sky-500 dark:border-l-sky-500", badge: "text-sky-700 dark:text-sky-300" },
  amber: { stripe: "border-l-amber-500 dark:border-l-amber-500", badge: "text-amber-700 dark:text-amber-300" },
  yellow: { stripe: "border-l-yellow-400 dark:border-l-yellow-400", badge: "text-yellow-800 dark:text-yellow-200" },
};

const handleClass = "!h-2.5 !w-2.5 !border-2 !border-white !bg-zinc-500 dark:!border-zinc-900 dark:!bg-zinc-400";
const delegationHandleClass = "!h-2.5 !w-2.5 !border-2 !border-white !bg-violet-500 dark:!border-zinc-900";

interface NodeFrameProps {
  kindTitle: string;
  name: string;
  accent: Accent;
  ports: Ports;
  selected: boolean;
  children?: ReactNode;
}

export function NodeFrame({ kindTitle, name, accent, ports, selected, children }: NodeFrameProps) {
  const colours = ACCENTS[accent];
  return (
    <div
      className={`gw-node min-w-40 max-w-64 rounded-md border border-l-4 border-zinc-300 bg-white px-3 py-2 text-left shadow-sm dark:border-zinc-700 dark:bg-zinc-900 ${colours.stripe} ${
        selected ? "ring-2 ring-blue-500 ring-offset-1 dark:ring-offset-zinc-950" : ""
      }`}
    >
      {ports.delegation && <Handle type="target" id={HANDLE.parent} position={Position.Top} className={delegationHandleClass} aria-label="Parent agent" />}
      {ports.input && <Handle type="target" id={HANDLE.input} position={Position.Left} className={handleClass} aria-label="Input" />}
      <div className={`text-[10px] font-semibold tracking-wide uppercase ${colours.badge}`}>{kindTitle}</div>
      <div className="truncate text-sm font-medium text-zinc-900 dark:text-zinc-100">{name}</div>
      {children}
      {ports.output && <Handle type="source" id={HANDLE.output} position={Position.Right} className={handleClass} aria-label="Output" />}
      {ports.delegation && <Handle type="source" id={HANDLE.delegate} position={Position.Bottom} className={delegationHandleClass} aria-label="Sub-agents" />}
    </div>
  );
}

/** A muted detail line under the node's name. */
export function NodeDetail({ children }: { children: ReactNode }) {
  return <div className="truncate text-xs text-zinc-500 dark:text-zinc-400">{children}</div>;
}
