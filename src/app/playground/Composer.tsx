// The message box with Send and Stop, and the run status line.
import { useState, type FormEvent, type KeyboardEvent } from "react";
import { useEditorStore } from "../store/EditorProvider";
import { appSession, statusText, useSession } from "./useSession";

const button =
  "rounded px-3 py-1.5 text-sm font-medium disabled:cursor-not-allowed disabled:opacity-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky-600";

export function Composer() {
  const [draft, setDraft] = useState("");
  const editor = useEditorStore();
  const running = useSession((s) => s.run.state === "running");
  const status = useSession((s) => statusText(s.run));
  const failed = useSession((s) => s.run.state === "error");

  const send = async () => {
    const text = draft.trim();
    if (!text || running) return;
    const started = await appSession().getState().send(editor.getState().document, text);
    if (started) setDraft((current) => (current.trim() === text ? "" : current));
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void send();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== "Enter" || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    void send();
  };

  return (
    <form onSubmit={onSubmit} className="shrink-0 space-y-2 border-t border-zinc-200 p-3 dark:border-zinc-800">
      <textarea
        aria-label="Message"
        value={draft}
        onChange={(e) => setDraft(e.target.value)}
        onKeyDown={onKeyDown}
        rows={2}
        placeholder="Message the graph (Enter to send, Shift+Enter for a new line)"
        className="block w-full resize-y rounded border border-zinc-300 bg-white px-2 py-1.5 text-sm dark:border-zinc-700 dark:bg-zinc-950"
      />
      <div className="flex items-center gap-2">
        <button type="submit" disabled={running || !draft.trim()} className={`${button} bg-sky-600 text-white hover:bg-sky-700`}>
          Send
        </button>
        <button type="button" disabled={!running} onClick={() => appSession().getState().stop()} className={`${button} border border-zinc-300 dark:border-zinc-700`}>
          Stop
        </button>
        <p role="status" className={`ml-auto min-w-0 flex-1 text-right text-xs break-words ${failed ? "text-red-700 dark:text-red-400" : "text-zinc-500 dark:text-zinc-400"}`}>
          {status}
        </p>
      </div>
    </form>
  );
}
