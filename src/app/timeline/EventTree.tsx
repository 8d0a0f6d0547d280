// The events as a virtualized treegrid: one row per event, nested by call, with a
// waterfall bar per call. Only the rows in view are in the DOM, so 100k events scroll.
import { useFramedVirtualizer } from "./useFramedVirtualizer";
import { memo, useEffect, useLayoutEffect, useRef, type KeyboardEvent } from "react";
import type { RowUsage } from "./rowUsage";
import type { TimelineRow } from "./timelineRows";

const ROW_HEIGHT = 26;

export interface EventTreeProps {
  rows: readonly TimelineRow[];
  selectedId: string | null;
  onSelect(eventId: string): void;
  onToggle(callId: string): void;
  /** Tokens and cost a row shows; with it, the rows get a column for them. */
  usageOf?: (row: TimelineRow) => RowUsage | null;
}

const rowDomId = (eventId: string) => `timeline-row-${eventId.replace(/[^A-Za-z0-9_-]/g, "_")}`;

const TYPE_COLOR: Record<string, string> = {
  run_start: "text-sky-700 dark:text-sky-400",
  run_end: "text-sky-700 dark:text-sky-400",
  agent_start: "text-violet-700 dark:text-violet-400",
  agent_end: "text-violet-700 dark:text-violet-400",
  tool_call: "text-amber-700 dark:text-amber-400",
  tool_result: "text-amber-700 dark:text-amber-400",
  error: "text-red-700 dark:text-red-400",
};

interface RowProps {
  row: TimelineRow;
  /** 1-based position among the rows shown (aria-rowindex). */
  position: number;
  selected: boolean;
  top: number;
  onSelect(id: string): void;
  onToggle(callId: string): void;
  /** Whether the rows have a tokens column; `usage` and `usageDetail` fill it. */
  usageColumn: boolean;
  usage: string | undefined;
  usageDetail: string | undefined;
}

const COLUMNS = "grid-cols-[minmax(12rem,2fr)_minmax(0,3fr)_minmax(6rem,2fr)_4.5rem]";
const COLUMNS_WITH_USAGE = "grid-cols-[minmax(12rem,2fr)_minmax(0,3fr)_9rem_minmax(6rem,2fr)_4.5rem]";

const Row = memo(function Row({ row, position, selected, top, onSelect, onToggle, usageColumn, usage, usageDetail }: RowProps) {
  const { event } = row;
  const failed = event.type === "error" || (event.type === "tool_result" && event.error !== null);
  return (
    <div
      role="row"
      id={rowDomId(event.id)}
      aria-label={row.label}
      aria-level={row.level}
      aria-expanded={row.hasChildren ? row.expanded : undefined}
      aria-selected={selected}
      aria-rowindex={position}
      onClick={() => onSelect(event.id)}
      style={{ transform: `translateY(${top}px)`, height: ROW_HEIGHT }}
      className={`absolute top-0 left-0 grid w-full cursor-default ${usageColumn ? COLUMNS_WITH_USAGE : COLUMNS} items-center gap-2 px-2 text-xs ${
        selected ? "bg-sky-100 dark:bg-sky-900/50" : "hover:bg-zinc-50 dark:hover:bg-zinc-800/60"
      }`}
    >
      <div role="gridcell" className="flex min-w-0 items-center gap-1" style={{ paddingLeft: (row.level - 1) * 14 }}>
        <span
          aria-hidden="true"
          onClick={(e) => {
            if (!row.hasChildren) return;
            e.stopPropagation();
            onToggle(event.call_id);
          }}
          className="inline-block w-3 shrink-0 text-center text-zinc-500"
        >
          {row.hasChildren ? (row.expanded ? "▾" : "▸") : ""}
        </span>
        <span className={`shrink-0 font-mono ${TYPE_COLOR[event.type] ?? "text-zinc-600 dark:text-zinc-300"}`}>{event.type}</span>
        <span className="truncate font-medium">{row.label.slice(event.type.length + 1)}</span>
      </div>
      <div role="gridcell" className={`truncate ${failed ? "text-red-700 dark:text-red-400" : "text-zinc-600 dark:text-zinc-400"}`}>
        {row.summary}
      </div>
      {usageColumn && (
        <div role="gridcell" title={usageDetail} className="truncate text-right text-zinc-600 tabular-nums dark:text-zinc-400">
          {usage}
        </div>
      )}
      <div role="gridcell" aria-hidden="true" className="relative h-3 rounded-sm bg-zinc-100 dark:bg-zinc-800">
        {row.opensCall ? (
          <span
            className={`absolute top-0 h-3 rounded-sm ${event.depth === 0 ? "bg-sky-400/70" : event.type === "tool_call" ? "bg-amber-400/80" : "bg-violet-400/70"}`}
            style={{ left: `${row.offset * 100}%`, width: `max(2px, ${row.width * 100}%)` }}
          />
        ) : (
          <span className="absolute top-0.5 h-2 w-px bg-zinc-500" style={{ left: `${row.offset * 100}%` }} />
        )}
      </div>
      <div role="gridcell" className="text-right text-zinc-500 tabular-nums dark:text-zinc-400" title={new Date(event.ts).toLocaleString()}>
        +{row.sinceRunStart} ms
      </div>
    </div>
  );
});

export function EventTree({ rows, selectedId, onSelect, onToggle, usageOf }: EventTreeProps) {
  const scroller = useRef<HTMLDivElement>(null);
  const virtualizer = useFramedVirtualizer<HTMLDivElement, Element>({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
  });
  const selectedIndex = selectedId === null ? -1 : rows.findIndex((r) => r.event.id === selectedId);
  const followTail = useRef(true);

  // A selection made elsewhere (a canvas badge) scrolls its row into view; one already in view stays put.
  useEffect(() => {
    if (selectedIndex >= 0) virtualizer.scrollToIndex(selectedIndex, { align: "auto" });
  }, [selectedId, selectedIndex, virtualizer]);

  const content = useRef<HTMLDivElement>(null);
  const unselected = useRef(selectedId === null);

  // Follow new events while the view is at the end and no row is selected, as a log does. The
  // list's growth comes from a ResizeObserver, which reports after the browser's own layout, so
  // following a stream forces no layout (scrolling to the last row after each commit read
  // scrollHeight and laid out the whole app once per streamed batch).
  useLayoutEffect(() => {
    const el = scroller.current;
    const inner = content.current;
    if (!el || !inner) return;
    const observer = new ResizeObserver(() => {
      if (followTail.current && unselected.current) el.scrollTop = el.scrollHeight;
    });
    observer.observe(inner);
    return () => observer.disconnect();
  }, []);

  // A selection cleared while at the end goes back to following the newest event.
  useLayoutEffect(() => {
    unselected.current = selectedId === null;
    const el = scroller.current;
    if (el && selectedId === null && followTail.current) el.scrollTop = el.scrollHeight;
  }, [selectedId]);

  const move = (index: number) => {
    const row = rows[Math.max(0, Math.min(rows.length - 1, index))];
    if (!row) return;
    onSelect(row.event.id);
    virtualizer.scrollToIndex(rows.indexOf(row), { align: "auto" });
  };

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const current = rows[selectedIndex];
    const page = Math.max(1, Math.floor((scroller.current?.clientHeight ?? ROW_HEIGHT * 10) / ROW_HEIGHT) - 1);
    switch (e.key) {
      case "ArrowDown":
        move(selectedIndex + 1);
        break;
      case "ArrowUp":
        move(selectedIndex < 0 ? rows.length - 1 : selectedIndex - 1);
        break;
      case "PageDown":
        move(selectedIndex + page);
        break;
      case "PageUp":
        move(selectedIndex - page);
        break;
      case "Home":
        move(0);
        break;
      case "End":
        move(rows.length - 1);
        break;
      case "ArrowRight":
        if (current?.hasChildren && !current.expanded) onToggle(current.event.call_id);
        else if (current?.hasChildren) move(selectedIndex + 1);
        break;
      case "ArrowLeft":
        if (current?.hasChildren && current.expanded) onToggle(current.event.call_id);
        else if (current) {
          // To the row that opens the call around this one.
          for (let i = selectedIndex - 1; i >= 0; i--) {
            const candidate = rows[i] as TimelineRow;
            if (candidate.level < current.level || (candidate.opensCall && candidate.event.call_id === current.event.call_id && candidate !== current)) {
              move(i);
              break;
            }
          }
        }
        break;
      case "Enter":
      case " ":
        if (current?.hasChildren) onToggle(current.event.call_id);
        break;
      default:
        return;
    }
    e.preventDefault();
  };

  return (
    <div
      ref={scroller}
      role="treegrid"
      aria-label="Events"
      aria-rowcount={rows.length}
      aria-multiselectable={false}
      aria-activedescendant={selectedIndex >= 0 ? rowDomId(selectedId as string) : undefined}
      tabIndex={0}
      onKeyDown={onKeyDown}
      onScroll={(e) => {
        const el = e.currentTarget;
        followTail.current = el.scrollHeight - el.scrollTop - el.clientHeight < ROW_HEIGHT * 2;
      }}
      className="relative min-h-0 min-w-0 flex-1 overflow-auto focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-sky-600"
    >
      <div ref={content} style={{ height: virtualizer.getTotalSize(), position: "relative" }}>
        {virtualizer.getVirtualItems().map((item) => {
          const row = rows[item.index] as TimelineRow;
          const usage = usageOf?.(row);
          return (
            <Row
              key={row.event.id}
              row={row}
              position={item.index + 1}
              top={item.start}
              selected={row.event.id === selectedId}
              onSelect={onSelect}
              onToggle={onToggle}
              usageColumn={usageOf !== undefined}
              usage={usage?.text}
              usageDetail={usage?.detail}
            />
          );
        })}
      </div>
    </div>
  );
}
