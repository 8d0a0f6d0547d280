/**
 * Resuming a paused run: finds the interrupts a thread waits on (from its checkpoint,
 * so it works after a reload or with a new saver instance), checks the person's answer
 * and builds the `Command({ resume })` that continues the run.
 */
import { Command, type LangGraphRunnableConfig } from "@langchain/langgraph/web";
import type { CompiledDocument } from "./compile.js";
import { EngineError } from "./errors.js";
import { isInterruptPayload, validateResume, type PendingInterrupt, type ResumeValue } from "./interrupts.js";

/**
 * A person's answer to a paused run.
 * @example const request: ResumeRequest = { interrupt_id: pending.id, value: { option_id: "yes" } };
 */
export interface ResumeRequest {
  /** The interrupt answered; may be left out when the thread waits on exactly one. */
  interrupt_id?: string;
  /** `{ decision, args?, reason? }` for approvals, `{ option_id }` for questions. */
  value: unknown;
}

/**
 * Our interrupts among raw LangGraph interrupts (`{ id, value }`), in order, without duplicates.
 * @example toPending([{ id: "abc", value: { kind: "question", question: "Which?", options: [], node: "Q" } }]) // [{ id: "abc", payload: … }]
 */
export function toPending(raw: readonly unknown[]): PendingInterrupt[] {
  const out: PendingInterrupt[] = [];
  for (const item of raw) {
    const { id, value } = (item ?? {}) as { id?: unknown; value?: unknown };
    if (typeof id !== "string" || !isInterruptPayload(value) || out.some((p) => p.id === id)) continue;
    out.push({ id, payload: value });
  }
  return out;
}

export type StateReader = Pick<CompiledDocument["graph"], "getState">;

/**
 * The interrupts a thread is paused on, read from its latest checkpoint.
 * @example const pending = await readPending(compiled.graph, { configurable: { thread_id: "t1" } });
 */
export async function readPending(graph: StateReader, config: LangGraphRunnableConfig): Promise<PendingInterrupt[]> {
  const snapshot = await graph.getState(config);
  return toPending(snapshot.tasks.flatMap((task) => task.interrupts ?? []));
}

/**
 * The interrupts a thread waits on (empty when it is not paused).
 * @example
 * const [pending] = await pendingInterrupts(compiled, "thread-1");
 * if (pending?.payload.kind === "approval") console.log(pending.payload.message);
 */
export async function pendingInterrupts(compiled: CompiledDocument, threadId: string): Promise<PendingInterrupt[]> {
  return readPending(compiled.graph, { configurable: { thread_id: threadId } });
}

export type PreparedResume =
  { ok: true; interrupt: PendingInterrupt; value: ResumeValue; command: Command } | { ok: false; error: EngineError; pending: PendingInterrupt[] };

/**
 * Matches an answer to the interrupt it answers and validates it. A refusal carries the
 * interrupts still pending, so the caller can report that the run stays paused.
 * @example
 * const prepared = prepareResume(pending, { value: { option_id: "home" } });
 * if (prepared.ok) await graph.stream(prepared.command, config); else console.error(prepared.error.message);
 */
export function prepareResume(pending: PendingInterrupt[], request: ResumeRequest): PreparedResume {
  const fail = (code: "NOT_PAUSED" | "INVALID_RESUME", message: string): PreparedResume => ({ ok: false, error: new EngineError(code, message), pending });
  if (pending.length === 0) return fail("NOT_PAUSED", "This thread is not waiting for an answer: there is nothing to resume");
  const target = request.interrupt_id === undefined && pending.length === 1 ? pending[0] : pending.find((p) => p.id === request.interrupt_id);
  if (!target) {
    const ids = pending.map((p) => `"${p.id}"`).join(", ");
    return fail(
      "INVALID_RESUME",
      request.interrupt_id === undefined
        ? `This thread waits on ${pending.length} interrupts (${ids}); say which one the answer is for`
        : `Interrupt "${request.interrupt_id}" is not pending on this thread; pending: ${ids}`,
    );
  }
  const checked = validateResume(target.payload, request.value);
  if (!checked.ok) return fail("INVALID_RESUME", checked.message);
  return { ok: true, interrupt: target, value: checked.value, command: new Command({ resume: { [target.id]: checked.value } }) };
}

/**
 * The person's answer as the CLI's `--resume` and the MCP tools' `answer` take it: JSON text
 * (`'{"decision":"approve"}'`) or, from a JSON protocol, the parsed object itself. One reader,
 * so both say the same thing about a malformed answer.
 * @example readResumeAnswer('{"option_id":"home"}') // { ok: true, request: { value: { option_id: "home" } } }
 */
export function readResumeAnswer(answer: unknown, interruptId?: string): { ok: true; request: ResumeRequest } | { ok: false; message: string } {
  let value = answer;
  if (typeof answer === "string") {
    try {
      value = JSON.parse(answer);
    } catch (error) {
      return { ok: false, message: `The answer must be JSON such as '{"decision":"approve"}' or '{"option_id":"…"}': ${(error as Error).message}` };
    }
  }
  return { ok: true, request: { value, ...(interruptId ? { interrupt_id: interruptId } : {}) } };
}
