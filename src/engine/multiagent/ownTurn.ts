/**
 * Where one delegated message stands on an agent's scoped thread, which every delegation of that
 * agent from the same user thread shares. A run cut by a reload may find a later delegation's
 * turn on top of its own (issue 26): its answer is then the one after its own message, never the
 * thread's last, and a turn that never got an answer is run again under a new message id (the
 * message reducer would replace, not append, a message whose id the thread holds).
 */
import { AIMessage, HumanMessage, type BaseMessage } from "@langchain/core/messages";
import { textOf } from "../runtime.js";

export type OwnTurn =
  /** The thread's last turn is this message's: it goes on (or is done) from the thread's state. */
  | { kind: "latest"; messageId: string }
  /** A later turn ran on top of this one, which had answered: that answer stands. */
  | { kind: "answered"; answer: string }
  /** A later turn ran on top of this one before it answered: start over under `messageId`. */
  | { kind: "again"; messageId: string }
  /** The thread does not hold the message: start it. */
  | { kind: "new"; messageId: string };

const AGAIN = "~";

/**
 * @example
 * ownTurn([human("task_1_message"), ai("Summary A"), human("task_2_message"), ai("Summary B")], "task_1_message")
 * // { kind: "answered", answer: "Summary A" }
 */
export function ownTurn(messages: readonly BaseMessage[], messageId: string): OwnTurn {
  const mine = (m: BaseMessage) => m.id === messageId || (m.id ?? "").startsWith(`${messageId}${AGAIN}`);
  const tries = messages.flatMap((m, i) => (HumanMessage.isInstance(m) && mine(m) ? [i] : []));
  const at = tries.at(-1);
  if (at === undefined) return { kind: "new", messageId };
  const current = messages[at]?.id ?? messageId;
  const next = messages.findIndex((m, i) => i > at && HumanMessage.isInstance(m));
  if (next === -1) return { kind: "latest", messageId: current };
  const last = messages[next - 1];
  if (next - 1 > at && last && AIMessage.isInstance(last) && (last.tool_calls?.length ?? 0) === 0) return { kind: "answered", answer: textOf(last) };
  return { kind: "again", messageId: `${messageId}${AGAIN}${tries.length}` };
}
