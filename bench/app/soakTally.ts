/**
 * The reload soak's reading of a thread (issue 12, finding 8): given the chat as the user sees
 * it (each article's accessible name and whether it offers Retry) and the messages sent to the
 * thread, how many turns were answered, marked interrupted, left without either, lost or
 * duplicated. Pure, so the rules are read in one place.
 */

/** One chat message as shown: its accessible name ("Author: text…") and whether it has a Retry button. */
export interface ShownMessage {
  label: string;
  retry: boolean;
}

/** A message the soak sent, and the answer that proves its turn was answered. */
export interface SentTurn {
  text: string;
  /** The label of the reply that answers it (the Weather template's final reply). */
  answer: string;
  /** Replies an answered turn shows before its answer (the template's "Let me check…" with its tool card). */
  steps: string[];
}

export type TurnOutcome = "answered" | "interrupted" | "unanswered" | "lost";

export interface ThreadTally {
  turns: number;
  answered: number;
  interrupted: number;
  /** Shown once, with neither an answer nor an interrupted mark with Retry. */
  unanswered: number;
  /** Sent, but not in the thread. */
  lost: number;
  /** Replies of an answered turn missing from it (a reload dropped the steps before the answer). */
  replies_lost: number;
  /** Messages shown more than once: a user message, or a reply repeated within its turn. */
  duplicated: number;
  /** Per sent message, in order. */
  outcomes: TurnOutcome[];
  /** What went wrong, one line per problem, for the report. */
  problems: string[];
}

const USER = "User: ";
const INTERRUPTED = /^Error: This turn was interrupted/;

/**
 * Splits the chat into turns at each user message and judges every sent message.
 * @example tallyThread([{ label: "User: hi", retry: false }, { label: "Assistant: Hello!", retry: false }], [{ text: "hi", answer: "Assistant: Hello!", steps: [] }])
 */
export function tallyThread(shown: readonly ShownMessage[], sent: readonly SentTurn[]): ThreadTally {
  const turns: { prompt: string; replies: ShownMessage[] }[] = [];
  for (const message of shown) {
    if (message.label.startsWith(USER)) turns.push({ prompt: message.label.slice(USER.length), replies: [] });
    else turns.at(-1)?.replies.push(message);
  }
  const tally: ThreadTally = {
    turns: sent.length,
    answered: 0,
    interrupted: 0,
    unanswered: 0,
    lost: 0,
    replies_lost: 0,
    duplicated: 0,
    outcomes: [],
    problems: [],
  };
  const expected = new Set(sent.map((s) => s.text));
  for (const turn of turns) {
    if (!expected.has(turn.prompt)) tally.problems.push(`a message nobody sent: "${turn.prompt}"`);
  }
  for (const { text, answer, steps } of sent) {
    const mine = turns.filter((t) => t.prompt === text);
    if (mine.length === 0) {
      tally.lost++;
      tally.outcomes.push("lost");
      tally.problems.push(`lost: "${text}"`);
      continue;
    }
    if (mine.length > 1) {
      tally.duplicated += mine.length - 1;
      tally.problems.push(`shown ${mine.length} times: "${text}"`);
    }
    const replies = mine.flatMap((t) => t.replies);
    const labels = replies.map((r) => r.label);
    const repeated = labels.filter((label, i) => labels.indexOf(label) !== i);
    if (repeated.length > 0) {
      tally.duplicated += repeated.length;
      tally.problems.push(`replies repeated in the turn of "${text}": ${[...new Set(repeated)].join(" | ")}`);
    }
    if (labels.includes(answer)) {
      tally.answered++;
      tally.outcomes.push("answered");
      const missing = steps.filter((step) => !labels.includes(step));
      tally.replies_lost += missing.length;
      if (missing.length > 0) tally.problems.push(`answered without its earlier replies: "${text}" → missing ${missing.join(" | ")}`);
    } else if (replies.some((r) => r.retry && INTERRUPTED.test(r.label))) {
      tally.interrupted++;
      tally.outcomes.push("interrupted");
    } else {
      tally.unanswered++;
      tally.outcomes.push("unanswered");
      tally.problems.push(`no answer and no interrupted mark: "${text}" → ${labels.join(" | ") || "(nothing)"}`);
    }
  }
  return tally;
}
