// A run paused at a breakpoint: the state there, editable (messages as a list — edit the
// text, delete, add — other channels as JSON checked against their type), and Continue,
// Step, Stop. Edits go with the answer: the engine applies them before the run goes on and
// the timeline shows them as their own event.
import { cardButton } from "./cardStyles";
import { useMemo, useState } from "react";
import { breakpointPlace, describeResume, type BreakpointInterrupt } from "../../schema/index.js";
import { useEditorStore } from "../store/EditorProvider";
import { usePlaygroundStore } from "../store/playground/PlaygroundStoreProvider";
import type { PendingInterruptView } from "../store/pendingInterrupts";
import { draftOf, editsOf } from "./breakpointEdits";
import { StateEditor } from "./StateEditor";

const button = cardButton;
export function BreakpointForm({ pending, payload, busy }: { pending: PendingInterruptView; payload: BreakpointInterrupt; busy: boolean }) {
  const editor = useEditorStore();
  const playground = usePlaygroundStore();
  const [draft, setDraft] = useState(() => draftOf(payload));
  const result = useMemo(() => editsOf(payload, draft), [payload, draft]);
  const edited = result.ok && Object.keys(result.edits).length > 0;
  const place = breakpointPlace(payload);
  const send = (action: "continue" | "step" | "stop") => {
    if (!result.ok) return;
    const value = { action, ...(action !== "stop" && edited ? { edits: result.edits } : {}) };
    // The run's name says what was done; the chat shows it as a debug marker, not a message.
    void playground.getState().resume(editor.getState().document, { interruptId: pending.interruptId, value, label: describeResume(payload, value) });
  };
  // The edits go to a new thread forked at this pause; this one keeps waiting here.
  const applyAsFork = () => {
    if (!result.ok) return;
    const value = { action: "continue" as const, edits: result.edits };
    void playground.getState().answerInFork(editor.getState().document, { interruptId: pending.interruptId, value, label: describeResume(payload, value) });
  };
  return (
    <>
      <p className="text-sm">
        {payload.reason === "step" ? "Stepped to" : "Breakpoint hit"} {payload.when} <strong>{place}</strong>
        {payload.condition ? (
          <>
            {" "}
            where <code className="text-xs">{payload.condition}</code>
          </>
        ) : null}
      </p>
      <StateEditor payload={payload} draft={draft} setDraft={setDraft} problems={result.ok ? {} : result.problems} />
      <div className="flex flex-wrap gap-2">
        {edited ? (
          <button type="button" disabled={busy} onClick={() => send("continue")} className={`${button} bg-sky-600 text-white hover:bg-sky-700`}>
            Apply and continue
          </button>
        ) : (
          <button type="button" disabled={busy || !result.ok} onClick={() => send("continue")} className={`${button} bg-sky-600 text-white hover:bg-sky-700`}>
            Continue
          </button>
        )}
        <button type="button" disabled={busy || !result.ok} onClick={() => send("step")} className={`${button} border border-zinc-300 dark:border-zinc-700`}>
          Step
        </button>
        <button
          type="button"
          disabled={busy}
          onClick={() => send("stop")}
          className={`${button} border border-red-300 text-red-800 hover:bg-red-50 dark:border-red-900 dark:text-red-300`}
        >
          Stop
        </button>
        {edited && (
          <>
            <button
              type="button"
              disabled={busy}
              onClick={applyAsFork}
              className={`${button} border border-sky-300 text-sky-800 dark:border-sky-800 dark:text-sky-300`}
            >
              Apply as fork
            </button>
            <button
              type="button"
              disabled={busy}
              onClick={() => setDraft(draftOf(payload))}
              className={`${button} border border-zinc-300 dark:border-zinc-700`}
            >
              Discard edits
            </button>
          </>
        )}
      </div>
    </>
  );
}
