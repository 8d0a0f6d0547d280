/**
 * The follow-up turn of a background delegation (seed 002): once the task settles, a
 * root-level turn tells the parent the outcome so it can report it to the user.
 */
import type { CompiledDocument } from "../compile.js";
import { EngineError } from "../errors.js";
import type { RunEvent } from "../events.js";
import { describeInterrupt } from "../interrupts.js";
import type { BackgroundTask } from "../ports.js";
import { runGraph, type RunOptions } from "../run.js";

/**
 * The message of a follow-up turn: what the sub-agent was asked and how it ended.
 * @example followUpMessage(task) // "[Background task task_1] Research finished the task \"news\".\nResult:\n…"
 */
export function followUpMessage(task: BackgroundTask): string {
  if (task.status === "waiting") {
    const asks = (task.pending ?? []).map((p) => describeInterrupt(p.payload)).join("; ");
    return `[Background task ${task.id}] ${task.agent} needs an answer from the user to go on with the task "${task.message}": ${asks}`;
  }
  const head = `[Background task ${task.id}] ${task.agent} ${task.status === "completed" ? "finished" : "failed"} the task "${task.message}".`;
  const body = task.status === "completed" ? `Result:\n${task.result ?? ""}` : `Error: ${task.error ?? "unknown error"}`;
  return `${head}\n${body}\nReport this to the user.`;
}

/**
 * Runs the follow-up turn of a settled task on its thread and marks the task reported; for a
 * task waiting for the user, the turn asks (the thread pauses) and the task is marked asked.
 * @example
 * const task = await compiled.team.tasks.settled(taskId);
 * for await (const e of runFollowUp(compiled, task.id, { threadId: task.thread_id })) console.log(e.type);
 */
export async function* runFollowUp(compiled: CompiledDocument, taskId: string, options: Omit<RunOptions, "agent">): AsyncGenerator<RunEvent> {
  const task = await compiled.team.tasks.get(taskId);
  if (!task) throw new EngineError("TASK_NOT_FOUND", `There is no background task "${taskId}"`);
  if (task.status === "queued" || task.status === "running")
    throw new EngineError("RUN_FAILED", `Task ${taskId} is still ${task.status}; its follow-up runs once it settles`);
  let status: string | null = null;
  for await (const event of runGraph(compiled, { message: followUpMessage(task), followUp: { task_id: task.id } }, { ...options, threadId: task.thread_id })) {
    if (event.type === "run_end") status = event.status;
    yield event;
  }
  if (task.status === "waiting") {
    if (status === "interrupted") await compiled.team.tasks.markAsked(task.id);
  } else if (status === "completed") await compiled.team.tasks.markReported(task.id);
}
