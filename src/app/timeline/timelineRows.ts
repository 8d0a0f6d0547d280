/**
 * The timeline's rows, derived from a thread's events: their place in the call tree
 * (`aria-level` = depth + 1), which calls fold, what the filter and Verbose keep (a token is
 * never a row: its message's row has the text), and
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

/** Events only Verbose shows: the steps of the graph's own nodes. */
const VERBOSE_ONLY: ReadonlySet<string> = new Set(["node_start", "node_end"]);
/** Never a row: a token is part of its message, whose `ai_message` row carries the whole text. */
const NEVER_A_ROW = "message_delta";

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

type Term = { field: "type" | "agent" | "tool" | "node" | "text"; value: string; negated?: true };

/** `type:tool_call agent:Assistant weather -type:tool_result` → every term must match; `-` negates one. */
export function parseFilter(filter: string): Term[] {
  return filter
    .trim()
    .toLowerCase()
    .split(/\s+/)
    .filter((word) => word !== "" && word !== "-")
    .map((word) => {
      const negated = word.startsWith("-");
      const rest = negated ? word.slice(1) : word;
      const m = /^(type|agent|tool|node):(.*)$/.exec(rest);
      const term: Term = m ? { field: m[1] as Term["field"], value: m[2] ?? "" } : { field: "text", value: rest };
      return negated ? { ...term, negated: true } : term;
    });
}

function matchesTerm(event: RunEvent, term: Term, text: () => string): boolean {
  return matchesField(event, term, text) !== (term.negated === true);
}

function matchesField(event: RunEvent, term: Term, text: () => string): boolean {
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
 * Whether a view shows an event: every tool call, sub-agent call, handoff, pause and error at
 * every depth; the graph's node steps with Verbose; a token never (it is in its message's row).
 */
export function shownInView(event: RunEvent, verbose: boolean): boolean {
  if (event.type === NEVER_A_ROW) return false;
  return verbose || !VERBOSE_ONLY.has(event.type);
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
  return timelineView(events, index, options).rows;
}

/**
 * The rows to show, and how many events the filter matched that are not among them (inside a
 * folded call). A filter searches every event whatever the view: only tokens, which are their
 * message's row, never come back as rows.
 * @example const { rows, hidden } = timelineView(events, indexCalls(events), { collapsed, filter: "agent:EmailsAgent", verbose: false });
 */
export function timelineView(events: readonly RunEvent[], index: CallIndex, options: RowOptions): { rows: TimelineRow[]; hidden: number } {
  const terms = parseFilter(options.filter);
  const kept: number[] = [];
  events.forEach((event, i) => {
    if (terms.length === 0) {
      if (shownInView(event, options.verbose)) kept.push(i);
      return;
    }
    if (event.type === NEVER_A_ROW) return;
    let text: string | undefined;
    const lazyText = () => (text ??= searchText(event));
    if (terms.every((term) => matchesTerm(event, term, lazyText))) kept.push(i);
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
  let hidden = 0;
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
    if (folded) {
      if (terms.length > 0) hidden++;
      continue;
    }
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
  return { rows, hidden };
}
