/** Runs of a thread and their events, so the timeline survives a reload. */
import type { RunEvent } from "../../engine/index.js";
import type { IDBPObjectStore } from "idb";
import { STORES, type Database, type GraphwrightSchema } from "../db.js";
import { PersistenceError } from "../errors.js";
import { writeNow } from "../writeNow.js";
import { readRecord, runRecordSchema, type RunRecord, type RunStatus } from "./records.js";

/**
 * The event as stored. A `final_state` carries every message of the thread so far; stored with
 * each turn, a thread's events would grow with the square of its length (a 1,000-turn thread:
 * two million messages). Its messages stay in the checkpoint the event names; the stored event
 * keeps their count and the state's other channels.
 */
export function storedEvent(event: RunEvent): RunEvent {
  if (event.type !== "final_state" || !Array.isArray(event.state.messages)) return event;
  const { messages, ...rest } = event.state;
  return { ...event, state: rest, message_count: messages.length };
}

/** A run as it starts. */
export interface StartingRun {
  id: string;
  threadId: string;
  graphId: string;
  input: string;
  started: number;
}

const runningRecord = (input: StartingRun, started: number): RunRecord => ({
  id: input.id,
  v: 1,
  thread_id: input.threadId,
  graph_id: input.graphId,
  input: input.input,
  status: "running",
  started,
  ended: null,
  error: null,
});

type RunsStore = IDBPObjectStore<GraphwrightSchema, (typeof STORES.runs)[], typeof STORES.runs, "readwrite">;

/** The key range of a thread's runs in the `thread_id` index. */
const threadRuns = (threadId: string) => IDBKeyRange.bound([threadId, -Infinity], [threadId, Infinity]);

/** Writes `input`'s run as running; one that already ended is refused. */
async function putRunning(store: RunsStore, input: StartingRun): Promise<RunRecord> {
  const raw = await store.get(input.id);
  const existing = raw === undefined ? undefined : readRecord(STORES.runs, raw, runRecordSchema);
  if (existing && existing.status !== "running")
    throw new PersistenceError("INVALID_DATA", `Run "${input.id}" already ended (${existing.status})`, { store: STORES.runs });
  const record = runningRecord(input, existing?.started ?? input.started);
  await store.put(record);
  return record;
}

export class RunStore {
  constructor(private readonly db: Database) {}

  /**
   * Records a run as running. The app writes the record as the user sends (so a reload never
   * loses the message) and the worker starts it again when the run really starts, or resumes
   * it: a record still running is kept with its start time; a finished one is never reopened.
   */
  async start(input: StartingRun): Promise<RunRecord> {
    return this.db.tx([STORES.runs], "readwrite", `recording run "${input.id}"`, (tx) => putRunning(tx.objectStore(STORES.runs), input));
  }

  /**
   * Records a turn's run as `start` does and gives, from the same transaction, the thread's other
   * runs still marked running (a closed tab's cut runs): one round trip where a list and a start
   * were two, one waiting for the other.
   */
  async startTurn(input: StartingRun): Promise<RunRecord[]> {
    return this.db.tx([STORES.runs], "readwrite", `recording run "${input.id}"`, async (tx) => {
      const store = tx.objectStore(STORES.runs);
      const [rows] = await Promise.all([store.index("thread_id").getAll(threadRuns(input.threadId)), putRunning(store, input)]);
      return rows.map((raw) => readRecord(STORES.runs, raw, runRecordSchema)).filter((run) => run.status === "running" && run.id !== input.id);
    });
  }

  /**
   * Records a sent message: the run, running, and its events (its `run_start`) in one
   * transaction, so a reload finds both or neither. A run the engine has already recorded
   * (it started the run before this write) is left as the engine wrote it.
   */
  async recordSent(input: StartingRun, events: readonly RunEvent[]): Promise<void> {
    const where = `recording the message of run "${input.id}"`;
    // Every request is issued at once and committed (writeNow): a reload a moment after Send
    // never issues a request that waits on a read's answer, and the message would be lost. The
    // run is added, not put: when the engine recorded it first, the add fails, the transaction
    // aborts, and the engine's run and run_start (its input redacted) stay as they are.
    const now = writeNow(this.db, [STORES.runs, STORES.events], where, (tx) => {
      tx.objectStore(STORES.runs).add(runningRecord(input, input.started));
      const rows = tx.objectStore(STORES.events);
      for (const event of events) rows.add({ run_id: event.run_id, seq: event.seq, thread_id: event.thread_id, event: storedEvent(event) });
    });
    if (now) {
      await now.catch((error: unknown) => {
        if (!isConstraintFailure(error)) throw error;
      });
      return;
    }
    // The connection is still opening: the same in one transaction, read then write.
    await this.db.tx([STORES.runs, STORES.events], "readwrite", where, async (tx) => {
      const runs = tx.objectStore(STORES.runs);
      if ((await runs.getKey(input.id)) !== undefined) return;
      const rows = tx.objectStore(STORES.events);
      await Promise.all([
        runs.put(runningRecord(input, input.started)),
        ...events.map((event) => rows.put({ run_id: event.run_id, seq: event.seq, thread_id: event.thread_id, event: storedEvent(event) })),
      ]);
    });
  }

  /**
   * Takes back a sent message the engine refused to run (its thread was busy in another tab):
   * the run and its `run_start`, in one transaction, so no page finds it later as a run a reload
   * cut and runs it after all. Only a run still running with nothing past its `run_start` goes;
   * one the engine started (or ended) is kept. Resolves with whether it was taken back.
   */
  async discardSent(runId: string): Promise<boolean> {
    return this.db.tx([STORES.runs, STORES.events], "readwrite", `taking back the message of run "${runId}"`, async (tx) => {
      const runs = tx.objectStore(STORES.runs);
      const raw = await runs.get(runId);
      if (raw === undefined || readRecord(STORES.runs, raw, runRecordSchema).status !== "running") return false;
      const rows = tx.objectStore(STORES.events);
      const range = IDBKeyRange.bound([runId, -Infinity], [runId, Infinity]);
      const keys = await rows.getAllKeys(range);
      if (keys.length > 1) return false;
      await Promise.all([runs.delete(runId), rows.delete(range)]);
      return true;
    });
  }

  /**
   * Keeps runs that already ended, with their events, in one transaction: the trace of an
   * evaluation case, recorded once the case is done (its thread has no thread record, so it
   * stays out of the graph's thread list, and the timeline opens it like any thread).
   */
  async keepFinished(records: readonly RunRecord[], events: readonly RunEvent[]): Promise<void> {
    if (records.length === 0 && events.length === 0) return;
    await this.db.tx([STORES.runs, STORES.events], "readwrite", `saving the traces of ${records.length} runs`, async (tx) => {
      const runs = tx.objectStore(STORES.runs);
      const rows = tx.objectStore(STORES.events);
      await Promise.all([
        ...records.map((record) => runs.put(record)),
        ...events.map((event) => rows.put({ run_id: event.run_id, seq: event.seq, thread_id: event.thread_id, event: storedEvent(event) })),
      ]);
    });
  }

  /** Deletes a run and its events, in one transaction: a run that is done again under another id. */
  async discard(runId: string): Promise<void> {
    await this.db.tx([STORES.runs, STORES.events], "readwrite", `deleting run "${runId}"`, async (tx) => {
      await Promise.all([
        tx.objectStore(STORES.runs).delete(runId),
        tx.objectStore(STORES.events).delete(IDBKeyRange.bound([runId, -Infinity], [runId, Infinity])),
      ]);
    });
  }

  /** Drops a run's events after `seq`: the steps a resumed run does again from its checkpoint. */
  async deleteEventsAfter(runId: string, seq: number): Promise<void> {
    await this.db.tx([STORES.events], "readwrite", `trimming the events of run "${runId}"`, (tx) =>
      tx.objectStore(STORES.events).delete(IDBKeyRange.bound([runId, seq], [runId, Infinity], true, false)),
    );
  }

  async finish(id: string, outcome: { status: Exclude<RunStatus, "running">; ended: number; error?: string }): Promise<RunRecord> {
    return this.db.tx([STORES.runs], "readwrite", `finishing run "${id}"`, async (tx) => {
      const store = tx.objectStore(STORES.runs);
      const raw = await store.get(id);
      if (!raw) throw new PersistenceError("NOT_FOUND", `Run "${id}" does not exist`, { store: STORES.runs });
      const next: RunRecord = { ...readRecord(STORES.runs, raw, runRecordSchema), status: outcome.status, ended: outcome.ended, error: outcome.error ?? null };
      await store.put(next);
      return next;
    });
  }

  async get(id: string): Promise<RunRecord | undefined> {
    const raw = await this.db.tx([STORES.runs], "readonly", `reading run "${id}"`, (tx) => tx.objectStore(STORES.runs).get(id));
    return raw === undefined ? undefined : readRecord(STORES.runs, raw, runRecordSchema);
  }

  /** Runs of a thread, oldest first. */
  async list(threadId: string): Promise<RunRecord[]> {
    const rows = await this.db.tx([STORES.runs], "readonly", "listing runs", (tx) =>
      tx.objectStore(STORES.runs).index("thread_id").getAll(threadRuns(threadId)),
    );
    return rows.map((raw) => readRecord(STORES.runs, raw, runRecordSchema));
  }

  /**
   * Appends a batch of events (one transaction per batch; callers batch per frame). A final
   * state is stored without its messages (see `storedEvent`); the rows are put all at once.
   */
  async appendEvents(events: readonly RunEvent[]): Promise<void> {
    if (events.length === 0) return;
    await this.db.tx([STORES.events], "readwrite", `saving ${events.length} run events`, async (tx) => {
      const store = tx.objectStore(STORES.events);
      await Promise.all(events.map((event) => store.put({ run_id: event.run_id, seq: event.seq, thread_id: event.thread_id, event: storedEvent(event) })));
    });
  }

  /** Events of one run in order. */
  async events(runId: string): Promise<RunEvent[]> {
    const rows = await this.db.tx([STORES.events], "readonly", "reading run events", (tx) =>
      tx.objectStore(STORES.events).getAll(IDBKeyRange.bound([runId, -Infinity], [runId, Infinity])),
    );
    return rows.map((row) => row.event as RunEvent);
  }

  /**
   * The events of a thread's latest `count` runs, in run order, and the ids of the runs before
   * them, oldest first: a long thread shows its latest turns first and reads the rest after.
   */
  async latestThreadEvents(threadId: string, count: number): Promise<{ events: RunEvent[]; earlierRuns: string[] }> {
    return this.db.tx([STORES.runs, STORES.events], "readonly", "reading the latest runs' events", async (tx) => {
      const runs = (
        await tx
          .objectStore(STORES.runs)
          .index("thread_id")
          .getAll(IDBKeyRange.bound([threadId, -Infinity], [threadId, Infinity]))
      ).map((raw) => readRecord(STORES.runs, raw, runRecordSchema));
      const cut = Math.max(0, runs.length - Math.max(0, count));
      const events = tx.objectStore(STORES.events);
      const perRun = await Promise.all(runs.slice(cut).map((run) => events.getAll(IDBKeyRange.bound([run.id, -Infinity], [run.id, Infinity]))));
      return { events: perRun.flat().map((row) => row.event as RunEvent), earlierRuns: runs.slice(0, cut).map((run) => run.id) };
    });
  }

  /**
   * Events of every run of a thread, in run order (events of a run without a record first); with
   * `runs`, of those runs alone, in that order.
   */
  async threadEvents(threadId: string, runs?: readonly string[]): Promise<RunEvent[]> {
    if (runs) {
      // One range of the events' own keys per run: each a short scan, where the thread index
      // would look every event up by its key.
      const perRun = await this.db.tx([STORES.events], "readonly", "reading thread events", (tx) => {
        const events = tx.objectStore(STORES.events);
        return Promise.all(runs.map((runId) => events.getAll(IDBKeyRange.bound([runId, -Infinity], [runId, Infinity]))));
      });
      return perRun.flat().map((row) => row.event as RunEvent);
    }
    const order = (await this.list(threadId)).map((run) => run.id);
    const rows = await this.db.tx([STORES.events], "readonly", "reading thread events", (tx) =>
      tx.objectStore(STORES.events).index("thread_id").getAll(threadId),
    );
    // Rows with one index key come in primary key order ([run_id, seq]): each run's events are
    // together and in order, so grouping them by run puts them in run order without a sort.
    const byRun = new Map<string, unknown[]>();
    for (const row of rows) {
      const group = byRun.get(row.run_id);
      if (group) group.push(row.event);
      else byRun.set(row.run_id, [row.event]);
    }
    const listed = new Set(order);
    const ordered: unknown[] = [];
    for (const [runId, group] of byRun) if (!listed.has(runId)) ordered.push(...group);
    for (const runId of order) {
      const group = byRun.get(runId);
      if (group) for (const event of group) ordered.push(event);
    }
    return ordered as RunEvent[];
  }
}

/** Whether a write failed only because a key it adds is already stored. */
function isConstraintFailure(error: unknown): boolean {
  const cause = error instanceof PersistenceError ? error.details.cause : error;
  return (cause as { name?: string } | null)?.name === "ConstraintError";
}
