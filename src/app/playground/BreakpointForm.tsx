// A run paused at a breakpoint: the state there, editable (messages as a list — edit the
// text, delete, add — other channels as JSON checked against their type), and Continue,
// Step, Stop. Edits go with the answer: the engine applies them before the run goes on and
// the timeline shows them as their own event.
import { useMemo, useState } from "react";
import { breakpointPlace, type BreakpointInterrupt } from "../../schema/index.js";
import { useEditorStore } from "../store/EditorProvider";
import { usePlaygroundStore } from "../store/playground/PlaygroundStoreProvider";
import type { PendingInterruptView } from "../store/pendingInterrupts";
import { draftOf, editsOf, type MessageDraft, type StateDraft } from "./breakpointEdits";

const button =
  "rounded px-3 py-1.5 text-sm font-medium disabled:cursor-not-allowed disabled:opacity-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky-600";
const field = "block w-full rounded border border-zinc-300 bg-white px-2 py-1 font-mono text-xs dark:border-zinc-700 dark:bg-zinc-950";
const ROLES = ["human", "ai", "system", "tool"];

function MessageRow({ index, message, onChange, onDelete }: { index: number; message: MessageDraft; onChange(next: MessageDraft): void; onDelete(): void }) {
  const name = `Message ${index + 1} (${message.role})`;
  const calls = Array.isArray(message.extra.tool_calls) ? (message.extra.tool_calls as { name?: string }[]) : [];
  return (
    <li className="space-y-1 rounded border border-zinc-200 p-1.5 dark:border-zinc-800">
      <div className="flex items-center justify-between gap-2 text-xs text-zinc-600 dark:text-zinc-400">
        <span>
          {index + 1}. {message.role}
          {calls.length > 0 ? ` · calls ${calls.map((c) => c.name ?? "?").join(", ")}` : ""}
          {message.id === null ? " · new" : ""}
        </span>
        <button type="button" aria-label={`Delete message ${index + 1}`} onClick={onDelete} className="text-red-700 hover:underline dark:text-red-400">
          Delete
        </button>
      </div>
      <textarea
        aria-label={name}
        value={message.content}
        rows={Math.min(6, message.content.split("\n").length + 1)}
        onChange={(e) => onChange({ ...message, content: e.target.value })}
        className={field}
      />
    </li>
  );
}

function StateEditor({
  payload,
  draft,
  setDraft,
  problems,
}: {
  payload: BreakpointInterrupt;
  draft: StateDraft;
  setDraft(next: StateDraft): void;
  problems: Record<string, string>;
}) {
  const [role, setRole] = useState("human");
  const editMessage = (i: number, next: MessageDraft | null) => {
    const messages = [...draft.messages];
    if (next) messages[i] = next;
    else messages.splice(i, 1);
    setDraft({ ...draft, messages });
  };
  return (
    <div role="group" aria-label="State at the pause" className="max-h-80 space-y-2 overflow-auto">
      {"messages" in payload.channels && (
        <div>
          <p className="text-xs font-semibold">Messages{payload.step ? " of this agent turn" : ""}</p>
          <ol className="space-y-1">
            {draft.messages.map((m, i) => (
              <MessageRow key={m.id ?? `new-${i}`} index={i} message={m} onChange={(next) => editMessage(i, next)} onDelete={() => editMessage(i, null)} />
            ))}
          </ol>
          <div className="mt-1 flex items-center gap-2">
            <select
              aria-label="Role of the new message"
              value={role}
              onChange={(e) => setRole(e.target.value)}
              className="rounded border border-zinc-300 bg-white px-1 py-0.5 text-xs dark:border-zinc-700 dark:bg-zinc-950"
            >
              {ROLES.map((r) => (
                <option key={r} value={r}>
                  {r}
                </option>
              ))}
            </select>
            <button
              type="button"
              onClick={() => setDraft({ ...draft, messages: [...draft.messages, { id: null, role, content: "", extra: {} }] })}
              className="text-xs text-sky-700 hover:underline dark:text-sky-400"
            >
              Add message
            </button>
          </div>
        </div>
      )}
      {Object.entries(draft.channels).map(([name, text]) => (
        <div key={name}>
          <label className="text-xs font-semibold" htmlFor={`bp-channel-${name}`}>
            {`Channel ${name}`} <span className="font-normal text-zinc-500">({payload.channels[name]})</span>
          </label>
          <textarea
            id={`bp-channel-${name}`}
            aria-invalid={problems[name] ? true : undefined}
            value={text}
            rows={Math.min(6, text.split("\n").length + 1)}
            onChange={(e) => setDraft({ ...draft, channels: { ...draft.channels, [name]: e.target.value } })}
            className={field}
          />
          {problems[name] && (
            <p role="alert" className="text-xs text-red-700 dark:text-red-400">
              {problems[name]}
            </p>
          )}
        </div>
      ))}
    </div>
  );
}

export function BreakpointForm({ pending, payload, busy }: { pending: PendingInterruptView; payload: BreakpointInterrupt; busy: boolean }) {
  const editor = useEditorStore();
  const playground = usePlaygroundStore();
  const [draft, setDraft] = useState(() => draftOf(payload));
  const result = useMemo(() => editsOf(payload, draft), [payload, draft]);
  const edited = result.ok && Object.keys(result.edits).length > 0;
  const place = breakpointPlace(payload);
  const send = (action: "continue" | "step" | "stop") => {
    if (!result.ok) return;
    const edits = action !== "stop" && edited ? { edits: result.edits } : {};
    const label =
      action === "stop"
        ? `Stopped at ${place}`
        : action === "step"
          ? `Step from ${place}`
          : edited
            ? `Edited state and continued at ${place}`
            : `Continued at ${place}`;
    void playground.getState().resume(editor.getState().document, { interruptId: pending.interruptId, value: { action, ...edits }, label });
  };
  // The edits go to a new thread forked at this pause; this one keeps waiting here.
  const applyAsFork = () => {
    if (!result.ok) return;
    void playground
      .getState()
      .answerInFork(editor.getState().document, {
        interruptId: pending.interruptId,
        value: { action: "continue", edits: result.edits },
        label: `Edited state and continued at ${place}`,
      });
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
