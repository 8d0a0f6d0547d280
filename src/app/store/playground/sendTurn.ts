/**
 * A send: the message becomes a turn of the active thread (created when there is none), or the
 * answer to the question the thread waits on. The message is shown and its write issued before
 * the run is posted; a run the engine refuses as busy takes them back.
 */
import type { StoreApi } from "zustand/vanilla";
import type { GraphDocument } from "../../../schema/index.js";
import { summarizeProblems } from "../../../worker/protocol";
import { problemsOf } from "../selectors";
import { pendingOf, typedAnswer } from "../pendingInterrupts";
import { type PlaygroundSteps } from "./playgroundSteps";
import type { RunOptions } from "./runSlice";
import { sendEvent } from "./sendEvent";
import { DEFAULT_THREAD_TITLE, titleFrom } from "./threadTitle";
import type { PlaygroundState, SendOptions } from "./types";
import { errorMessage } from "../../../schema/errorMessage.js";

export interface SendTurnDeps {
  steps: PlaygroundSteps;
  get: StoreApi<PlaygroundState>["getState"];
  set: StoreApi<PlaygroundState>["setState"];
  /** The run slice's start of a run, shown as the one in progress. */
  startRun(document: GraphDocument, threadId: string, message: string, options: RunOptions): void;
}

/**
 * @example const sendNow = createSendTurn({ steps, get, set, startRun }); await sendNow(document, "hello", {});
 */
export function createSendTurn({ steps, get, set, startRun }: SendTurnDeps) {
  const { controller, stream } = steps;
  return async (document: GraphDocument, text: string, options: SendOptions): Promise<boolean> => {
    const problems = problemsOf(document).errors;
    if (problems.length > 0) {
      steps.fail(summarizeProblems(problems));
      return false;
    }
    // A question waits on this thread: the message answers it with an option, or is refused.
    const waiting = get().graphId === document.meta.id && !options.agent ? pendingOf(get().events).interrupts[0] : undefined;
    if (waiting?.payload.kind === "question") {
      const answer = typedAnswer(waiting.payload, text);
      if (!answer.ok) {
        steps.fail(answer.message);
        return false;
      }
      return get().resume(document, { interruptId: waiting.interruptId, value: { option_id: answer.optionId }, label: `Answered: ${answer.label}` });
    }
    try {
      if (get().graphId !== document.meta.id) await get().openGraph(document.meta.id);
      // `New thread` pressed just before: the message belongs to that thread, not the one shown until it opens.
      const opening = steps.threadsCreated();
      if (opening) await opening;
      let threadId = get().activeThreadId;
      if (threadId === null) {
        threadId = await steps.createThread(titleFrom(text));
      } else {
        const thread = get().threads.find((t) => t.id === threadId);
        // Only this thread's events count: those of the thread open before may still be in the
        // store for a moment after `New thread` switched to it.
        if (thread && thread.title === DEFAULT_THREAD_TITLE && !get().events.some((event) => event.thread_id === threadId)) {
          await controller.renameThread(threadId, titleFrom(text));
          await steps.refreshThreads(document.meta.id);
        }
      }
      if (threadId === null) return false;
      // The message is shown, and its write to the thread is issued, before the run is
      // posted: once it commits, a reload finds it and resumes the run (or says it was
      // interrupted). The run does not wait for the commit (a round trip of IndexedDB on
      // every Send): the engine records the same run and run_start under the thread's lock
      // when it starts the run, and fails the run, saying why, if it cannot.
      const runId = steps.newId("run");
      const shown = sendEvent(runId, threadId, text, Date.now());
      set({ run: { state: "running", runId, threadId } });
      stream.push([shown]);
      stream.flush();
      const recorded = controller.recordSend({ runId, threadId, graphId: document.meta.id, event: shown });
      // The engine refuses the run when another tab runs the thread (it waits behind its own run
      // of the thread, and a moment for a reloaded page's previous worker): the message is taken
      // back, from the thread and the chat, once its write is done, and goes back to the box.
      const refused = async () => {
        await recorded.catch(() => undefined);
        await controller.discardSend(runId).catch(() => undefined);
        steps.dropRunEventsAfter(runId, -1);
      };
      startRun(document, threadId, text, { runId, shown, refused, ...(options.agent ? { agent: options.agent } : {}) });
      // A failed early write loses nothing the engine's own does not record.
      void recorded.catch(() => undefined);
      return true;
    } catch (error) {
      steps.fail(`Could not start the run: ${errorMessage(error)}`);
      return false;
    }
  };
}
