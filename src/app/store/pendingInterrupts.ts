/**
 * The interrupts a thread waits on, read from its events: the last run ended `interrupted`
 * and reported them. Events are persisted, so a pending approval or question is back after
 * a reload without asking the engine. A refused answer (INVALID_RESUME) is kept so the
 * card can say what was wrong.
 */
import type { InterruptPayload, QuestionInterrupt, RunEvent } from "../../engine/index.js";

export interface PendingInterruptView {
  interruptId: string;
  runId: string;
  payload: InterruptPayload;
}

export interface PendingState {
  interrupts: PendingInterruptView[];
  /** Why the last answer was refused; the thread is still paused. */
  refusal: string | null;
}

const NONE: PendingState = { interrupts: [], refusal: null };

/**
 * @example
 * const { interrupts } = pendingOf(session.events);
 * if (interrupts[0]?.payload.kind === "question") showOptions(interrupts[0].payload.options);
 */
export function pendingOf(events: readonly RunEvent[]): PendingState {
  let lastEnd = -1;
  for (let i = events.length - 1; i >= 0; i--) {
    const event = events[i] as RunEvent;
    if (event.type === "run_end") {
      lastEnd = i;
      break;
    }
    // A run still going (or a newer one started): nothing is waiting.
    if (event.type === "run_start") return NONE;
  }
  const end = events[lastEnd];
  if (!end || end.type !== "run_end" || end.status !== "interrupted") return NONE;
  const interrupts: PendingInterruptView[] = [];
  let refusal: string | null = null;
  for (let i = lastEnd - 1; i >= 0; i--) {
    const event = events[i] as RunEvent;
    if (event.run_id !== end.run_id) break;
    if (event.type === "interrupt" && !interrupts.some((p) => p.interruptId === event.interrupt_id)) {
      interrupts.unshift({ interruptId: event.interrupt_id, runId: event.run_id, payload: event.payload });
    }
    if (event.type === "error" && event.code === "INVALID_RESUME") refusal = event.message;
  }
  return { interrupts, refusal };
}

const normalized = (text: string) =>
  text
    .trim()
    .replace(/[.!?]+$/, "")
    .trim()
    .toLowerCase();

/**
 * A message typed while a question waits: the option it names (by label or id, case and a final
 * full stop aside), or why it answers nothing, with the options listed.
 * @example typedAnswer(yesNo, "yes") // { ok: true, optionId: "yes", label: "Yes" }
 * @example typedAnswer(yesNo, "maybe") // { ok: false, message: '"maybe" does not answer "Ship it?": type Yes or No, or use its button' }
 */
export function typedAnswer(payload: QuestionInterrupt, text: string): { ok: true; optionId: string; label: string } | { ok: false; message: string } {
  const typed = normalized(text);
  const option = payload.options.find((o) => normalized(o.label) === typed) ?? payload.options.find((o) => normalized(o.id) === typed);
  if (option) return { ok: true, optionId: option.id, label: option.label };
  const labels = payload.options.map((o) => o.label);
  const choices = labels.length > 1 ? `${labels.slice(0, -1).join(", ")} or ${labels.at(-1)}` : (labels[0] ?? "an option");
  return { ok: false, message: `"${text.trim()}" does not answer "${payload.question}": type ${choices}, or use its button` };
}
