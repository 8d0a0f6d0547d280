/**
 * The timeline's rows, derived from a thread's events: their place in the call tree
 * (`aria-level` = depth + 1), which calls fold, what the filter and Verbose keep, and
 * where each call's bar sits in its run's waterfall. Pure and linear in the events.
 */
import type { RunEvent } from "../../engine/index.js";
import { searchText, subjectOf, summarize } from "./eventText";

export interface Span {
  start: number;
  end: number;
}

export interface CallIndex {
  /** Index (in the events) of the first event of each call: the row that opens it. */
  opener: Map<string, number>;
  parent: Map<string, string | null>;
  /** A call's time span, including everything nested in it. */
  span: Map<string, Span>;
  /** Each run's time span, start to end (or its latest event while it runs). */
  run: Map<string, Span>;
}

export interface TimelineRow {
  /** Position of the event in the thread's events. */
  index: number;
  event: RunEvent;
  /** aria-level: 1 for the run's events, 2 for a call inside it, … */
  level: number;
  /** The row opens a call (run_start, agent_start, node_start, tool_call). */
  opensCall: boolean;
  hasChildren: boolean;
  expanded: boolean;
  /** The row's accessible name: event type and the tool / agent / node it concerns. */
  label: string;
  summary: string;
  /** Waterfall, as fractions of the run: the call's bar on opening rows, a tick elsewhere. */
  offset: number;
  width: number;
  /** Milliseconds since the start of the event's run. */
  sinceRunStart: number;
}

export interface RowOptions {
  /** Call ids whose rows are folded. */
  collapsed: ReadonlySet<string>;
  filter: string;
  verbose: boolean;
}

/**
 * Events every view keeps: the run's frame, whatever involves the user, and the moves that
 * change who answers them (a handoff, a background task queued or finished), at any depth.
 */
const ALWAYS_SHOWN: ReadonlySet<string> = new Set([
  "run_start",
  "run_end",
  "error",
  "interrupt",
  "interrupt_resolved",
  "approval",
  "question",
  "handoff",
  "delegation_queued",
  "delegation_completed",
]);
/** Events only Verbose shows, whatever their depth. */
const VERBOSE_ONLY: ReadonlySet<string> = new Set(["message_delta", "node_start", "node_end"]);

/**
 * @example const index = indexCalls(events); index.span.get(events[0].call_id)
 */
export function indexCalls(events: readonly RunEvent[]): CallIndex {
  const opener = new Map<string, number>();
  const parent = new Map<string, string | null>();
  const span = new Map<string, Span>();
  const run = new Map<string, Span>();
  events.forEach((event, i) => {
    if (!opener.has(event.call_id)) {
      opener.set(event.call_id, i);
      parent.set(event.call_id, event.parent_call_id);
    }
    const runSpan = run.get(event.run_id);
    if (runSpan) runSpan.end = Math.max(runSpan.end, event.ts);
    else run.set(event.run_id, { start: event.ts, end: event.ts });
    // Extend this call and every call around it.
    let call: string | null | undefined = event.call_id;
    for (let guard = 0; call && guard < 64; guard++) {
      const s = span.get(call);
      if (s) {
        if (event.ts > s.end) s.end = event.ts;
      } else {
        span.set(call, { start: event.ts, end: event.ts });
      }
      call = parent.get(call);
    }
  });
  return { opener, parent, span, run };
}

type Term = { field: "type" | "agent" | "tool" | "node" | "text"; value: string };

/** `type:tool_call agent:Assistant weather` → every term must match. */
export function parseFilter(filter: string): Term[] {
  return filter
    .trim()
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => {
      const m = /^(type|agent|tool|node):(.*)$/.exec(word);
      return m ? { field: m[1] as Term["field"], value: m[2] ?? "" } : { field: "text" as const, value: word };
    });
}

function matchesTerm(event: RunEvent, term: Term, text: () => string): boolean {
  switch (term.field) {
    case "type":
      return event.type.toLowerCase().includes(term.value);
    case "agent":
      return (event.agent ?? "").toLowerCase().includes(term.value);
    case "node":
      return (event.node ?? "").toLowerCase().includes(term.value);
    case "tool":
      return (event.type === "tool_call" || event.type === "tool_result") && event.tool.toLowerCase().includes(term.value);
    case "text":
      return text().includes(term.value);
  }
}

/**
 * Verbose off keeps the run's own events, its top-level calls and whatever involves the user;
 * nested tool calls and sub-agent lifecycle events (depth 2 and below) show only with Verbose.
 */
export function shownWhenQuiet(event: RunEvent): boolean {
  if (ALWAYS_SHOWN.has(event.type)) return true;
  if (VERBOSE_ONLY.has(event.type)) return false;
  return event.depth < 2;
}

function fraction(value: number, span: Span): number {
  const duration = span.end - span.start;
  if (duration <= 0) return 0;
  return Math.min(1, Math.max(0, (value - span.start) / duration));
}

/**
 * The rows to show, in event order.
 * @example timelineRows(events, indexCalls(events), { collapsed: new Set(), filter: "type:tool", verbose: true })
 */
export function timelineRows(events: readonly RunEvent[], index: CallIndex, options: RowOptions): TimelineRow[] {
  const terms = parseFilter(options.filter);
  const kept: number[] = [];
  events.forEach((event, i) => {
    if (!options.verbose && !shownWhenQuiet(event)) return;
    if (terms.length > 0) {
      let text: string | undefined;
      const lazyText = () => (text ??= searchText(event));
      if (!terms.every((term) => matchesTerm(event, term, lazyText))) return;
    }
    kept.push(i);
  });

  // The call a row sits in: its parent call for an opening row, its own call otherwise.
  const containerOf = (i: number): string | null => {
    const event = events[i] as RunEvent;
    return index.opener.get(event.call_id) === i ? (index.parent.get(event.call_id) ?? null) : event.call_id;
  };
  const keptSet = new Set(kept);
  const withChildren = new Set<string>();
  for (const i of kept) {
    const container = containerOf(i);
    const opener = container === null ? undefined : index.opener.get(container);
    if (container !== null && opener !== undefined && opener !== i && keptSet.has(opener)) withChildren.add(container);
  }

  const rows: TimelineRow[] = [];
  for (const i of kept) {
    // Hidden when any call around it is folded.
    let folded = false;
    let call = containerOf(i);
    for (let guard = 0; call && guard < 64; guard++) {
      if (options.collapsed.has(call)) {
        folded = true;
        break;
      }
      call = index.parent.get(call) ?? null;
    }
    if (folded) continue;
    const event = events[i] as RunEvent;
    const opensCall = index.opener.get(event.call_id) === i;
    const hasChildren = opensCall && withChildren.has(event.call_id);
    const runSpan = index.run.get(event.run_id) ?? { start: event.ts, end: event.ts };
    const callSpan = index.span.get(event.call_id);
    const offset = fraction(opensCall && callSpan ? callSpan.start : event.ts, runSpan);
    const width = opensCall && callSpan ? fraction(callSpan.end, runSpan) - offset : 0;
    const subject = subjectOf(event);
    rows.push({
      index: i,
      event,
      level: event.depth + 1,
      opensCall,
      hasChildren,
      expanded: hasChildren && !options.collapsed.has(event.call_id),
      label: subject ? `${event.type} ${subject}` : event.type,
      summary: summarize(event),
      offset,
      width,
      sinceRunStart: Math.max(0, event.ts - runSpan.start),
    });
  }
  return rows;
}
