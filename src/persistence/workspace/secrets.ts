/**
 * Provider keys and other secrets. Listing shows names and a masked form only;
 * the value leaves this store solely through `reveal`, which the model layer
 * calls at request time for the provider the key belongs to, and `revealAll`,
 * which the worker's redactor reads every value it must mask with.
 */
import { STORES, type Database } from "../db.js";
import { changeSavedKeys } from "./savedKeys.js";

export interface SecretSummary {
  name: string;
  /** e.g. "sk-…9f2c": enough to recognise a key, never enough to use it. */
  masked: string;
}

export function maskSecret(value: string): string {
  if (value.length < 12) return "•".repeat(Math.min(value.length, 8));
  return `${value.slice(0, 3)}…${value.slice(-4)}`;
}

export class SecretStore {
  constructor(private readonly db: Database) {}

  async set(name: string, value: string): Promise<void> {
    const trimmed = value.trim();
    // Through savedKeys: what a draft is redacted with changes with the keys.
    await changeSavedKeys(this.db, `saving secret "${name}"`, async (tx) => {
      const store = tx.objectStore(STORES.secrets);
      // An empty value removes the secret rather than storing a blank key.
      if (trimmed) await store.put({ id: name, value: trimmed });
      else await store.delete(name);
    });
  }

  async delete(name: string): Promise<void> {
    await changeSavedKeys(this.db, `deleting secret "${name}"`, (tx) => tx.objectStore(STORES.secrets).delete(name));
  }

  async has(name: string): Promise<boolean> {
    const key = await this.db.tx([STORES.secrets], "readonly", `checking secret "${name}"`, (tx) => tx.objectStore(STORES.secrets).getKey(name));
    return key !== undefined;
  }

  /** Names and masked values; never the secrets themselves. */
  async list(): Promise<SecretSummary[]> {
    const rows = await this.db.tx([STORES.secrets], "readonly", "listing secrets", (tx) => tx.objectStore(STORES.secrets).getAll());
    return rows.map((row) => ({ name: row.id, masked: maskSecret(row.value) }));
  }

  /** The secret itself, for the one caller that sends it to its own provider. */
  async reveal(name: string): Promise<string | undefined> {
    const row = await this.db.tx([STORES.secrets], "readonly", `reading secret "${name}"`, (tx) => tx.objectStore(STORES.secrets).get(name));
    return row?.value;
  }

  /** Every secret by name, in one read: the worker's redactor and the run it guards share it. */
  async revealAll(): Promise<ReadonlyMap<string, string>> {
    const rows = await this.db.tx([STORES.secrets], "readonly", "reading the saved secrets", (tx) => tx.objectStore(STORES.secrets).getAll());
    return new Map(rows.map((row) => [row.id, row.value]));
  }
}
