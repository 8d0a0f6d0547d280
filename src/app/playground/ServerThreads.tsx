// Threads the LangGraph server holds for the open graph that this browser has not shown yet
// (started from the SDK, LangGraph Studio or another browser): opening one brings its history
// here, and the next message goes on with it on the server.
import { useEffect, useState } from "react";
import { appEngine } from "../services/engineClient";
import { useEditorStore } from "../store/EditorProvider";
import { useThreads } from "../store/playground/hooks";
import { usePlaygroundStore } from "../store/playground/PlaygroundStoreProvider";
import type { ServerThreadSummary } from "../../worker/protocol";
import { errorMessage } from "../../schema/errorMessage.js";

const button =
  "rounded border border-zinc-300 px-1.5 py-0.5 text-xs hover:bg-zinc-100 disabled:cursor-not-allowed disabled:opacity-50 dark:border-zinc-700 dark:hover:bg-zinc-800";

/** `refresh` changes when the list should be read again (a run ended, a publish happened). */
export function ServerThreads({ refresh }: { refresh: unknown }) {
  const editor = useEditorStore();
  const playground = usePlaygroundStore();
  const local = useThreads();
  const [threads, setThreads] = useState<ServerThreadSummary[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [opening, setOpening] = useState<string | null>(null);

  useEffect(() => {
    const engine = appEngine();
    if (!engine.server) return;
    let current = true;
    engine.server("threads", { graphId: editor.getState().document.meta.id }).then(
      (answer) => {
        if (!current) return;
        setThreads(answer.threads);
        setError(null);
      },
      (failure: unknown) => current && setError(errorMessage(failure)),
    );
    return () => {
      current = false;
    };
  }, [editor, refresh]);

  const known = new Set(local.map((t) => t.id));
  const unseen = threads.filter((t) => !known.has(t.local_thread_id));

  const open = async (thread: ServerThreadSummary) => {
    const engine = appEngine();
    if (!engine.server) return;
    setOpening(thread.thread_id);
    try {
      const { events } = await engine.server("thread_history", { thread: { thread_id: thread.thread_id, local_thread_id: thread.local_thread_id } });
      await playground.getState().adoptThread({ id: thread.local_thread_id, title: thread.title }, events);
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setOpening(null);
    }
  };

  if (error) {
    return (
      <p role="alert" className="text-xs text-red-700 dark:text-red-400">
        {error}
      </p>
    );
  }
  if (unseen.length === 0) return null;
  return (
    <section aria-label="Server threads" className="text-xs text-zinc-600 dark:text-zinc-400">
      <p>Threads on the server not opened here yet:</p>
      <ul className="mt-1 flex flex-wrap gap-1">
        {unseen.map((t) => (
          <li key={t.thread_id}>
            <button type="button" className={button} disabled={opening !== null} onClick={() => void open(t)} aria-label={`Open ${t.title}`}>
              {t.title}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
