/**
 * Re-embedding an IdbStore's items with the current embeddings model: after the model (or its
 * endpoint) changed, or when embeddings were turned on after items were saved, their vectors
 * carry another model's signature (or there are none), so a search by meaning lists them last,
 * unscored. This embeds them again in batches, each batch one request and one transaction: a
 * failed or stopped batch writes nothing, so its items keep their old vectors, and the batches
 * before it stay done. An item changed or deleted while its batch was embedded is left as the
 * change made it.
 */
import { STORES, type Database, type StoreItemRow } from "../db.js";
import { PersistenceError } from "../errors.js";
import { fieldTexts, type FieldText } from "./fieldTexts.js";
import { prefixRange } from "./namespaces.js";
import { itemId, replaceVectors, vectorsUnder, type FieldVector } from "./vectorIndex.js";
import { errorMessage } from "../../schema/errorMessage.js";

/** The model to embed with, as the store's index names it. */
export interface ReembedModel {
  /** Field paths to embed, as the index's `fields`. */
  fields: readonly string[];
  /** `model @ endpoint`, stored with each vector. */
  signature: string;
  /** `model profile "emb" (…)`, for messages. */
  label: string;
  /** One vector per text, in order; rejects when the model fails or `signal` aborts. */
  embed(texts: readonly string[], signal?: AbortSignal): Promise<ArrayLike<number>[]>;
}

export interface ReembedProgress {
  /** Items embedded again so far. */
  done: number;
  /** Items that needed it when the job started. */
  total: number;
}

export interface ReembedOutcome extends ReembedProgress {
  /** Stopped by the signal before every item was embedded again. */
  stopped: boolean;
}

export interface ReembedOptions {
  signal?: AbortSignal;
  onProgress?(progress: ReembedProgress): void;
  /** Items per request; 16 by default. */
  batchSize?: number;
}

const ITEM_STORES: [typeof STORES.storeItems, typeof STORES.storeVectors] = [STORES.storeItems, STORES.storeVectors];

interface StaleItem {
  row: StoreItemRow;
  texts: FieldText[];
}

/**
 * The ids (`itemId`) of the items under `prefix` whose vectors were made by the model of `signature`.
 * @example (await embeddedItems(database, ["graphwright", "g1"], "emb @ http://127.0.0.1:9/v1")).has(itemId(ns, "tea"))
 */
export async function embeddedItems(database: Database, prefix: readonly string[], signature: string): Promise<Set<string>> {
  return database.tx(ITEM_STORES, "readonly", "reading which memories are embedded", async (tx) => {
    const vectors = await vectorsUnder(tx.objectStore(STORES.storeVectors), prefix);
    return new Set([...vectors].filter(([, rows]) => rows.some((row) => row.signature === signature)).map(([id]) => id));
  });
}

/** The items under `prefix` with text to embed and no vector of the model's signature, oldest first. */
async function staleItems(database: Database, prefix: readonly string[], model: ReembedModel): Promise<StaleItem[]> {
  return database.tx(ITEM_STORES, "readonly", "reading the memories to embed again", async (tx) => {
    const rows = await tx.objectStore(STORES.storeItems).getAll(prefixRange(prefix));
    const vectors = await vectorsUnder(tx.objectStore(STORES.storeVectors), prefix);
    return rows
      .sort((a, b) => a.seq - b.seq)
      .flatMap((row) => {
        const current = (vectors.get(itemId(row.namespace, row.key)) ?? []).some((vector) => vector.signature === model.signature);
        const texts = current ? [] : fieldTexts(row.value, model.fields);
        return texts.length > 0 ? [{ row, texts }] : [];
      });
  });
}

/**
 * @example
 * const outcome = await reembedItems(database, memoryGraphPrefix("g1"), model, { signal, onProgress });
 * // { done: 12, total: 12, stopped: false }
 */
export async function reembedItems(database: Database, prefix: readonly string[], model: ReembedModel, options: ReembedOptions = {}): Promise<ReembedOutcome> {
  const stale = await staleItems(database, prefix, model);
  const total = stale.length;
  const size = Math.max(1, options.batchSize ?? 16);
  let done = 0;
  options.onProgress?.({ done, total });
  for (let start = 0; start < total; start += size) {
    if (options.signal?.aborted) return { done, total, stopped: true };
    const batch = stale.slice(start, start + size);
    const texts = [...new Set(batch.flatMap((item) => item.texts.map(({ text }) => text)))];
    let vectors: ArrayLike<number>[];
    try {
      vectors = await model.embed(texts, options.signal);
      if (vectors.length !== texts.length) throw new Error(`it answered ${vectors.length} vectors for ${texts.length} texts`);
    } catch (error) {
      if (options.signal?.aborted) return { done, total, stopped: true };
      const left = total - done;
      throw new PersistenceError(
        "EMBEDDING_FAILED",
        `Re-embedding stopped after ${done} of ${total} with ${model.label}: ${errorMessage(error)}. The other ${left} keep their old vectors.`,
        { cause: error },
      );
    }
    const byText = new Map(texts.map((text, i) => [text, Float64Array.from(vectors[i] as ArrayLike<number>)]));
    await database.tx(ITEM_STORES, "readwrite", `storing ${batch.length} re-embedded memories`, async (tx) => {
      const items = tx.objectStore(STORES.storeItems);
      const store = tx.objectStore(STORES.storeVectors);
      for (const { row, texts: fields } of batch) {
        const now = await items.get([row.namespace, row.key]);
        // Changed or deleted meanwhile: its own put embedded it (or dropped it) already.
        if (!now || now.updated !== row.updated || JSON.stringify(now.value) !== JSON.stringify(row.value)) continue;
        const embedded: FieldVector[] = fields.map(({ field, text }) => ({ field, vector: byText.get(text) as Float64Array }));
        await replaceVectors(store, row.namespace, row.key, embedded, model.signature);
      }
    });
    done += batch.length;
    options.onProgress?.({ done, total });
  }
  return { done, total, stopped: false };
}
