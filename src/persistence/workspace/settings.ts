/** App settings (non-secret), one value per key. */
import { STORES, type Database } from "../db.js";

export class SettingsStore {
  constructor(private readonly db: Database) {}

  async get<T>(key: string, fallback: T): Promise<T> {
    const row = await this.db.tx([STORES.settings], "readonly", `reading setting "${key}"`, (tx) => tx.objectStore(STORES.settings).get(key));
    return row === undefined ? fallback : (row.value as T);
  }

  async set(key: string, value: unknown): Promise<void> {
    await this.db.tx([STORES.settings], "readwrite", `saving setting "${key}"`, (tx) =>
      tx.objectStore(STORES.settings).put({ id: key, value: structuredClone(value) }),
    );
  }

  async delete(key: string): Promise<void> {
    await this.db.tx([STORES.settings], "readwrite", `deleting setting "${key}"`, (tx) => tx.objectStore(STORES.settings).delete(key));
  }
}
