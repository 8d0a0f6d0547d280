// The thread controls: pick a thread, start a new one, rename or delete the current one.
import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { DialogLoadingStatus } from "../shell/LoadingStatus";
import { useShellStore } from "../shell/shellStore";
import { useActiveThreadBusy, useActiveThreadId, useThreadEvents, useThreads } from "../store/playground/hooks";
import { usePlaygroundStore } from "../store/playground/PlaygroundStoreProvider";

const SaveTestDialog = lazy(() => import("../regression/SaveTestDialog").then((m) => ({ default: m.SaveTestDialog })));

const button =
  "rounded border border-zinc-300 px-2 py-1 text-xs font-medium hover:bg-zinc-100 disabled:cursor-not-allowed disabled:opacity-50 dark:border-zinc-700 dark:hover:bg-zinc-800";

export function ThreadBar() {
  const playground = usePlaygroundStore();
  const threads = useThreads();
  const activeId = useActiveThreadId();
  const busyHere = useActiveThreadBusy();
  // The open form belongs to one thread; switching threads closes it.
  const [form, setForm] = useState<{ threadId: string | null; mode: "idle" | "rename" | "delete" }>({ threadId: null, mode: "idle" });
  const mode = form.threadId === activeId ? form.mode : "idle";
  const setMode = (next: "idle" | "rename" | "delete") => setForm({ threadId: activeId, mode: next });
  const active = threads.find((t) => t.id === activeId);
  const hasTurns = useThreadEvents().some((event) => event.type === "run_end");
  const [savingTest, setSavingTest] = useState(false);
  const shell = useShellStore();

  return (
    <div className="shrink-0 space-y-2 border-b border-zinc-200 p-2 dark:border-zinc-800">
      <div className="flex items-center gap-2">
        <select
          aria-label="Thread"
          value={activeId ?? ""}
          onChange={(e) => void playground.getState().switchThread(e.target.value)}
          disabled={threads.length === 0}
          className="min-w-0 flex-1 rounded border border-zinc-300 bg-white px-2 py-1 text-sm dark:border-zinc-700 dark:bg-zinc-950"
        >
          {threads.length === 0 && <option value="">No threads yet</option>}
          {threads.map((t) => (
            <option key={t.id} value={t.id}>
              {t.title}
            </option>
          ))}
        </select>
        <button type="button" className={button} onClick={() => void playground.getState().newThread()}>
          New thread
        </button>
      </div>
      <div className="flex items-center gap-2">
        <button type="button" className={button} disabled={!active} onClick={() => setMode(mode === "rename" ? "idle" : "rename")}>
          Rename thread
        </button>
        <button
          type="button"
          className={button}
          disabled={!active || busyHere}
          title={busyHere ? "Stop the run before deleting its thread" : undefined}
          onClick={() => setMode(mode === "delete" ? "idle" : "delete")}
        >
          Delete thread
        </button>
        <button
          type="button"
          className={button}
          aria-haspopup="dialog"
          disabled={!active || busyHere || !hasTurns}
          title={busyHere ? "Wait for the run to finish" : !hasTurns ? "Send a message first" : "Save this thread as a regression test of the graph"}
          onClick={() => setSavingTest(true)}
        >
          Save as test
        </button>
      </div>
      {savingTest && (
        <Suspense fallback={<DialogLoadingStatus />}>
          <SaveTestDialog onClose={() => setSavingTest(false)} onSaved={(message) => shell.getState().notify(message)} />
        </Suspense>
      )}
      {mode === "rename" && active && <RenameForm key={active.id} threadId={active.id} title={active.title} onClose={() => setMode("idle")} />}
      {mode === "delete" && active && <DeleteConfirm threadId={active.id} title={active.title} onClose={() => setMode("idle")} />}
    </div>
  );
}

function RenameForm({ threadId, title, onClose }: { threadId: string; title: string; onClose(): void }) {
  const playground = usePlaygroundStore();
  const [value, setValue] = useState(title);
  return (
    <form
      className="flex items-center gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        void playground.getState().renameThread(threadId, value).then(onClose);
      }}
    >
      <input
        aria-label="Thread name"
        value={value}
        autoFocus
        maxLength={200}
        onChange={(e) => setValue(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === "Escape") onClose();
        }}
        className="min-w-0 flex-1 rounded border border-zinc-300 bg-white px-2 py-1 text-sm dark:border-zinc-700 dark:bg-zinc-950"
      />
      <button type="submit" className={button} disabled={!value.trim()}>
        Save thread name
      </button>
      <button type="button" className={button} onClick={onClose}>
        Cancel rename
      </button>
    </form>
  );
}

function DeleteConfirm({ threadId, title, onClose }: { threadId: string; title: string; onClose(): void }) {
  const playground = usePlaygroundStore();
  const keep = useRef<HTMLButtonElement>(null);
  useEffect(() => keep.current?.focus(), []);
  return (
    <div
      role="alertdialog"
      aria-label="Delete thread?"
      aria-describedby={`delete-${threadId}`}
      onKeyDown={(e) => {
        if (e.key === "Escape") onClose();
      }}
      className="space-y-2 rounded border border-red-300 bg-red-50 p-2 text-sm dark:border-red-900 dark:bg-red-950/40"
    >
      <p id={`delete-${threadId}`}>Delete “{title}” with its messages and checkpoints? This cannot be undone.</p>
      <div className="flex gap-2">
        <button
          type="button"
          className={`${button} border-red-400 bg-red-600 text-white hover:bg-red-700`}
          onClick={() => void playground.getState().deleteThread(threadId).then(onClose)}
        >
          Yes, delete thread
        </button>
        <button ref={keep} type="button" className={button} onClick={onClose}>
          Keep thread
        </button>
      </div>
    </div>
  );
}
