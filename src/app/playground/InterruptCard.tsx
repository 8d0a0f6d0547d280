// The question a paused run asks, above the composer: Approve / Reject / Edit for approvals
// (edit the arguments as JSON, checked before sending), one button per option for questions,
// the state and Continue / Step / Stop at a breakpoint, Allow once / Always allow / Deny for a
// secret bound for a new origin.
// It is derived from the thread's events, so it is back after a reload.
import { LazyCodeEditor } from "../editors/LazyCodeEditor";
import { cardButton } from "./cardStyles";
import { lazy, Suspense, useMemo, useState } from "react";
import type { ApprovalInterrupt, QuestionInterrupt } from "../../engine/index.js";
import { useEditorStore } from "../store/EditorProvider";
import { useRunning, useThreadEvents } from "../store/playground/hooks";
import { usePlaygroundStore } from "../store/playground/PlaygroundStoreProvider";
import { pendingOf, type PendingInterruptView } from "../store/pendingInterrupts";
import { breakpointPlace } from "../../schema/index.js";
import { SecretUseForm } from "./SecretUseForm";
import { answerLabel, approvalSubject, askedBy, decisionLabel, parseEditedArgs } from "./interruptAnswers";

/** A breakpoint's state editor: loaded when a run first stops at one. */
const BreakpointForm = lazy(() => import("./BreakpointForm").then((m) => ({ default: m.BreakpointForm })));

const button = cardButton;
const field = "block w-full rounded border border-zinc-300 bg-white px-2 py-1.5 font-mono text-xs dark:border-zinc-700 dark:bg-zinc-950";

function useAnswer() {
  const editor = useEditorStore();
  const playground = usePlaygroundStore();
  return (interruptId: string, value: unknown, label: string) => void playground.getState().resume(editor.getState().document, { interruptId, value, label });
}

function ApprovalForm({ pending, payload, busy }: { pending: PendingInterruptView; payload: ApprovalInterrupt; busy: boolean }) {
  const answer = useAnswer();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(() => JSON.stringify(payload.args, null, 2));
  const [reason, setReason] = useState("");
  const parsed = useMemo(() => parseEditedArgs(draft), [draft]);
  const send = (decision: "approve" | "reject" | "edit") => {
    const extra = reason.trim() ? { reason: reason.trim() } : {};
    if (decision === "edit") {
      if (!parsed.ok) return;
      answer(pending.interruptId, { decision, args: parsed.args, ...extra }, decisionLabel(payload, decision, reason));
    } else {
      answer(pending.interruptId, { decision, ...extra }, decisionLabel(payload, decision, reason));
    }
  };
  return (
    <>
      <p className="text-sm">{payload.message}</p>
      {editing ? (
        <div className="space-y-1">
          <LazyCodeEditor
            label="Edited arguments"
            language="json"
            multiline
            invalid={!parsed.ok}
            describedBy={`${pending.interruptId}-args-problem`}
            value={draft}
            onChange={setDraft}
            rows={Math.min(12, draft.split("\n").length + 1)}
            check={{ kind: "json" }}
          />
          <p id={`${pending.interruptId}-args-problem`} role={parsed.ok ? undefined : "alert"} className="text-xs text-red-700 dark:text-red-400">
            {parsed.ok ? "" : parsed.message}
          </p>
        </div>
      ) : (
        <pre aria-label={`Arguments of ${approvalSubject(payload)}`} className="max-h-40 overflow-auto rounded bg-zinc-100 p-2 text-xs dark:bg-zinc-800">
          {JSON.stringify(payload.args, null, 2)}
        </pre>
      )}
      <input aria-label="Reason" placeholder="Reason (optional)" value={reason} onChange={(e) => setReason(e.target.value)} className={field} />
      <div className="flex flex-wrap gap-2">
        {editing ? (
          <>
            <button type="button" disabled={busy || !parsed.ok} onClick={() => send("edit")} className={`${button} bg-sky-600 text-white hover:bg-sky-700`}>
              Approve edited
            </button>
            <button type="button" disabled={busy} onClick={() => setEditing(false)} className={`${button} border border-zinc-300 dark:border-zinc-700`}>
              Cancel edit
            </button>
          </>
        ) : (
          <>
            <button type="button" disabled={busy} onClick={() => send("approve")} className={`${button} bg-sky-600 text-white hover:bg-sky-700`}>
              Approve
            </button>
            <button
              type="button"
              disabled={busy}
              onClick={() => send("reject")}
              className={`${button} border border-red-300 text-red-800 hover:bg-red-50 dark:border-red-900 dark:text-red-300`}
            >
              Reject
            </button>
            {payload.allow_edit && (
              <button type="button" disabled={busy} onClick={() => setEditing(true)} className={`${button} border border-zinc-300 dark:border-zinc-700`}>
                Edit
              </button>
            )}
          </>
        )}
      </div>
    </>
  );
}

function QuestionForm({ pending, payload, busy }: { pending: PendingInterruptView; payload: QuestionInterrupt; busy: boolean }) {
  const answer = useAnswer();
  return (
    <>
      <p className="text-sm">{payload.question}</p>
      <div role="group" aria-label="Options" className="flex flex-wrap gap-2">
        {payload.options.map((option) => (
          <button
            key={option.id}
            type="button"
            disabled={busy}
            onClick={() => answer(pending.interruptId, { option_id: option.id }, answerLabel(payload, option.id))}
            className={`${button} border border-zinc-300 hover:bg-zinc-100 dark:border-zinc-700 dark:hover:bg-zinc-800`}
          >
            {option.label}
          </button>
        ))}
      </div>
    </>
  );
}

export function InterruptCard() {
  const events = useThreadEvents();
  const busy = useRunning();
  const { interrupts, refusal } = useMemo(() => pendingOf(events), [events]);
  const pending = interrupts[0];
  if (!pending || busy) return null;
  const { payload } = pending;
  const title =
    payload.kind === "approval"
      ? `Approval needed: ${approvalSubject(payload)}`
      : payload.kind === "breakpoint"
        ? `Paused ${payload.when} ${breakpointPlace(payload)}`
        : payload.kind === "secret"
          ? `Send ${payload.secret} to ${payload.origin}?`
          : "Question";
  const region = { approval: "Approval needed", breakpoint: "Paused at breakpoint", secret: "Secret needed", question: "Question" }[payload.kind];
  const asker = askedBy(payload);
  return (
    <section
      role="region"
      aria-label={region}
      className="shrink-0 space-y-2 border-t border-amber-300 bg-amber-50 p-3 dark:border-amber-900 dark:bg-amber-950/30"
    >
      <h3 className="text-xs font-semibold tracking-wide text-amber-900 uppercase dark:text-amber-200">
        {title}
        {interrupts.length > 1 ? ` (1 of ${interrupts.length})` : ""}
      </h3>
      {asker && <p className="text-xs text-amber-900 dark:text-amber-200">{asker}</p>}
      {(refusal ?? payload.error) && (
        <p role="alert" className="text-xs text-red-700 dark:text-red-400">
          {refusal ?? payload.error}
        </p>
      )}
      {payload.kind === "approval" ? (
        <ApprovalForm key={pending.interruptId} pending={pending} payload={payload} busy={busy} />
      ) : payload.kind === "breakpoint" ? (
        <Suspense fallback={null}>
          <BreakpointForm key={pending.interruptId} pending={pending} payload={payload} busy={busy} />
        </Suspense>
      ) : payload.kind === "secret" ? (
        <SecretUseForm key={pending.interruptId} pending={pending} payload={payload} busy={busy} />
      ) : (
        <QuestionForm key={pending.interruptId} pending={pending} payload={payload} busy={busy} />
      )}
    </section>
  );
}
