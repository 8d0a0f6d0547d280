// The selected event: its payload as JSON and, when it has one, the state at its checkpoint.
import { lazy, Suspense, useEffect, useMemo, useState } from "react";
import { useStore } from "zustand";
import type { ChannelType } from "../../schema/index.js";
import { draftOf, editsOf } from "../playground/breakpointEdits";
import { LazyRetrievalCard } from "../playground/LazyRetrievalCard";
import { retrievalOf } from "../playground/retrievalResult";
import { usePlaygroundStore } from "../store/playground/PlaygroundStoreProvider";
import type { RunEvent } from "../../engine/index.js";
import type { RowUsage } from "./rowUsage";
import { appEngine, type CheckpointState } from "../services/engineClient";
import { useEditorStore } from "../store/EditorProvider";
import { errorMessage } from "../../schema/errorMessage.js";

/** The channel editor of a paused step: loaded when first shown. */
const StateEditor = lazy(() => import("../playground/StateEditor").then((m) => ({ default: m.StateEditor })));

type Loaded = { status: "loading" } | { status: "ready"; value: CheckpointState } | { status: "failed"; message: string };

/**
 * The state at a checkpoint, edited, becomes a new thread (`Apply as fork`): the original is
 * untouched. Messages edit as a list, the document's channels as JSON checked against their type.
 */
function StateEdit({ event, state, onDone }: { event: RunEvent; state: Record<string, unknown>; onDone(): void }) {
  const editor = useEditorStore();
  const playground = usePlaygroundStore();
  const channels = useStore(editor, (s) => s.document.state.channels);
  const editable = useMemo(() => {
    const types: Record<string, ChannelType | "messages"> = { messages: "messages" };
    for (const channel of channels) types[channel.name] = channel.type;
    return { state, channels: types };
  }, [state, channels]);
  const [draft, setDraft] = useState(() => draftOf(editable));
  const result = editsOf(editable, draft);
  const edited = result.ok && Object.keys(result.edits).length > 0;
  return (
    <div className="space-y-2">
      <Suspense fallback={null}>
        <StateEditor payload={editable} draft={draft} setDraft={setDraft} problems={result.ok ? {} : result.problems} />
      </Suspense>
      <div className="flex gap-2">
        <button
          type="button"
          disabled={!edited}
          onClick={() => {
            if (!result.ok) return;
            void playground.getState().forkEdited(editor.getState().document, event, result.edits);
            onDone();
          }}
          className="rounded bg-sky-600 px-2 py-1 text-xs font-medium text-white hover:bg-sky-700 disabled:opacity-50"
        >
          Apply as fork
        </button>
        <button type="button" onClick={onDone} className="rounded border border-zinc-300 px-2 py-1 text-xs dark:border-zinc-700">
          Cancel edit
        </button>
      </div>
    </div>
  );
}

function CheckpointView({ event, threadId, checkpointId }: { event: RunEvent; threadId: string; checkpointId: string }) {
  const [editing, setEditing] = useState(false);
  const editor = useEditorStore();
  const [loaded, setLoaded] = useState<{ key: string; value: Loaded } | null>(null);
  const key = `${threadId}/${checkpointId}`;

  useEffect(() => {
    let live = true;
    appEngine()
      .checkpointState({ threadId, checkpointId, document: editor.getState().document })
      .then(
        (value) => live && setLoaded({ key, value: { status: "ready", value } }),
        (error: unknown) => live && setLoaded({ key, value: { status: "failed", message: errorMessage(error) } }),
      );
    return () => {
      live = false;
    };
  }, [editor, key, threadId, checkpointId]);

  const current: Loaded = loaded?.key === key ? loaded.value : { status: "loading" };
  return (
    <section aria-label="State at checkpoint" className="space-y-1">
      <h4 className="text-xs font-semibold">
        State at checkpoint <span className="font-mono font-normal text-zinc-500">{checkpointId}</span>
      </h4>
      {current.status === "loading" && <p className="text-xs text-zinc-500">Reading the checkpoint…</p>}
      {current.status === "failed" && <p className="text-xs text-red-700 dark:text-red-400">Could not read the checkpoint: {current.message}</p>}
      {current.status === "ready" &&
        (current.value.state === null ? (
          <p className="text-xs text-zinc-500">This checkpoint is no longer stored.</p>
        ) : (
          <>
            {current.value.next.length > 0 && <p className="text-xs text-zinc-500">Next: {current.value.next.join(", ")}</p>}
            {editing ? (
              <StateEdit key={key} event={event} state={current.value.state} onDone={() => setEditing(false)} />
            ) : (
              <>
                <button type="button" onClick={() => setEditing(true)} className="rounded border border-zinc-300 px-2 py-0.5 text-xs dark:border-zinc-700">
                  Edit state
                </button>
                <pre className="overflow-auto rounded bg-zinc-50 p-2 text-[11px] dark:bg-zinc-950">{JSON.stringify(current.value.state, null, 2)}</pre>
              </>
            )}
          </>
        ))}
    </section>
  );
}

function usageHeading(event: RunEvent): string {
  if (event.type === "ai_message") return "Tokens";
  return event.type === "run_start" || event.type === "run_end" ? "Tokens in this run" : "Tokens in this call";
}

/** `usage`: the tokens and cost the event's row shows (its model call's, or its call's or run's total). */
export function EventDetails({ event, usage }: { event: RunEvent; usage?: RowUsage | null }) {
  const retrieval = event.type === "tool_result" && event.error === null ? retrievalOf(event.tool, event.result) : null;
  return (
    <section
      aria-label="Event details"
      className="min-h-0 w-[40%] max-w-xl min-w-64 shrink-0 space-y-2 overflow-auto border-l border-zinc-200 p-2 dark:border-zinc-800"
    >
      <h3 className="text-xs font-semibold">
        <span className="font-mono">{event.type}</span> <span className="text-zinc-500">#{event.seq}</span>
      </h3>
      {usage && (
        <p className="text-xs">
          <span className="font-medium">{usageHeading(event)}:</span> {usage.text} <span className="text-zinc-500 dark:text-zinc-400">({usage.detail})</span>
        </p>
      )}
      {retrieval && <LazyRetrievalCard retrieval={retrieval} />}
      <section aria-label="Event payload">
        <pre className="overflow-auto rounded bg-zinc-50 p-2 text-[11px] dark:bg-zinc-950">{JSON.stringify(event, null, 2)}</pre>
      </section>
      {event.checkpoint_id ? (
        <CheckpointView event={event} threadId={event.thread_id} checkpointId={event.checkpoint_id} />
      ) : (
        <p className="text-xs text-zinc-500">No checkpoint: this event came before the run's first checkpoint, or was copied from another thread.</p>
      )}
    </section>
  );
}
