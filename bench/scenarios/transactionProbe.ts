/**
 * Two readings that tell the checkpoint storage figure's own time from what surrounds it during a
 * run: how long the run's thread takes to take a task posted as each put is called (a put cannot
 * resolve sooner, whatever it writes), and IndexedDB's round trip for a one-row transaction from a
 * worker with nothing else to do (what any saver pays, on whatever thread it writes).
 */
import type { ProbeStart } from "./transactionProbe.worker.js";

/** Times how long this thread takes to run a task posted now; `stop()` resolves with the times once every mark's task ran. */
export function eventLoopWait(now: () => number): { mark(): void; stop(): Promise<number[]> } {
  const channel = new MessageChannel();
  const waits: number[] = [];
  let stopped = () => undefined as void;
  const STOP = -1;
  channel.port1.onmessage = (event: MessageEvent<number>) => {
    if (event.data !== STOP) waits.push(now() - event.data);
    else stopped();
  };
  return {
    mark: () => channel.port2.postMessage(now()),
    // A port delivers in order: the stop message comes after every mark's.
    stop: () =>
      new Promise<number[]>((resolve) => {
        stopped = () => {
          channel.port1.close();
          resolve(waits);
        };
        channel.port2.postMessage(STOP);
      }),
  };
}

/**
 * Starts the idle worker's transactions, one every `intervalMs` (sparse, so the probe hardly adds to
 * the load it reads); null where there are no workers (Node). `stop()` resolves with their times.
 */
export function startIdleWorkerProbe(intervalMs = 20): { stop(): Promise<number[]> } | null {
  if (typeof Worker === "undefined") return null;
  const worker = new Worker(new URL("./transactionProbe.worker.ts", import.meta.url), { type: "module", name: "bench-transaction-probe" });
  const result = new Promise<number[]>((resolve, reject) => {
    worker.onmessage = (event: MessageEvent<{ times?: number[]; error?: string }>) =>
      event.data.error === undefined ? resolve(event.data.times ?? []) : reject(new Error(`transaction probe: ${event.data.error}`));
    worker.onerror = (event) => reject(new Error(`transaction probe: ${event.message}`));
  });
  worker.postMessage({ type: "start", interval_ms: intervalMs } satisfies ProbeStart);
  return {
    stop: async () => {
      worker.postMessage({ type: "stop" });
      try {
        return await result;
      } finally {
        worker.terminate();
      }
    },
  };
}
