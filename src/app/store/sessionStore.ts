/**
 * The session store: the open graph's threads, the active thread's events and the run in
 * progress. Streamed events are applied once per animation frame; everything else —
 * messages, timeline rows — is derived from the events.
 */
import { createStore, type StoreApi } from "zustand/vanilla";
import type { RunEvent } from "../../engine/index.js";
import type { ThreadRecord, Workspace } from "../../persistence/workspace/index.js";
import type { GraphDocument } from "../../schema/index.js";
import type { EngineClient } from "../services/engineClient";
import type { RunRequest } from "../../worker/protocol";
import { summarizeProblems } from "../../worker/protocol";
import { copyRuns, eventsUntilCheckpoint, replayBase } from "../services/threadBranch";
import { createFrameBatcher, type FrameScheduler } from "./frameBatcher";
import { problemsOf } from "./selectors";

export type RunState = { state: "idle" } | { state: "running"; runId: string; threadId: string } | { state: "error"; message: string };

export interface SessionState {
  graphId: string | null;
  threads: ThreadRecord[];
  activeThreadId: string | null;
  /** Events of the active thread, in run order. */
  events: RunEvent[];
  /** The active thread's events are being read. */
  loading: boolean;
  run: RunState;

  /** Shows the threads of a graph (no-op when it is already open). */
  openGraph(graphId: string): Promise<void>;
  /** Creates an empty thread and makes it active. */
  newThread(): Promise<string | null>;
  switchThread(threadId: string): Promise<void>;
  renameThread(threadId: string, title: string): Promise<void>;
  deleteThread(threadId: string): Promise<void>;
  /**
   * Answers an interrupt the active thread is paused on (approval `{ decision, args?, reason? }`,
   * question `{ option_id }`); `label` names the run in the thread. False when it did not start.
   */
  resume(document: GraphDocument, answer: { interruptId: string; value: unknown; label: string }): Promise<boolean>;
  /** Starts a turn on the active thread (creating one if needed); false when it did not start. */
  send(document: GraphDocument, message: string, options?: SendOptions): Promise<boolean>;
  stop(): void;
  /** A new thread whose state is the state at this event's checkpoint. */
  forkFrom(document: GraphDocument, event: RunEvent): Promise<void>;
  /** A new thread where a recorded run runs again, models and tools answering from the recording. */
  replayRun(document: GraphDocument, runId: string): Promise<void>;
}

export type SessionStore = StoreApi<SessionState>;

export interface SendOptions {
  /** Run this agent directly as the root instead of the graph (direct sub-agent runs, seed 002). */
  agent?: string;
}

export interface SessionDeps {
  workspace: Pick<Workspace, "threads" | "runs" | "settings"> & Partial<Pick<Workspace, "tasks">>;
  engine: EngineClient;
  frames?: FrameScheduler;
  /** Fresh ids for threads and runs. */
  newId?: (prefix: string) => string;
  now?: () => number;
}

/** Setting that remembers the last active thread of each graph. */
export const activeThreadSetting = (graphId: string) => `playground.active_thread.${graphId}`;

export const DEFAULT_THREAD_TITLE = "New thread";
const TITLE_LENGTH = 60;

function defaultId(prefix: string): string {
  const random = globalThis.crypto?.randomUUID?.() ?? `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 10)}`;
  return `${prefix}_${random}`;
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** A thread title from its first message. */
export function titleFrom(message: string): string {
  const flat = message.replace(/\s+/g, " ").trim();
  if (!flat) return DEFAULT_THREAD_TITLE;
  return flat.length > TITLE_LENGTH ? `${flat.slice(0, TITLE_LENGTH - 1)}…` : flat;
}

/** Appends events not already present (a reload can race the live stream). */
function appendNew(current: RunEvent[], incoming: readonly RunEvent[], known: Set<string>): RunEvent[] {
  const fresh = incoming.filter((e) => !known.has(e.id));
  if (fresh.length === 0) return current;
  for (const e of fresh) known.add(e.id);
  return current.concat(fresh);
}

/**
 * @example
 * const session = createSessionStore({ workspace: appWorkspace(), engine: appEngine() });
 * await session.getState().openGraph(document.meta.id);
 * await session.getState().send(document, "hello");
 */
export function createSessionStore(deps: SessionDeps): SessionStore {
  const { workspace, engine } = deps;
  const newId = deps.newId ?? defaultId;
  const now = deps.now ?? (() => Date.now());
  /** Ids of the events in `events`, for de-duplication. */
  let known = new Set<string>();
  /** Every event of the run in progress, whichever thread is shown. */
  let liveRun: RunEvent[] = [];
  /** Bumped on every thread or graph switch; stale reads check it and drop their result. */
  let generation = 0;

  const store = createStore<SessionState>()((set, get) => {
    const stream = createFrameBatcher<RunEvent>((batch) => {
      const active = get().activeThreadId;
      const mine = batch.filter((e) => e.thread_id === active);
      if (mine.length === 0) return;
      set((s) => ({ events: appendNew(s.events, mine, known) }));
    }, deps.frames);

    const refreshThreads = async (graphId: string) => {
      const threads = await workspace.threads.list(graphId);
      if (get().graphId === graphId) set({ threads });
      return threads;
    };

    const rememberActive = (graphId: string, threadId: string | null) =>
      (threadId === null ? workspace.settings.delete(activeThreadSetting(graphId)) : workspace.settings.set(activeThreadSetting(graphId), threadId)).catch(
        () => {
          // Remembering the active thread is a convenience; the thread itself is saved.
        },
      );

    const fail = (message: string) => set({ run: { state: "error", message } });

    const loadThread = async (threadId: string | null) => {
      stream.flush();
      const ticket = ++generation;
      known = new Set();
      set({ activeThreadId: threadId, events: [], loading: threadId !== null });
      if (threadId === null) return;
      try {
        const stored = await workspace.runs.threadEvents(threadId);
        if (ticket !== generation) return;
        known = new Set(stored.map((e) => e.id));
        const run = get().run;
        const live = run.state === "running" && run.threadId === threadId ? liveRun : [];
        set({ events: appendNew(stored, live, known), loading: false });
      } catch (error) {
        if (ticket !== generation) return;
        set({ loading: false });
        fail(`Could not read this thread: ${errorText(error)}`);
      }
    };

    const activate = async (threadId: string | null) => {
      const graphId = get().graphId;
      await loadThread(threadId);
      if (graphId) await rememberActive(graphId, threadId);
    };

    /** Creates a thread record for the open graph and makes it active. */
    const createThread = async (title: string): Promise<string | null> => {
      const graphId = get().graphId;
      if (!graphId) return null;
      const id = newId("thread");
      await workspace.threads.create({ id, graphId, title });
      await refreshThreads(graphId);
      await activate(id);
      return id;
    };

    /** A new thread forked from a checkpoint of the active thread, starting with `history`. */
    const branch = async (document: GraphDocument, checkpointId: string | null, history: readonly RunEvent[], title: string): Promise<string | null> => {
      const { graphId, activeThreadId } = get();
      if (!graphId || !activeThreadId) return null;
      const threadId = newId("thread");
      await engine.fork({ document, threadId: activeThreadId, checkpointId, newThreadId: threadId });
      await workspace.threads.create({ id: threadId, graphId, title });
      await copyRuns(workspace.runs, { threadId, graphId, events: history, newRunId: () => newId("run"), now: now() });
      await refreshThreads(graphId);
      await activate(threadId);
      return threadId;
    };

    const startRun = (
      document: GraphDocument,
      threadId: string,
      message: string,
      replay?: readonly RunEvent[],
      agent?: string,
      resume?: RunRequest["resume"],
    ) => {
      const runId = newId("run");
      liveRun = [];
      set({ run: { state: "running", runId, threadId } });
      const finish = (next: RunState) => {
        stream.flush();
        liveRun = [];
        const run = get().run;
        if (run.state === "running" && run.runId === runId) set({ run: next });
        const graphId = get().graphId;
        void workspace.threads
          .touch(threadId)
          .then(() => (graphId ? refreshThreads(graphId) : undefined))
          .catch(() => {
            // The thread was deleted meanwhile: nothing to touch.
          });
      };
      engine.run(
        {
          runId,
          threadId,
          graphId: document.meta.id,
          document,
          message,
          ...(replay ? { replay } : {}),
          ...(agent ? { agent } : {}),
          ...(resume ? { resume } : {}),
        },
        {
          onEvents(events) {
            for (const e of events) liveRun.push(e);
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

    // Follow-up turns of background delegations, started by the worker: shown like any run.
    engine.onBackgroundRun?.((run) => {
      if (run.graphId !== get().graphId) return undefined;
      const done = () => {
        stream.flush();
        void refreshThreads(run.graphId).catch(() => undefined);
      };
      return { onEvents: (events) => stream.push(events), onDone: done, onFailed: done };
    });
    // Background delegations a previous page left open: only then is the worker started for them.
    void workspace.tasks
      ?.listOpen()
      .then((open) => {
        if (open.length > 0) engine.resumeBackgroundTasks?.();
      })
      .catch(() => {
        // Unreadable tasks are reported by the worker when it next runs them.
      });

    return {
      graphId: null,
      threads: [],
      activeThreadId: null,
      events: [],
      loading: false,
      run: { state: "idle" },

      async openGraph(graphId) {
        if (get().graphId === graphId) return;
        stream.flush();
        const ticket = ++generation;
        known = new Set();
        set({ graphId, threads: [], activeThreadId: null, events: [], loading: true });
        try {
          const [threads, remembered] = await Promise.all([
            workspace.threads.list(graphId),
            workspace.settings.get<string | null>(activeThreadSetting(graphId), null),
          ]);
          if (ticket !== generation || get().graphId !== graphId) return;
          set({ threads });
          const active = threads.find((t) => t.id === remembered)?.id ?? threads[0]?.id ?? null;
          await loadThread(active);
        } catch (error) {
          if (ticket !== generation) return;
          set({ loading: false });
          fail(`Could not read this graph's threads: ${errorText(error)}`);
        }
      },

      async newThread() {
        try {
          return await createThread(DEFAULT_THREAD_TITLE);
        } catch (error) {
          fail(`Could not create a thread: ${errorText(error)}`);
          return null;
        }
      },

      async switchThread(threadId) {
        if (threadId === get().activeThreadId) return;
        await activate(threadId);
      },

      async renameThread(threadId, title) {
        const graphId = get().graphId;
        const clean = title.replace(/\s+/g, " ").trim();
        if (!clean || !graphId) return;
        try {
          await workspace.threads.rename(threadId, clean.slice(0, 200));
          await refreshThreads(graphId);
        } catch (error) {
          fail(`Could not rename the thread: ${errorText(error)}`);
        }
      },

      async deleteThread(threadId) {
        const { graphId, run } = get();
        if (!graphId) return;
        if (run.state === "running" && run.threadId === threadId) return;
        try {
          await workspace.threads.delete(threadId);
          const threads = await refreshThreads(graphId);
          if (get().activeThreadId === threadId) await activate(threads[0]?.id ?? null);
        } catch (error) {
          fail(`Could not delete the thread: ${errorText(error)}`);
        }
      },

      async send(document, message, options = {}) {
        const text = message.trim();
        if (!text || get().run.state === "running") return false;
        const problems = problemsOf(document).errors;
        if (problems.length > 0) {
          fail(summarizeProblems(problems));
          return false;
        }
        try {
          if (get().graphId !== document.meta.id) await get().openGraph(document.meta.id);
          let threadId = get().activeThreadId;
          if (threadId === null) {
            threadId = await createThread(titleFrom(text));
          } else {
            const thread = get().threads.find((t) => t.id === threadId);
            if (thread && thread.title === DEFAULT_THREAD_TITLE && get().events.length === 0) {
              await workspace.threads.rename(threadId, titleFrom(text));
              await refreshThreads(document.meta.id);
            }
          }
          if (threadId === null) return false;
          startRun(document, threadId, text, undefined, options.agent);
          return true;
        } catch (error) {
          fail(`Could not start the run: ${errorText(error)}`);
          return false;
        }
      },

      async resume(document, answer) {
        const threadId = get().activeThreadId;
        if (!threadId || get().run.state === "running") return false;
        startRun(document, threadId, answer.label, undefined, undefined, { interrupt_id: answer.interruptId, value: answer.value });
        return true;
      },

      stop() {
        const run = get().run;
        if (run.state === "running") engine.stop(run.runId);
      },

      async forkFrom(document, event) {
        if (!event.checkpoint_id || get().run.state === "running") return;
        const source = get().threads.find((t) => t.id === get().activeThreadId);
        try {
          await branch(document, event.checkpoint_id, eventsUntilCheckpoint(get().events, event.checkpoint_id), `${source?.title ?? "Thread"} (fork)`);
        } catch (error) {
          fail(`Could not fork the thread: ${errorText(error)}`);
        }
      },

      async replayRun(document, runId) {
        if (get().run.state === "running") return;
        const { before, checkpointId, run } = replayBase(get().events, runId);
        const start = run.find((e) => e.type === "run_start");
        if (!start || start.type !== "run_start") return;
        const source = get().threads.find((t) => t.id === get().activeThreadId);
        try {
          const threadId = await branch(document, checkpointId, before, `${source?.title ?? "Thread"} (replay)`);
          if (threadId) startRun(document, threadId, start.input, run);
        } catch (error) {
          fail(`Could not replay the run: ${errorText(error)}`);
        }
      },
    };
  });
  return store;
}
