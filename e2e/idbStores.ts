// Reading the app's IndexedDB from a test: every store as text, for the key canaries.
import type { Page } from "@playwright/test";

/** The name of the drafts' own store, as `readStores` lists it. */
export const DRAFTS_STORE = "graphwright-drafts/drafts";

/**
 * Every IndexedDB store of the app as text, one entry per store (bytes decoded as UTF-8): the
 * workspace database's by store name, those of its companion databases (the drafts) as
 * `<database>/<store>`.
 */
export function readStores(page: Page): Promise<Record<string, string>> {
  return page.evaluate(async () => {
    const decoder = new TextDecoder();
    const out: Record<string, string> = {};
    const names = (await indexedDB.databases()).map((info) => info.name ?? "").filter((name) => name === "graphwright" || name.startsWith("graphwright-"));
    for (const dbName of names.sort()) {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open(dbName);
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error);
      });
      for (const name of Array.from(db.objectStoreNames)) {
        const rows = await new Promise<unknown[]>((resolve, reject) => {
          const get = db.transaction(name, "readonly").objectStore(name).getAll();
          get.onsuccess = () => resolve(get.result as unknown[]);
          get.onerror = () => reject(get.error);
        });
        out[dbName === "graphwright" ? name : `${dbName}/${name}`] = JSON.stringify(rows, (_key, value: unknown) =>
          value instanceof Uint8Array ? decoder.decode(value) : value,
        );
      }
      db.close();
    }
    return out;
  });
}
