// The run slice: the run in progress, and the actions that start one (send, resume, replay), stop it or fork.
import type { StateCreator } from "zustand/vanilla";
import type { RunEvent } from "../../../engine/index.js";
import type { GraphDocument } from "../../../schema/index.js";
import { summarizeProblems } from "../../../worker/protocol";
import { eventsUntilCheckpoint, replayBase } from "../../services/threadBranch";
import { problemsOf } from "../selectors";
import type { RunStart } from "./playgroundController";
import { errorText, type PlaygroundSteps } from "./playgroundSteps";
import { DEFAULT_THREAD_TITLE, titleFrom } from "./threadTitle";
import type { PlaygroundState, RunSlice, RunState } from "./types";

interface RunOptions {
  replay?: readonly RunEvent[];
  agent?: string;
  resume?: RunStart["resume"];
}

export const createRunSlice =
  (steps: PlaygroundSteps): StateCreator<PlaygroundState, [], [], RunSlice> =>
  (set, get) => {
    const { controller, stream } = steps;

    const startRun = (document: GraphDocument, threadId: string, message: string, options: RunOptions = {}) => {
      const runId = steps.newId("run");
      steps.liveRun = [];
      set({ run: { state: "running", runId, threadId } });
      const finish = (next: RunState) => {
        stream.flush();
        steps.liveRun = [];
        const run = get().run;
        if (run.state === "running" && run.runId === runId) set({ run: next });
        const graphId = get().graphId;
        void controller
          .touchThread(threadId)
          .then(() => (graphId ? steps.refreshThreads(graphId) : undefined))
          .catch(() => {
            // The thread was deleted meanwhile: nothing to touch.
          });
      };
      controller.startRun(
        {
          runId,
          threadId,
          graphId: document.meta.id,
          document,
          message,
          ...(options.replay ? { replay: options.replay } : {}),
          ...(options.agent ? { agent: options.agent } : {}),
          ...(options.resume ? { resume: options.resume } : {}),
        },
        {
          onEvents(events) {
            for (const e of events) steps.liveRun.push(e);
            stream.push(events);
          },
          onDone(status, error) {
            finish(status === "error" ? { state: "error", message: error ?? "The run failed" } : { state: "idle" });
          },
          onFailed(_code, message) {
            finish({ state: "error", message });
          },
        },
      );
    };

    /** The title of a thread branched off the active one. */
    const branchTitle = (suffix: string) => `${get().threads.find((t) => t.id === get().activeThreadId)?.title ?? "Thread"} (${suffix})`;

    return {
      run: { state: "idle" },

      async send(document, message, options = {}) {
        const text = message.trim();
        if (!text || get().run.state === "running") return false;
        const problems = problemsOf(document).errors;
        if (problems.length > 0) {
          steps.fail(summarizeProblems(problems));
          return false;
        }
        try {
          if (get().graphId !== document.meta.id) await get().openGraph(document.meta.id);
          let threadId = get().activeThreadId;
          if (threadId === null) {
            threadId = await steps.createThread(titleFrom(text));
          } else {
            const thread = get().threads.find((t) => t.id === threadId);
            if (thread && thread.title === DEFAULT_THREAD_TITLE && get().events.length === 0) {
              await controller.renameThread(threadId, titleFrom(text));
              await steps.refreshThreads(document.meta.id);
            }
          }
          if (threadId === null) return false;
          startRun(document, threadId, text, options.agent ? { agent: options.agent } : {});
          return true;
        } catch (error) {
          steps.fail(`Could not start the run: ${errorText(error)}`);
          return false;
        }
      },

      async resume(document, answer) {
        const threadId = get().activeThreadId;
        if (!threadId || get().run.state === "running") return false;
        startRun(document, threadId, answer.label, { resume: { interrupt_id: answer.interruptId, value: answer.value } });
        return true;
      },

      stop() {
        const run = get().run;
        if (run.state === "running") controller.stopRun(run.runId);
      },

      async forkFrom(document, event) {
        if (!event.checkpoint_id || get().run.state === "running") return;
        try {
          await steps.branch(document, event.checkpoint_id, eventsUntilCheckpoint(get().events, event.checkpoint_id), branchTitle("fork"));
        } catch (error) {
          steps.fail(`Could not fork the thread: ${errorText(error)}`);
        }
      },

      async replayRun(document, runId) {
        if (get().run.state === "running") return;
        const { before, checkpointId, run } = replayBase(get().events, runId);
        const start = run.find((e) => e.type === "run_start");
        if (!start || start.type !== "run_start") return;
        const title = branchTitle("replay");
        try {
          const threadId = await steps.branch(document, checkpointId, before, title);
          if (threadId) startRun(document, threadId, start.input, { replay: run });
        } catch (error) {
          steps.fail(`Could not replay the run: ${errorText(error)}`);
        }
      },
    };
  };
