// The message box with the Agent selector, Send and Stop, and the run status line.
import { useState, type FormEvent, type KeyboardEvent } from "react";
import { useMessageDraft } from "./messageDraft";
import { useEditorStore } from "../store/EditorProvider";
import { useEditor } from "../store/hooks";
import { contentOf } from "../store/selectors";
import { useRunFailed, useRunning, useRunStatusText, useUnsentMessage } from "../store/playground/hooks";
import { usePlaygroundStore } from "../store/playground/PlaygroundStoreProvider";
import { AgentSelector } from "./AgentSelector";
import { effectiveTarget, GRAPH_TARGET, routeHint } from "./agentTarget";

const button =
  "rounded px-3 py-1.5 text-sm font-medium disabled:cursor-not-allowed disabled:opacity-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky-600";

export function Composer() {
  const { draft, setDraft, sending, settled } = useMessageDraft();
  const [agent, setAgent] = useState(GRAPH_TARGET);
  const editor = useEditorStore();
  // Agent names only: the position-free content, so dragging nodes does not re-render this.
  const nodes = useEditor((s) => contentOf(s.document).nodes);
  const routedTo = routeHint(draft, agent, { nodes });
  const playground = usePlaygroundStore();
  const running = useRunning();
  const status = useRunStatusText();
  const failed = useRunFailed();
  const unsent = useUnsentMessage();
  const [seenUnsent, setSeenUnsent] = useState<string | null>(null);
  // A message the thread refused after it left the box (another tab started the thread first)
  // comes back to it, unless something new was typed meanwhile. Set while rendering, as React
  // advises for state that follows a value, so the box never shows empty for a frame.
  if (unsent !== seenUnsent) {
    setSeenUnsent(unsent);
    if (unsent && !draft.trim()) setDraft(unsent);
  }

  const send = async () => {
    const text = draft.trim();
    if (!text || running) return;
    const document = editor.getState().document;
    const target = effectiveTarget(agent, document);
    sending(text);
    const started = await playground.getState().send(document, text, target === GRAPH_TARGET ? {} : { agent: target });
    if (started) setDraft((current) => (current.trim() === text ? "" : current));
    else settled();
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
      <div className="flex items-center gap-2">
        <AgentSelector value={agent} onChange={setAgent} />
        <span className="truncate text-xs text-zinc-500 dark:text-zinc-400" aria-live="polite">
          {routedTo ? `→ ${routedTo}` : "→ Start"}
        </span>
      </div>
      <textarea
        aria-label="Message"
        value={draft}
        onChange={(e) => setDraft(e.target.value)}
        onKeyDown={onKeyDown}
        rows={2}
        placeholder="Message the graph, or @Agent (Enter to send, Shift+Enter for a new line)"
        className="block w-full resize-y rounded border border-zinc-300 bg-white px-2 py-1.5 text-sm dark:border-zinc-700 dark:bg-zinc-950"
      />
      <div className="flex items-center gap-2">
        <button type="submit" disabled={running || !draft.trim()} className={`${button} bg-sky-600 text-white hover:bg-sky-700`}>
          Send
        </button>
        <button
          type="button"
          disabled={!running}
          onClick={() => playground.getState().stop()}
          className={`${button} border border-zinc-300 dark:border-zinc-700`}
        >
          Stop
        </button>
        <p
          role="status"
          className={`ml-auto min-w-0 flex-1 text-right text-xs break-words ${failed ? "text-red-700 dark:text-red-400" : "text-zinc-500 dark:text-zinc-400"}`}
        >
          {status}
        </p>
      </div>
    </form>
  );
}
