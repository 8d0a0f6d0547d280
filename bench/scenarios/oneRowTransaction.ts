/**
 * IndexedDB's floor, as the checkpoint storage figure times it: one 512-byte row put in a readwrite
 * transaction of relaxed durability, none of the saver's code. The figure times these one after
 * another on the run's thread after the run, and from an idle worker during it.
 */

export const PROBE_STORE = "rows";

/** Opens (creating) a database with the one store the probes write to. */
export function openProbeDatabase(factory: IDBFactory, name: string): Promise<IDBDatabase> {
  return new Promise<IDBDatabase>((resolve, reject) => {
    const request = factory.open(name, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(PROBE_STORE);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

const ROW = new Uint8Array(512).fill(7);

/** Puts one row under `key` and resolves with the milliseconds until the transaction completed. */
export function timeOneRowTransaction(db: IDBDatabase, key: number, now: () => number): Promise<number> {
  const started = now();
  return new Promise<number>((resolve, reject) => {
    const tx = db.transaction(PROBE_STORE, "readwrite", { durability: "relaxed" });
    tx.objectStore(PROBE_STORE).put(ROW, key);
    tx.oncomplete = () => resolve(now() - started);
    tx.onerror = tx.onabort = () => reject(tx.error);
    tx.commit();
  });
}
