/**
 * Steps the thread and run slices share: the frame-batched stream of live events, reading a
 * thread's events into the store (a read that a later switch made stale is dropped),
 * refreshing the thread list, and creating or branching a thread.
 */
import type { RunEvent } from "../../../engine/index.js";
import type { ThreadRecord } from "../../../persistence/workspace/index.js";
import type { GraphDocument } from "../../../schema/index.js";
import { animationFrames, createFrameBatcher, type FrameBatcher, type FrameScheduler } from "../frameBatcher";
import type { PlaygroundController, ThreadFork } from "./playgroundController";
import type { PlaygroundStore } from "./types";
import { errorMessage } from "../../../schema/errorMessage.js";

export interface PlaygroundStoreDeps {
  controller: PlaygroundController;
  frames?: FrameScheduler;
  /** Fresh ids for threads and runs. */
  newId?: (prefix: string) => string;
}

export interface PlaygroundSteps {
  readonly controller: PlaygroundController;
  newId(prefix: string): string;
  /** Live events on their way to the shown thread, applied once per animation frame. */
  readonly stream: FrameBatcher<RunEvent>;
  /** The frames the stream is applied in; a run's end is applied in one too, with its last events. */
  readonly frames: FrameScheduler;
  /** Every event of the run in progress, whichever thread is shown. */
  liveRun: RunEvent[];
  fail(message: string): void;
  /** Starts showing another graph or thread: the stream is flushed and reads in flight become stale. Returns this read's ticket. */
  beginRead(): number;
  isStale(ticket: number): boolean;
  /**
   * Reads the graph's threads into the store: in the shared frame while a run is in progress, or
   * always with `inFrame` (a run's end refreshing after it); at once otherwise. Resolves once applied.
   */
  refreshThreads(graphId: string, options?: { inFrame?: boolean }): Promise<ThreadRecord[]>;
  /**
   * Shows a thread's stored events (plus the live run's, when it runs there): its latest runs'
   * first, then the earlier runs' before them. Then resumes a run a reload cut, unless `resume` is false.
   */
  loadThread(threadId: string | null, options?: { resume?: boolean }): Promise<void>;
  /** Resolves once the shown thread's events are all read (or the read failed or went stale). */
  loaded(): Promise<void>;
  /** Resumes the thread's run a reload or closed tab cut (set by the run slice). */
  resumeCut?(threadId: string): Promise<void>;
  /** Shows a thread and remembers it as the graph's active one. */
  activate(threadId: string | null): Promise<void>;
  /** Forgets the shown events of `runId` after `seq`: a resumed run tells them again. */
  dropRunEventsAfter(runId: string, seq: number): void;
  /**
   * Forgets a run for good (a follow-up turn a reload cut, told again by a new run): its shown
   * events go, and so do those a thread read still in flight brings back.
   */
  dropRun(runId: string): void;
  /** Creates a thread record for the open graph and makes it active. */
  createThread(title: string): Promise<string | null>;
  /**
   * While a thread is being created: resolves once every such thread is shown, so a send right
   * after `New thread` goes to the new thread. Otherwise null (nothing to wait for).
   */
  threadsCreated(): Promise<void> | null;
  /** A new thread forked from a checkpoint of the active thread, starting with `history`. */
  branch(
    document: GraphDocument,
    checkpointId: string | null,
    history: readonly RunEvent[],
    title: string,
    how?: Pick<ThreadFork, "atPause" | "edits">,
  ): Promise<string | null>;
}

/**
 * Runs a thread shows before its earlier ones are read: about 200 messages (the chat's first
 * page) and their timeline rows in a thread of short turns. A long thread opens at its latest
 * turns instead of waiting for all its events.
 */
export const LATEST_RUNS = 50;

function defaultId(prefix: string): string {
  const random = globalThis.crypto?.randomUUID?.() ?? `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 10)}`;
  return `${prefix}_${random}`;
}

/** Appends events not already present (a reload can race the live stream). */
function appendNew(current: RunEvent[], incoming: readonly RunEvent[], known: Set<string>): RunEvent[] {
  const fresh = incoming.filter((e) => !known.has(e.id));
  if (fresh.length === 0) return current;
  for (const e of fresh) known.add(e.id);
  return current.concat(fresh);
}

export function createPlaygroundSteps(set: PlaygroundStore["setState"], get: PlaygroundStore["getState"], deps: PlaygroundStoreDeps): PlaygroundSteps {
  const { controller } = deps;
  const newId = deps.newId ?? defaultId;
  /** Ids of the events in `events`, for de-duplication. */
  let known = new Set<string>();
  /** Bumped on every thread or graph switch; stale reads check it and drop their result. */
  let generation = 0;
  /** Runs dropped for good (`dropRun`): a thread read that began before the worker deleted one still holds its events. */
  const dropped = new Set<string>();
  const shown = (events: RunEvent[]) => (dropped.size === 0 ? events : events.filter((e) => !dropped.has(e.run_id)));

  const stream = createFrameBatcher<RunEvent>((batch) => {
    const active = get().activeThreadId;
    const mine = batch.filter((e) => e.thread_id === active);
    if (mine.length === 0) return;
    set((s) => ({ events: appendNew(s.events, mine, known) }));
  }, deps.frames);

  const fail = (message: string) => set({ run: { state: "error", message } });

  const beginRead = () => {
    stream.flush();
    known = new Set();
    return ++generation;
  };

  const frames = deps.frames ?? animationFrames;

  /**
   * While a run is in progress (or when asked), an update joins the shared frame (with the
   * stream's events and the run's end), so each frame stays one React commit; otherwise it
   * applies at once. Resolves
   * once applied: a caller reads the new state after awaiting.
   */
  const applyInRunFrame = (update: () => void, inFrame = false): Promise<void> => {
    if (!inFrame && get().run.state !== "running") {
      update();
      return Promise.resolve();
    }
    return new Promise<void>((resolve, reject) => {
      frames.request(() => {
        try {
          update();
          resolve();
        } catch (error) {
          reject(error instanceof Error ? error : new Error(String(error)));
        }
      });
    });
  };

  /** Thread lists are numbered as read: one applied later than a newer one (it waited for a frame) is dropped. */
  let listsRead = 0;
  let listApplied = 0;
  const refreshThreads = async (graphId: string, options: { inFrame?: boolean } = {}) => {
    const read = ++listsRead;
    const threads = await controller.listThreads(graphId);
    // The list a finished run refreshes often lands while the next run streams.
    await applyInRunFrame(() => {
      if (read < listApplied || get().graphId !== graphId) return;
      listApplied = read;
      set({ threads });
    }, options.inFrame);
    return threads;
  };

  /** The full read of the shown thread: resolved when all its events are in the store. */
  let loaded: Promise<void> = Promise.resolve();

  const readThread = async (threadId: string, ticket: number) => {
    const latest = await controller.latestThreadEvents(threadId, LATEST_RUNS);
    if (ticket !== generation) return;
    // The earlier runs are read while the latest are shown.
    const reading = latest.earlierRuns.length > 0 ? controller.threadEvents(threadId, latest.earlierRuns) : null;
    reading?.catch(() => undefined);
    const latestShown = shown(latest.events);
    known = new Set(latestShown.map((e) => e.id));
    const run = get().run;
    const live = run.state === "running" && run.threadId === threadId ? steps.liveRun : [];
    // Events streamed while the thread was read (a background turn the worker began meanwhile)
    // come after what the read found.
    set((s) => ({ events: appendNew(appendNew(latestShown, live, known), s.events, known), loading: reading !== null }));
    if (!reading) return;
    const older = await reading;
    if (ticket !== generation) return;
    const fresh = shown(older).filter((e) => !known.has(e.id));
    for (const e of fresh) known.add(e.id);
    // Before whatever the store shows now: the latest runs, and a run that started meanwhile.
    set((s) => ({ events: fresh.length > 0 ? fresh.concat(s.events) : s.events, loading: false }));
  };

  const loadThread = async (threadId: string | null, options: { resume?: boolean } = {}) => {
    const ticket = beginRead();
    set({ activeThreadId: threadId, events: [], loading: threadId !== null });
    if (threadId === null) {
      loaded = Promise.resolve();
      return;
    }
    const reading = readThread(threadId, ticket);
    loaded = reading.catch(() => undefined);
    try {
      await reading;
      if (ticket !== generation) return;
      if (options.resume !== false)
        await steps.resumeCut?.(threadId).catch((error: unknown) => fail(`Could not resume the interrupted run: ${errorMessage(error)}`));
    } catch (error) {
      if (ticket !== generation) return;
      set({ loading: false });
      fail(`Could not read this thread: ${errorMessage(error)}`);
    }
  };

  /** Threads being created, settled or not (see `threadsCreated`). */
  let creating: Promise<void> = Promise.resolve();
  let pendingCreations = 0;

  const activate = async (threadId: string | null) => {
    const graphId = get().graphId;
    await loadThread(threadId);
    if (!graphId) return;
    await controller.rememberThread(graphId, threadId).catch(() => {
      // Remembering the active thread is a convenience; the thread itself is saved.
    });
  };

  const steps: PlaygroundSteps = {
    controller,
    newId,
    stream,
    frames,
    liveRun: [],
    fail,
    beginRead,
    isStale: (ticket) => ticket !== generation,
    refreshThreads,
    loadThread,
    loaded: () => loaded,
    activate,

    dropRun(runId) {
      dropped.add(runId);
      steps.dropRunEventsAfter(runId, -1);
    },

    dropRunEventsAfter(runId, seq) {
      stream.flush();
      const gone = (e: RunEvent) => e.run_id === runId && e.seq > seq;
      steps.liveRun = steps.liveRun.filter((e) => !gone(e));
      const events = get().events;
      if (!events.some(gone)) return;
      const kept = events.filter((e) => !gone(e));
      known = new Set(kept.map((e) => e.id));
      set({ events: kept });
    },

    createThread(title) {
      const graphId = get().graphId;
      if (!graphId) return Promise.resolve(null);
      const id = newId("thread");
      const created = (async () => {
        await controller.createThread({ id, graphId, title });
        await refreshThreads(graphId);
        await activate(id);
        return id;
      })();
      pendingCreations++;
      const settled = created.then(
        () => undefined,
        () => undefined,
      );
      creating = creating.then(() => settled).finally(() => pendingCreations--);
      return created;
    },

    threadsCreated: () => (pendingCreations > 0 ? creating : null),

    async branch(document, checkpointId, history, title, how = {}) {
      const { graphId, activeThreadId } = get();
      if (!graphId || !activeThreadId) return null;
      const threadId = await controller.forkThread({
        document,
        fromThreadId: activeThreadId,
        checkpointId,
        thread: { id: newId("thread"), graphId, title },
        history,
        newRunId: () => newId("run"),
        ...how,
      });
      await refreshThreads(graphId);
      await activate(threadId);
      return threadId;
    },
  };
  return steps;
}
