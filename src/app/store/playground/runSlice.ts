// The run slice: the run in progress, and the actions that start one (send, resume, replay), stop it or fork.
import type { StateCreator } from "zustand/vanilla";
import type { RunEvent } from "../../../engine/index.js";
import type { GraphDocument } from "../../../schema/index.js";
import { eventsUntilCheckpoint, eventsUntilPause, replayBase } from "../../services/threadBranch";
import type { RunHandlers } from "../../services/engineClient";
import type { RunStart } from "./playgroundController";
import { type PlaygroundSteps } from "./playgroundSteps";
import { createSendTurn } from "./sendTurn";
import type { PlaygroundState, RunSlice, RunState } from "./types";
import { errorMessage } from "../../../schema/errorMessage.js";

export interface RunOptions {
  /** The run's id, when the send already recorded it. */
  runId?: string;
  /** The `run_start` the send already showed and stored. */
  shown?: RunEvent;
  replay?: readonly RunEvent[];
  agent?: string;
  resume?: RunStart["resume"];
  /** Takes back what the send wrote when the engine refuses the run as busy; the message then goes back to the box. */
  refused?: () => Promise<void>;
}

/** Why a send did not run: the thread is running in another tab (or another tab just started it). */
export const THREAD_BUSY_TEXT = "Not sent: this thread is running in another tab. Your message is kept: send it again once that run ends.";

export const createRunSlice =
  (steps: PlaygroundSteps): StateCreator<PlaygroundState, [], [], RunSlice> =>
  (set, get) => {
    const { controller, stream } = steps;

    /** Shows a run as the one in progress and returns the handlers of its events and end. */
    const track = (runId: string, threadId: string, afterEnd?: () => void): RunHandlers & { end(next: RunState): void } => {
      steps.liveRun = [];
      // A send shows its run as running before storing the message: setting it again would be
      // a commit of its own, in whichever frame the store's write ends.
      const shown = get().run;
      if (shown.state !== "running" || shown.runId !== runId || shown.threadId !== threadId) set({ run: { state: "running", runId, threadId } });
      const finish = (next: RunState) => {
        stream.flush();
        steps.liveRun = [];
        const run = get().run;
        if (run.state === "running" && run.runId === runId) set({ run: next });
        const graphId = get().graphId;
        void controller
          .touchThread(threadId)
          // In a frame of its own, not beside the end's or the next run's.
          .then(() => (graphId ? steps.refreshThreads(graphId, { inFrame: true }) : undefined))
          .catch(() => {
            // The thread was deleted meanwhile: nothing to touch.
          });
        afterEnd?.();
      };
      return {
        end: finish,
        onEvents(events) {
          for (const e of events) steps.liveRun.push(e);
          stream.push(events);
        },
        // The end joins the frame of the run's last events: one commit shows both.
        onDone(status, error) {
          steps.frames.request(() => finish(status === "error" ? { state: "error", message: error ?? "The run failed" } : { state: "idle" }));
        },
        onFailed(_code, message) {
          steps.frames.request(() => finish({ state: "error", message }));
        },
      };
    };

    const startRun = (document: GraphDocument, threadId: string, message: string, options: RunOptions = {}) => {
      const runId = options.runId ?? steps.newId("run");
      const tracked = track(runId, threadId);
      const { refused } = options;
      const handlers: RunHandlers = refused
        ? {
            ...tracked,
            onFailed(code, text) {
              if (code !== "THREAD_BUSY") return tracked.onFailed(code, text);
              void refused().then(() => steps.frames.request(() => tracked.end({ state: "error", message: THREAD_BUSY_TEXT, unsent: message })));
            },
          }
        : tracked;
      if (options.shown) handlers.onEvents([options.shown]);
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
        handlers,
      );
    };

    /**
     * Runs of this thread still marked running, when no run of this page is: a reload or a
     * closed tab cut them. The engine continues each from its checkpoint under the thread's lock
     * (another tab holding it answers THREAD_BUSY) or records it as interrupted.
     */
    /** Cut runs this page asked the engine to resume: each is tried once (a failed resume is not retried in a loop). */
    const tried = new Set<string>();
    /** A send is between its click and its run: a second click is not a second run. */
    let sending = false;
    steps.resumeCut = async (threadId) => {
      if (get().run.state === "running") return;
      // Oldest first, in the order they were sent: a thread holds several when a resume failed and
      // the next message was cut before the engine started it (once it starts, the engine closes the
      // older one as interrupted, with Retry).
      const cuts = (await controller.cutRuns(threadId)).filter((run) => !tried.has(run.id));
      const cut = cuts[0];
      if (!cut || get().run.state === "running" || get().activeThreadId !== threadId) return;
      tried.add(cut.id);
      /** The thread was busy: whoever held it is gone now, so the cut run is tried again if it is still cut. */
      let busy = false;
      const reload = () => {
        // Steps done again after the checkpoint replace the cut ones: read the thread as stored, then resume the next cut run.
        if (get().activeThreadId === threadId) void steps.loadThread(threadId, { resume: busy || cuts.length > 1 });
      };
      const handlers = track(cut.id, threadId, reload);
      controller.resumeRun(
        { runId: cut.id, threadId, graphId: cut.graph_id },
        {
          ...handlers,
          // The steps after the checkpoint are told again: the shown ones go first, so nothing shows twice.
          onContinues: (keptThroughSeq) => steps.dropRunEventsAfter(cut.id, keptThroughSeq),
          onFailed(code, message) {
            // Busy: another engine holds the thread — another tab, or this page's previous worker
            // still finishing the run a reload cut. Its events are stored there: read the thread
            // once it is free, or they would be missing here; and if that engine went away without
            // ending the run (a page torn down), resume it then.
            if (code === "THREAD_BUSY")
              void controller.whenThreadFree(threadId).then(() => {
                busy = true;
                tried.delete(cut.id);
                handlers.onDone("completed", null);
              });
            else handlers.onDone(code === "NOT_RUNNING" ? "completed" : "error", message);
          },
        },
      );
    };
    /** Starts a turn of the message on the active thread (see `send`). */
    const sendNow = createSendTurn({ steps, get, set, startRun });

    /** The title of a thread branched off the active one. */
    const branchTitle = (suffix: string) => `${get().threads.find((t) => t.id === get().activeThreadId)?.title ?? "Thread"} (${suffix})`;
    /**
     * The shown thread's events once all are read (a long thread shows its latest runs first), for
     * a fork's or replay's history; null when another thread is shown, or a run started, by then.
     */
    const allEvents = async (): Promise<RunEvent[] | null> => {
      const threadId = get().activeThreadId;
      await steps.loaded();
      return get().activeThreadId === threadId && get().run.state !== "running" ? get().events : null;
    };

    return {
      run: { state: "idle" },

      async send(document, message, options = {}) {
        const text = message.trim();
        if (!text || get().run.state === "running" || sending) return false;
        sending = true;
        try {
          return await sendNow(document, text, options);
        } finally {
          sending = false;
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

      warmEngine() {
        controller.warmEngine?.();
      },

      async forkFrom(document, event) {
        if (!event.checkpoint_id || get().run.state === "running") return;
        try {
          const events = await allEvents();
          if (!events) return;
          // From a pause, the new thread waits on it too, with the paused run's events.
          const pause = event.type === "interrupt" ? eventsUntilPause(events, event) : null;
          if (pause) await steps.branch(document, event.checkpoint_id, pause.history, branchTitle("fork"), { atPause: { answeredAt: pause.answeredAt } });
          else await steps.branch(document, event.checkpoint_id, eventsUntilCheckpoint(events, event.checkpoint_id), branchTitle("fork"));
        } catch (error) {
          steps.fail(`Could not fork the thread: ${errorMessage(error)}`);
        }
      },

      async forkEdited(document, event, edits) {
        if (!event.checkpoint_id || get().run.state === "running") return;
        try {
          const events = await allEvents();
          if (!events) return;
          await steps.branch(document, event.checkpoint_id, eventsUntilCheckpoint(events, event.checkpoint_id), branchTitle("edited fork"), { edits });
        } catch (error) {
          steps.fail(`Could not fork the thread: ${errorMessage(error)}`);
        }
      },

      async answerInFork(document, answer) {
        if (get().run.state === "running") return false;
        const events = await allEvents();
        const pause = events?.find((e) => e.type === "interrupt" && e.interrupt_id === answer.interruptId);
        if (!events || !pause?.checkpoint_id) return false;
        try {
          const { history, answeredAt } = eventsUntilPause(events, pause);
          const threadId = await steps.branch(document, pause.checkpoint_id, history, branchTitle("fork"), { atPause: { answeredAt } });
          if (!threadId) return false;
          startRun(document, threadId, answer.label, { resume: { interrupt_id: answer.interruptId, value: answer.value } });
          return true;
        } catch (error) {
          steps.fail(`Could not fork the thread: ${errorMessage(error)}`);
          return false;
        }
      },

      async replayRun(document, runId) {
        if (get().run.state === "running") return;
        const events = await allEvents();
        if (!events) return;
        const { before, checkpointId, run } = replayBase(events, runId);
        const start = run.find((e) => e.type === "run_start");
        if (!start || start.type !== "run_start") return;
        const title = branchTitle("replay");
        try {
          const threadId = await steps.branch(document, checkpointId, before, title);
          if (threadId) startRun(document, threadId, start.input, { replay: run });
        } catch (error) {
          steps.fail(`Could not replay the run: ${errorMessage(error)}`);
        }
      },
    };
  };
