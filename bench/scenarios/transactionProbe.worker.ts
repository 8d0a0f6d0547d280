/**
 * The idle-thread probe of the checkpoint storage figure: on a thread with nothing else to do, a
 * one-row transaction every `interval_ms` until told to stop; then it posts the times, in ms.
 */
import { openProbeDatabase, timeOneRowTransaction } from "./oneRowTransaction.js";

export interface ProbeStart {
  type: "start";
  interval_ms: number;
}

let stopped = false;

async function probe(intervalMs: number): Promise<number[]> {
  const name = `bench-storage-probe-${performance.now()}`;
  const db = await openProbeDatabase(indexedDB, name);
  const times: number[] = [];
  try {
    for (let key = 0; !stopped; key++) {
      times.push(await timeOneRowTransaction(db, key, () => performance.now()));
      await new Promise((resolve) => setTimeout(resolve, intervalMs));
    }
  } finally {
    db.close();
    indexedDB.deleteDatabase(name);
  }
  return times;
}

self.onmessage = (event: MessageEvent<ProbeStart | { type: "stop" }>) => {
  if (event.data.type === "stop") {
    stopped = true;
    return;
  }
  probe(event.data.interval_ms).then(
    (times) => self.postMessage({ times }),
    (error: unknown) => self.postMessage({ error: String(error) }),
  );
};
