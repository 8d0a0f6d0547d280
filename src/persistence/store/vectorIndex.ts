/**
 * The optional vector index of IdbStore: embedding a batch's items and queries before
 * its transaction opens (an IndexedDB transaction cannot wait for a model), and keeping
 * each item's vectors in `store_vectors` beside it, replaced and deleted with the item.
 * Which texts are embedded, and under which field names, follows LangGraph's InMemoryStore.
 */
import type { IndexConfig as LangGraphIndexConfig, PutOperation, SearchOperation } from "@langchain/langgraph-checkpoint";
import type { IDBPObjectStore } from "idb";
import { STORES, type GraphwrightSchema, type StoreVectorRow } from "../db.js";
import { PersistenceError } from "../errors.js";
import { fieldTexts } from "./fieldTexts.js";
import { prefixRange } from "./namespaces.js";
import { errorMessage } from "../../schema/errorMessage.js";

/**
 * LangGraph's index configuration, and optionally the `signature` of the embeddings model
 * (`model @ endpoint`): stored with each vector, so vectors made by another model — even one
 * of the same size — count as missing and rank nowhere.
 */
export type IndexConfig = LangGraphIndexConfig & { signature?: string };

/** The stores a batch of an indexed IdbStore spans. */
export type ItemStores = [typeof STORES.storeItems, typeof STORES.storeVectors];
export type VectorStore<M extends IDBTransactionMode = IDBTransactionMode> = IDBPObjectStore<GraphwrightSchema, ItemStores, typeof STORES.storeVectors, M>;

/** An item's identity within a batch: its namespace and key. */
export const itemId = (namespace: readonly string[], key: string): string => JSON.stringify([namespace, key]);

/** One embedded field of an item, ready to store. */
export interface FieldVector {
  field: string;
  vector: Float64Array;
}

/** Every key of one item's vectors: [namespace, key, field] sorts after [namespace, key] and before [namespace, key, []]. */
const itemRange = (namespace: readonly string[], key: string): IDBKeyRange => IDBKeyRange.bound([[...namespace], key], [[...namespace], key, []]);

const isPaths = (paths: unknown): paths is string[] => Array.isArray(paths) && paths.every((path) => typeof path === "string");

/**
 * @example
 * const index = new VectorIndex({ dims: 1536, embeddings, fields: ["content"] });
 * const vectors = await index.embedPuts(puts); // Map of itemId → FieldVector[]
 */
export class VectorIndex {
  private readonly paths: readonly string[];

  constructor(readonly config: IndexConfig) {
    if (!Number.isInteger(config.dims) || config.dims <= 0) {
      throw new PersistenceError("INVALID_DATA", `IdbStore index: \`dims\` must be a positive whole number, not ${JSON.stringify(config.dims)}`);
    }
    const embeddings = config.embeddings as Partial<IndexConfig["embeddings"]> | undefined;
    if (typeof embeddings?.embedDocuments !== "function" || typeof embeddings.embedQuery !== "function") {
      throw new PersistenceError("INVALID_DATA", "IdbStore index: `embeddings` must be a LangChain Embeddings (with embedDocuments and embedQuery)");
    }
    if (config.fields !== undefined && !isPaths(config.fields)) {
      throw new PersistenceError("INVALID_DATA", 'IdbStore index: `fields` must be a list of field paths such as ["text", "tags[*]"]');
    }
    this.paths = config.fields ?? ["$"];
  }

  /**
   * Embeds the texts of every put that is indexed, in one call for the batch (each distinct
   * text once). A failure, or an answer of the wrong shape, rejects with EMBEDDING_FAILED.
   */
  async embedPuts(puts: readonly PutOperation[], where: string): Promise<Map<string, FieldVector[]>> {
    const fields = new Map<string, { field: string; text: string }[]>();
    for (const op of puts) {
      if (op.value === null || op.index === false) continue;
      if (op.index !== undefined && op.index !== null && !isPaths(op.index)) {
        const item = `item "${op.key}" in ${JSON.stringify(op.namespace)}`;
        throw new PersistenceError(
          "INVALID_DATA",
          `The index of ${item} must be false or a list of field paths, not ${JSON.stringify(op.index)}; nothing was saved.`,
        );
      }
      fields.set(itemId(op.namespace, op.key), fieldTexts(op.value, op.index ?? this.paths));
    }
    const texts = [...new Set([...fields.values()].flat().map(({ text }) => text))];
    if (texts.length === 0) return new Map();
    const vectors = await this.embed(where, texts.length, () => this.config.embeddings.embedDocuments(texts));
    const byText = new Map(texts.map((text, i) => [text, vectors[i] as Float64Array]));
    return new Map([...fields].map(([id, texts]) => [id, texts.map(({ field, text }) => ({ field, vector: byText.get(text) as Float64Array }))]));
  }

  /** Embeds each distinct query of the batch's searches, as InMemoryStore does. */
  async embedQueries(searches: readonly SearchOperation[]): Promise<Map<string, Float64Array>> {
    const queries = [...new Set(searches.map((op) => op.query).filter((query): query is string => Boolean(query)))];
    const vectors = await Promise.all(
      queries.map(async (query) => {
        const [vector] = await this.embed(`searching for ${JSON.stringify(query)}`, 1, async () => [await this.config.embeddings.embedQuery(query)]);
        return vector as Float64Array;
      }),
    );
    return new Map(queries.map((query, i) => [query, vectors[i] as Float64Array]));
  }

  /**
   * The vectors this index can compare: of its size and made by its model. A vector stored by
   * another model (another size or signature) cannot be compared, so it ranks nowhere.
   */
  comparable(rows: readonly StoreVectorRow[]): Float64Array[] {
    return rows.filter((row) => row.vector.length === this.config.dims && row.signature === this.config.signature).map((row) => row.vector);
  }

  private async embed(where: string, count: number, call: () => Promise<number[][]>): Promise<Float64Array[]> {
    let answer: unknown;
    try {
      answer = await call();
    } catch (error) {
      throw new PersistenceError("EMBEDDING_FAILED", `The embeddings model failed while ${where}, so nothing was saved: ${errorMessage(error)}`, {
        cause: error,
      });
    }
    const fail = (problem: string) => new PersistenceError("EMBEDDING_FAILED", `The embeddings model ${problem} while ${where}, so nothing was saved.`);
    if (!Array.isArray(answer) || answer.length !== count) {
      throw fail(`returned ${Array.isArray(answer) ? answer.length : "no list of"} vectors for ${count} texts`);
    }
    return answer.map((vector: unknown) => {
      if (!Array.isArray(vector) || vector.length !== this.config.dims || !vector.every((x) => typeof x === "number" && Number.isFinite(x))) {
        const size = Array.isArray(vector) ? `${vector.length} numbers` : typeof vector;
        throw fail(`returned a vector of ${size} where the index expects ${this.config.dims} finite numbers (\`dims\`)`);
      }
      return Float64Array.from(vector as number[]);
    });
  }
}

/** Drops an item's vectors and stores its new ones, if any: re-putting or deleting an item never leaves stale vectors. */
export async function replaceVectors(
  store: VectorStore<"readwrite">,
  namespace: string[],
  key: string,
  vectors: readonly FieldVector[],
  signature: string | undefined,
): Promise<void> {
  await store.delete(itemRange(namespace, key));
  for (const { field, vector } of vectors) {
    const row: StoreVectorRow = { namespace, key, field, v: 1, vector, ...(signature === undefined ? {} : { signature }) };
    await store.put(row);
  }
}

/** Every vector stored under a namespace prefix, grouped by item. */
export async function vectorsUnder(store: VectorStore, prefix: readonly string[]): Promise<Map<string, StoreVectorRow[]>> {
  const byItem = new Map<string, StoreVectorRow[]>();
  for (const row of await store.getAll(prefixRange(prefix))) {
    if (row.v !== 1 || !(row.vector instanceof Float64Array) || (row.signature !== undefined && typeof row.signature !== "string")) {
      throw new PersistenceError("INVALID_DATA", `A vector of store item "${String(row.key)}" is stored in a shape this version cannot read`, {
        store: STORES.storeVectors,
      });
    }
    const id = itemId(row.namespace, row.key);
    byItem.set(id, [...(byItem.get(id) ?? []), row]);
  }
  return byItem;
}
