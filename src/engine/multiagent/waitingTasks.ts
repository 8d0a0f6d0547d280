/**
 * A background task that waits for the user (its follow-up turn asked a question or an
 * approval) is resumed only by the answer to that pause. A new message would make LangGraph
 * drop the pause, and the task would wait for good: such a message is refused, naming what
 * waits, and the thread keeps waiting on the same pause.
 */
import type { LangGraphRunnableConfig } from "@langchain/langgraph/web";
import { describeInterrupt } from "../../schema/index.js";
import type { PendingInterrupt } from "../interrupts.js";
import type { BackgroundTaskStore } from "../ports.js";
import { readPending, type StateReader } from "../resume.js";

/**
 * The refusal of a new message on `threadId`, or null when no background task of the thread
 * waits on a pause the thread shows. Reads the thread's state only when one waits.
 * @example
 * const refused = await waitingTaskRefusal(tasks, graph, config, "t1");
 * if (refused) yield* turn.refusedAnswer(refused.error, refused.pending, 0);
 */
export async function waitingTaskRefusal(
  store: BackgroundTaskStore,
  graph: StateReader,
  config: LangGraphRunnableConfig,
  threadId: string,
): Promise<{ error: { code: string; message: string }; pending: PendingInterrupt[] } | null> {
  const waiting = (await store.listByThread(threadId)).filter((task) => task.status === "waiting" && task.asked === true);
  if (waiting.length === 0) return null;
  const pending = await readPending(graph, config);
  for (const task of waiting) {
    const asked = pending.find((p) => p.payload.task_id === task.id);
    if (!asked) continue;
    return {
      error: {
        code: "TASK_WAITING",
        message: `${task.agent} (background task ${task.id}) is waiting for your answer — ${describeInterrupt(asked.payload)}. Answer it first: your message was not sent.`,
      },
      pending,
    };
  }
  return null;
}
