// Reading the app's IndexedDB from a test: every store as text, for the key canaries.
import type { Page } from "@playwright/test";

/** Every IndexedDB store of the app as text, one entry per store (bytes decoded as UTF-8). */
export function readStores(page: Page): Promise<Record<string, string>> {
  return page.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open("graphwright");
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    const decoder = new TextDecoder();
    const out: Record<string, string> = {};
    for (const name of Array.from(db.objectStoreNames)) {
      const rows = await new Promise<unknown[]>((resolve, reject) => {
        const get = db.transaction(name, "readonly").objectStore(name).getAll();
        get.onsuccess = () => resolve(get.result as unknown[]);
        get.onerror = () => reject(get.error);
      });
      out[name] = JSON.stringify(rows, (_key, value: unknown) => (value instanceof Uint8Array ? decoder.decode(value) : value));
    }
    db.close();
    return out;
  });
}
