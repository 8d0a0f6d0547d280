/**
 * Checkpoint storage: bytes the IndexedDB saver holds for one thread after 100
 * and after 200 turns of the weather example (a tool call every turn), and how
 * long each step's writes take. Runs on real IndexedDB in Chromium and on
 * fake-indexeddb in Node.
 */
import { compileGraph, runGraph } from "../../src/engine/index.js";
import { createScriptedModel } from "../../src/models/scripted.js";
import { createToolResolver } from "../../src/tools/index.js";
import { IdbSaver } from "../../src/persistence/saver/IdbSaver.js";
import { storageBytes } from "../../src/persistence/saver/storageBytes.js";
import { STORAGE_RATIO_TARGET } from "./engineFigures.js";
import { openProbeDatabase, timeOneRowTransaction } from "./oneRowTransaction.js";
import { eventLoopWait, startIdleWorkerProbe } from "./transactionProbe.js";
import weather from "../../examples/weather-assistant.json" with { type: "json" };

function percentile(values: number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number;
}

const round = (n: number) => Math.round(n * 100) / 100;

export interface StorageResult {
  scenario: "checkpoint_storage";
  turns: [number, number];
  bytes_after: [number, number];
  ratio: number;
  target_ratio: number;
  meets_target: boolean;
  put_ms_p50: number;
  put_ms_p95: number;
  put_writes_ms_p50: number;
  put_writes_ms_p95: number;
  steps: number;
  /** p95s of the same calls replayed one at a time with nothing else running (the saver's own time). */
  alone_put_ms_p95: number;
  alone_put_writes_ms_p95: number;
  /**
   * The backend's own round trip: as many one-row readwrite transactions (relaxed durability, a
   * 512-byte row, none of the saver's code), one after another with nothing else running.
   */
  bare_transaction_ms_p50: number;
  bare_transaction_ms_p95: number;
  /** Read in a second run of half as many turns, with probes (`probedRun`): its puts' p95, for comparison. */
  probed_put_ms_p95: number;
  /** How long the run's thread took to take a task posted as each put was called: no put resolves sooner. */
  event_loop_wait_ms_p50: number;
  event_loop_wait_ms_p95: number;
  /**
   * The same one-row transaction from a worker with nothing else to do, every 20 ms during that run:
   * IndexedDB's own round trip while the run goes on, whatever thread a saver wrote from (Chromium only).
   */
  idle_worker_transactions?: number;
  idle_worker_transaction_ms_p50?: number;
  idle_worker_transaction_ms_p95?: number;
}

/** `call`, timing each call (call → settled) into `times`; `before(...args)` runs first, untimed. */
function timed<A extends unknown[], R>(
  call: (...args: A) => Promise<R>,
  times: number[],
  now: () => number,
  before: (...args: NoInfer<A>) => void = () => undefined,
): (...args: A) => Promise<R> {
  return async (...args) => {
    before(...args);
    const t = now();
    try {
      return await call(...args);
    } finally {
      times.push(now() - t);
    }
  };
}

/** The Weather example with no streaming delay and no tool latency: the bench measures storage, not the script's pacing. */
function benchDocument(): typeof weather {
  const document = structuredClone(weather) as typeof weather;
  for (const node of document.nodes)
    if (node.kind === "agent" && "script" in node.data) (node.data.script as { tokens_per_second: number }).tokens_per_second = 0;
  for (const tool of document.tools) if (tool.kind === "mock") (tool.config as { latency_ms?: number }).latency_ms = 0;
  return document;
}

/** Runs `turns` Weather turns on one thread of `saver`; `after(turn)` runs after each. */
async function runTurns(saver: IdbSaver, turns: number, after: (turn: number) => Promise<void> = async () => undefined): Promise<void> {
  const compiled = compileGraph(benchDocument(), { models: { resolve: createScriptedModel }, tools: createToolResolver(), checkpointer: saver });
  const cities = ["Paris", "London", "Oslo", "Lima", "Kyoto"];
  for (let turn = 1; turn <= turns; turn++) {
    for await (const event of runGraph(compiled, { message: `What's the weather in ${cities[turn % cities.length]}?` }, { threadId: "bench" })) {
      if (event.type === "error") throw new Error(`turn ${turn}: ${event.message}`);
    }
    await after(turn);
  }
}

/** Runs `turns` turns on a fresh database and measures storage at the half-way point and the end. */
export async function measureCheckpointStorage(now: () => number, options: { turns?: number; indexedDB?: IDBFactory } = {}): Promise<StorageResult> {
  const turns = options.turns ?? 200;
  const half = Math.floor(turns / 2);
  const saver = new IdbSaver({ name: `bench-storage-${now()}`, ...(options.indexedDB ? { indexedDB: options.indexedDB } : {}) });
  const putTimes: number[] = [];
  const writeTimes: number[] = [];
  /** Every call, to replay on a fresh database with nothing else running (see `replayAlone`). */
  const calls: ((to: IdbSaver) => Promise<unknown>)[] = [];
  saver.put = timed(saver.put.bind(saver), putTimes, now, (...args) => calls.push((to) => to.put(...args)));
  saver.putWrites = timed(saver.putWrites.bind(saver), writeTimes, now, (...args) => calls.push((to) => to.putWrites(...args)));
  const bytes: number[] = [];
  try {
    await runTurns(saver, turns, async (turn) => {
      if (turn === half || turn === turns) bytes.push(await storageBytes(saver.database, "bench"));
    });
  } finally {
    await saver.close();
  }
  const alone = await replayAlone(calls, now, options.indexedDB);
  const bare = await bareTransactions(putTimes.length, now, options.indexedDB ?? globalThis.indexedDB);
  const probed = await probedRun(half, now, options.indexedDB);
  const [first, second] = bytes as [number, number];
  const ratio = round(second / first);
  return {
    scenario: "checkpoint_storage",
    turns: [half, turns],
    bytes_after: [first, second],
    ratio,
    target_ratio: STORAGE_RATIO_TARGET,
    meets_target: ratio <= STORAGE_RATIO_TARGET,
    put_ms_p50: round(percentile(putTimes, 50)),
    put_ms_p95: round(percentile(putTimes, 95)),
    put_writes_ms_p50: round(percentile(writeTimes, 50)),
    put_writes_ms_p95: round(percentile(writeTimes, 95)),
    steps: putTimes.length,
    alone_put_ms_p95: round(percentile(alone.put, 95)),
    alone_put_writes_ms_p95: round(percentile(alone.putWrites, 95)),
    bare_transaction_ms_p50: round(percentile(bare, 50)),
    bare_transaction_ms_p95: round(percentile(bare, 95)),
    probed_put_ms_p95: round(percentile(probed.putTimes, 95)),
    event_loop_wait_ms_p50: round(percentile(probed.waits, 50)),
    event_loop_wait_ms_p95: round(percentile(probed.waits, 95)),
    ...(probed.idleWorker && {
      idle_worker_transactions: probed.idleWorker.length,
      idle_worker_transaction_ms_p50: round(percentile(probed.idleWorker, 50)),
      idle_worker_transaction_ms_p95: round(percentile(probed.idleWorker, 95)),
    }),
  };
}

/**
 * A second run of `turns` turns on a fresh database, with the probes the measured run goes without
 * (each adds a little to it): the event-loop wait after each put call, and the idle worker's
 * transactions for as long as the run lasts.
 */
async function probedRun(
  turns: number,
  now: () => number,
  indexedDB?: IDBFactory,
): Promise<{ putTimes: number[]; waits: number[]; idleWorker: number[] | undefined }> {
  const saver = new IdbSaver({ name: `bench-storage-probed-${now()}`, ...(indexedDB ? { indexedDB } : {}) });
  const waits = eventLoopWait(now);
  const putTimes: number[] = [];
  saver.put = timed(saver.put.bind(saver), putTimes, now, () => waits.mark());
  const probe = startIdleWorkerProbe();
  let idleWorker: number[] | undefined;
  let loopWaits: number[];
  try {
    await runTurns(saver, turns);
  } finally {
    loopWaits = await waits.stop();
    idleWorker = await probe?.stop();
    await saver.close();
  }
  return { putTimes, waits: loopWaits, idleWorker };
}

/**
 * The same calls, in order, one at a time on a fresh database: the saver's own time (serializing
 * and the transaction), without the engine's work that shares the event loop during a run.
 */
async function replayAlone(calls: ((to: IdbSaver) => Promise<unknown>)[], now: () => number, indexedDB?: IDBFactory) {
  const saver = new IdbSaver({ name: `bench-storage-alone-${now()}`, ...(indexedDB ? { indexedDB } : {}) });
  const times = { put: [] as number[], putWrites: [] as number[] };
  saver.put = timed(saver.put.bind(saver), times.put, now);
  saver.putWrites = timed(saver.putWrites.bind(saver), times.putWrites, now);
  for (const call of calls) await call(saver);
  await saver.close();
  return times;
}

/** `count` one-row transactions, awaited one at a time on this thread with nothing else running: IndexedDB's floor here. */
async function bareTransactions(count: number, now: () => number, factory: IDBFactory): Promise<number[]> {
  const name = `bench-storage-bare-${now()}`;
  const db = await openProbeDatabase(factory, name);
  const times: number[] = [];
  try {
    for (let i = 0; i < count; i++) times.push(await timeOneRowTransaction(db, i, now));
  } finally {
    db.close();
    factory.deleteDatabase(name);
  }
  return times;
}
