// Timeline pane: every event of the active thread as a filterable call tree with a
// waterfall, the selected event's payload and checkpoint state, trace export, fork and replay.
import { useCallback, useDeferredValue, useMemo, useState } from "react";
import { downloadFile } from "../io/download";
import { redactForExport } from "../io/redactForExport";
import { EmptyState } from "../shell/EmptyState";
import { useEditorStore } from "../store/EditorProvider";
import { useActiveThreadId, usePlayground, useRunning, useThreadEvents } from "../store/playground/hooks";
import { selectSelectedEvent } from "../store/playground/selectors";
import { usePlaygroundStore } from "../store/playground/PlaygroundStoreProvider";
import { EventDetails } from "./EventDetails";
import { EventTree } from "./EventTree";
import { revealEvent } from "./revealEvent";
import { usageTotals } from "../../schema/index.js";
import { useEditor } from "../store/hooks";
import { traceFile, traceFileName } from "./exportTrace";
import { rowUsage } from "./rowUsage";
import { indexCalls, timelineView, type TimelineRow } from "./timelineRows";

const button =
  "rounded border border-zinc-300 px-2 py-1 text-xs font-medium hover:bg-zinc-100 disabled:cursor-not-allowed disabled:opacity-50 dark:border-zinc-700 dark:hover:bg-zinc-800";

export function Timeline() {
  const editor = useEditorStore();
  const playground = usePlaygroundStore();
  const events = useThreadEvents();
  const threadId = useActiveThreadId();
  const running = useRunning();
  const [filter, setFilter] = useState("");
  const [verbose, setVerbose] = useState(false);
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(() => new Set());
  // The selection lives in the playground store: a node's run badge on the canvas selects too.
  const selected = usePlayground(selectSelectedEvent);
  const deferredFilter = useDeferredValue(filter);

  const models = useEditor((s) => s.document.models);
  const index = useMemo(() => indexCalls(events), [events]);
  const usage = useMemo(() => usageTotals(events, models), [events, models]);
  const usageOf = useCallback((row: TimelineRow) => rowUsage(row.event, row.index, row.opensCall, usage), [usage]);
  const { rows, hidden } = useMemo(
    () => timelineView(events, index, { collapsed, filter: deferredFilter, verbose }),
    [events, index, collapsed, deferredFilter, verbose],
  );
  const selectedId = selected && selected.threadId === threadId ? selected.eventId : null;
  const selectedEvent = useMemo(() => (selectedId ? events.find((e) => e.id === selectedId) : undefined), [events, selectedId]);
  const selectedUsage = useMemo(() => {
    if (!selectedEvent) return null;
    const at = events.indexOf(selectedEvent);
    return rowUsage(selectedEvent, at, index.opener.get(selectedEvent.call_id) === at, usage);
  }, [events, index, selectedEvent, usage]);
  const selectedRunEnded = useMemo(
    () => (selectedEvent ? events.some((e) => e.run_id === selectedEvent.run_id && e.type === "run_end") : false),
    [events, selectedEvent],
  );

  // An event selected from the canvas is brought into view: Verbose for node steps, its calls unfolded.
  const [revealed, setRevealed] = useState(selected);
  if (selected !== revealed) {
    setRevealed(selected);
    const at = selected?.reveal ? events.findIndex((e) => e.id === selected.eventId) : -1;
    if (at >= 0) {
      const view = revealEvent(events, at, index, { verbose, collapsed });
      if (view.verbose !== verbose) setVerbose(view.verbose);
      if (view.collapsed !== collapsed) setCollapsed(view.collapsed);
    }
  }

  const onSelect = useCallback((eventId: string) => playground.getState().selectEvent(eventId), [playground]);
  const onToggle = useCallback((callId: string) => {
    setCollapsed((current) => {
      const next = new Set(current);
      if (next.has(callId)) next.delete(callId);
      else next.add(callId);
      return next;
    });
  }, []);

  const exportTrace = async () => {
    // A long thread shows its latest runs first: the trace waits for the earlier ones.
    await playground.getState().whenLoaded();
    const shown = playground.getState();
    const thread = shown.threads.find((t) => t.id === shown.activeThreadId);
    // Events come redacted from the worker; the thread title and anything typed here are redacted by it now.
    const file = await redactForExport(
      traceFile(shown.events, thread ? { id: thread.id, title: thread.title } : null, shown.graphId, new Date(), editor.getState().document.models),
    );
    downloadFile(traceFileName(file.thread?.title ?? "thread"), JSON.stringify(file, null, 2), "application/json");
  };

  const canFork = Boolean(selectedEvent?.checkpoint_id) && !running;
  const forkTitle = running
    ? "Wait for the run to finish"
    : !selectedEvent
      ? "Select an event with a checkpoint to fork a new thread from its state"
      : !selectedEvent.checkpoint_id
        ? "This event has no checkpoint; pick a later event"
        : "Start a new thread from the state at this event's checkpoint";
  const canReplay = Boolean(selectedEvent) && selectedRunEnded && !running;
  const replayTitle = running
    ? "Wait for the run to finish"
    : !selectedEvent
      ? "Select an event of a finished run to replay it"
      : !selectedRunEnded
        ? "This run has not finished"
        : "Run this turn again in a new thread, models and tools answering from the recording";

  return (
    <div className="flex min-h-0 w-full flex-col">
      <div className="flex shrink-0 flex-wrap items-center gap-2 border-b border-zinc-200 px-2 py-1.5 dark:border-zinc-800">
        <input
          type="text"
          aria-label="Filter events"
          placeholder="Filter: text, type:tool_call, agent:Assistant, -type:checkpoint_saved"
          value={filter}
          onChange={(e) => setFilter(e.target.value)}
          className="w-64 min-w-0 rounded border border-zinc-300 bg-white px-2 py-1 text-xs dark:border-zinc-700 dark:bg-zinc-950"
        />
        <label className="flex items-center gap-1 text-xs">
          <input type="checkbox" checked={verbose} onChange={(e) => setVerbose(e.target.checked)} />
          Verbose
        </label>
        <span className="text-xs text-zinc-500 tabular-nums dark:text-zinc-400">
          {rows.length} of {events.length} events
        </span>
        <div className="ml-auto flex gap-2">
          <button
            type="button"
            className={button}
            disabled={events.length === 0}
            onClick={() => void exportTrace().catch((error: unknown) => console.error("Could not export the trace:", error))}
          >
            Export trace
          </button>
          <button
            type="button"
            className={button}
            disabled={!canFork}
            title={forkTitle}
            onClick={() => selectedEvent && void playground.getState().forkFrom(editor.getState().document, selectedEvent)}
          >
            Fork from here
          </button>
          <button
            type="button"
            className={button}
            disabled={!canReplay}
            title={replayTitle}
            onClick={() => selectedEvent && void playground.getState().replayRun(editor.getState().document, selectedEvent.run_id)}
          >
            Replay run
          </button>
        </div>
      </div>
      <div className="flex min-h-0 flex-1">
        {events.length === 0 ? (
          <>
            <EmptyState>No runs yet</EmptyState>
            <div role="treegrid" aria-label="Events" aria-rowcount={0} className="sr-only" />
          </>
        ) : (
          <EventTree rows={rows} selectedId={selectedId} onSelect={onSelect} onToggle={onToggle} {...(usage.byRun.size > 0 ? { usageOf } : {})} />
        )}
        {selectedEvent && <EventDetails event={selectedEvent} usage={selectedUsage} />}
      </div>
      {events.length > 0 && (rows.length === 0 || hidden > 0) && (
        <p role="status" aria-label="Filter note" className="shrink-0 px-2 py-1 text-xs text-zinc-500">
          {rows.length === 0 && hidden === 0 ? "No events match." : ""}
          {hidden > 0
            ? `${hidden} matching event${hidden === 1 ? " is" : "s are"} inside folded calls: unfold them to see ${hidden === 1 ? "it" : "them"}.`
            : ""}
        </p>
      )}
    </div>
  );
}
