/**
 * LangGraph's long-term memory store (`BaseStore`) on the shared IndexedDB
 * database: items live in `store_items` keyed by [namespace, key], so a
 * namespace and everything under it is one key range. A batch is one
 * transaction — readwrite when it puts or deletes — whose failure rejects with
 * a PersistenceError, never a silent success.
 *
 * Semantics follow LangGraph's `InMemoryStore`: within a batch, reads see the
 * store as it was before the batch's writes, and the last put of a key wins;
 * `put` with a `null` value deletes; overwriting keeps `createdAt`; search
 * filters compare top-level fields (equality and `$eq $ne $gt $gte $lt $lte $in
 * $nin`). Two deliberate differences: a namespace is listed only while it holds
 * an item (InMemoryStore keeps emptied ones), and search results are ordered
 * namespace by namespace, each in the order of its oldest item (InMemoryStore:
 * of the namespace's first ever item), then items by first insertion.
 *
 * With an `index` (`dims`, `embeddings`, `fields` — default `["$"]`, the whole
 * value), a put embeds the texts at those paths (or its own `index` paths;
 * `false`: none) and keeps a vector per field in `store_vectors`, in the item's
 * transaction. Embedding runs once per batch, before the transaction, so a failing
 * model rejects with EMBEDDING_FAILED and writes nothing. A search with `query`
 * ranks the prefix and filter matches by cosine similarity (an item scores its
 * best field); items without vectors follow, unscored. Without `query` or index,
 * `score` is undefined. Unlike InMemoryStore, a re-put or delete drops stale
 * vectors, unscored items honour `offset`, and vectors of another `dims` (or, when the
 * index names one, another model `signature`) count as none.
 */
import {
  BaseStore,
  validateNamespace,
  type GetOperation,
  type Item,
  type ListNamespacesOperation,
  type Operation,
  type OperationResults,
  type PutOperation,
  type SearchItem,
  type SearchOperation,
} from "@langchain/langgraph-checkpoint";
import type { IDBPObjectStore } from "idb";
import { Database, STORES, type GraphwrightSchema, type StoreItemRow } from "../db.js";
import { PersistenceError } from "../errors.js";
import { matchesFilter } from "./itemFilter.js";
import { afterNamespace, literalPrefix, prefixRange, selectNamespaces } from "./namespaces.js";
import { rankBySimilarity } from "./vectorMath.js";
import { itemId, replaceVectors, vectorsUnder, VectorIndex, type FieldVector, type IndexConfig, type ItemStores, type VectorStore } from "./vectorIndex.js";

export interface IdbStoreOptions {
  /** The IndexedDB database name. This and the options below but `clock` are ignored when `database` is given. */
  name?: string;
  /** Share one connection with the checkpoint saver and the workspace stores. */
  database?: Database;
  /** Test seam: the IndexedDB factory (fake-indexeddb in Node). */
  indexedDB?: IDBFactory;
  /** Another tab is upgrading the database; our connection was closed. */
  onVersionChange?: () => void;
  /** Our upgrade waits for another tab to close the database. */
  onBlocked?: () => void;
  /** Milliseconds since the epoch for `createdAt` / `updatedAt`; `Date.now` unless a test pins time. */
  clock?: () => number;
  /**
   * Semantic search: the embeddings model, its vector size and the fields to embed, as for
   * InMemoryStore, and optionally the model's `signature`, kept with its vectors.
   */
  index?: IndexConfig;
}

type ItemStore<M extends IDBTransactionMode = IDBTransactionMode> = IDBPObjectStore<GraphwrightSchema, ItemStores, typeof STORES.storeItems, M>;

const ITEM_STORES: ItemStores = [STORES.storeItems, STORES.storeVectors];

/** What a search needs to rank by a query: the vectors beside the items and the query's own. */
interface Ranking {
  vectors: VectorStore;
  query: Float64Array;
  index: VectorIndex;
}

const isPut = (op: Operation): op is PutOperation => "value" in op;
const isGet = (op: Operation): op is GetOperation => "key" in op && "namespace" in op && !("value" in op);
const isSearch = (op: Operation): op is SearchOperation => "namespacePrefix" in op;
const isListNamespaces = (op: Operation): op is ListNamespacesOperation => "matchConditions" in op || ("limit" in op && "offset" in op);

const label = (namespace: readonly string[]): string => JSON.stringify(namespace);

/** A stored row back as an item; a row this version cannot read is an error, never a silent skip. */
function readItem(row: StoreItemRow): Item {
  if (row.v !== 1 || !Array.isArray(row.namespace) || typeof row.key !== "string" || typeof row.value !== "object" || row.value === null) {
    throw new PersistenceError(
      "INVALID_DATA",
      `Store item "${String(row.key)}" in ${label(row.namespace ?? [])} is stored in a shape this version cannot read`,
      {
        store: STORES.storeItems,
      },
    );
  }
  return { namespace: row.namespace, key: row.key, value: row.value, createdAt: new Date(row.created), updatedAt: new Date(row.updated) };
}

/** What a batch does, for error messages: the single operation it usually is, or a count. */
function activity(operations: readonly Operation[]): string {
  const [only] = operations;
  if (operations.length !== 1 || !only) return `running ${operations.length} memory store operations`;
  if (isPut(only)) return `${only.value === null ? "deleting" : "saving"} item "${only.key}" in ${label(only.namespace)}`;
  if (isGet(only)) return `reading item "${only.key}" in ${label(only.namespace)}`;
  if (isSearch(only)) return `searching ${label(only.namespacePrefix)}`;
  return "listing memory store namespaces";
}

/**
 * @example
 * const store = new IdbStore({ name: "graphwright", index: { dims: 1536, embeddings, fields: ["text"] } });
 * await store.put(["graph", "g1", "agent", "Support"], "language", { text: "Prefers French" });
 * await store.search(["graph", "g1"], { query: "which language?" }); // [{ key: "language", score: 0.83, … }]
 * const graph = builder.compile({ checkpointer, store });
 */
export class IdbStore extends BaseStore {
  readonly database: Database;
  private readonly ownsDatabase: boolean;
  private readonly clock: () => number;
  private readonly index: VectorIndex | undefined;

  constructor(options: IdbStoreOptions = {}) {
    super();
    this.index = options.index ? new VectorIndex(options.index) : undefined;
    this.ownsDatabase = options.database === undefined;
    this.database =
      options.database ??
      new Database({ name: options.name, indexedDB: options.indexedDB, onVersionChange: options.onVersionChange, onBlocked: options.onBlocked });
    this.clock = options.clock ?? Date.now;
  }

  /** The vector index's configuration, as InMemoryStore exposes it; undefined without one. */
  get indexConfig(): IndexConfig | undefined {
    return this.index?.config;
  }

  /** Closes the connection if this store opened it; a shared Database is the owner's to close. */
  async close(): Promise<void> {
    if (this.ownsDatabase) await this.database.close();
  }

  override async stop(): Promise<void> {
    await this.close();
  }

  async batch<Op extends Operation[]>(operations: Op): Promise<OperationResults<Op>> {
    for (const op of operations) {
      if ("namespace" in op) validateNamespace(op.namespace, { allowReservedRoot: true });
      if (isSearch(op) && op.namespacePrefix.length > 0) validateNamespace(op.namespacePrefix, { allowReservedRoot: true });
    }
    // The last put of a key wins, as in InMemoryStore.
    const puts = new Map(operations.filter(isPut).map((op) => [itemId(op.namespace, op.key), op]));
    const where = activity(operations);
    // A transaction cannot wait for a model: embed first, so a failing model writes nothing.
    const embedded = (await this.index?.embedPuts([...puts.values()], where)) ?? new Map<string, FieldVector[]>();
    const queries = (await this.index?.embedQueries(operations.filter(isSearch))) ?? new Map<string, Float64Array>();
    const mode: IDBTransactionMode = puts.size > 0 ? "readwrite" : "readonly";
    const results = await this.database.tx(ITEM_STORES, mode, where, async (tx) => {
      const items = tx.objectStore(STORES.storeItems);
      const vectors = tx.objectStore(STORES.storeVectors);
      const read: unknown[] = [];
      for (const op of operations) {
        const query = isSearch(op) && op.query ? queries.get(op.query) : undefined;
        read.push(await this.run(items, op, this.index && query ? { vectors, query, index: this.index } : undefined));
      }
      // The transaction is readwrite whenever there are puts.
      if (puts.size > 0) await this.write(items as ItemStore<"readwrite">, vectors as VectorStore<"readwrite">, [...puts.values()], embedded);
      return read;
    });
    return results as OperationResults<Op>;
  }

  /** A put's result is null, as InMemoryStore gives it; the write itself waits for the reads. */
  private async run(items: ItemStore, op: Operation, ranking: Ranking | undefined): Promise<Item | null | SearchItem[] | string[][]> {
    if (isPut(op)) return null;
    if (isGet(op)) {
      const row = await items.get([[...op.namespace], op.key]);
      return row ? readItem(row) : null;
    }
    if (isSearch(op)) return search(items, op, ranking);
    if (isListNamespaces(op)) return selectNamespaces(await namespacesIn(items, literalPrefix(op.matchConditions)), op);
    throw new PersistenceError("INVALID_DATA", `Unknown memory store operation: ${JSON.stringify(op)}`);
  }

  /** Puts and deletes, each with its vectors; new items are numbered after every item stored so far. */
  private async write(
    items: ItemStore<"readwrite">,
    vectors: VectorStore<"readwrite">,
    puts: PutOperation[],
    embedded: Map<string, FieldVector[]>,
  ): Promise<void> {
    const now = this.clock();
    let lastSeq: number | undefined;
    for (const op of puts) {
      const key: [string[], string] = [[...op.namespace], op.key];
      const existing = await items.get(key);
      await replaceVectors(vectors, key[0], op.key, embedded.get(itemId(op.namespace, op.key)) ?? [], this.index?.config.signature);
      if (op.value === null) {
        if (existing) await items.delete(key);
        continue;
      }
      if (!existing) lastSeq = (lastSeq ?? (await newestSeq(items))) + 1;
      const row: StoreItemRow = {
        namespace: key[0],
        key: op.key,
        v: 1,
        seq: existing?.seq ?? (lastSeq as number),
        value: op.value,
        created: existing?.created ?? now,
        updated: now,
      };
      await items.put(row);
    }
  }
}

async function newestSeq(items: ItemStore): Promise<number> {
  const newest = await items.index("seq").openKeyCursor(null, "prev");
  return newest ? Number(newest.key) : 0;
}

async function search(items: ItemStore, op: SearchOperation, ranking: Ranking | undefined): Promise<SearchItem[]> {
  const all = await items.getAll(prefixRange(op.namespacePrefix));
  // Namespaces are ordered by their oldest item, whether or not the filter keeps it.
  const oldestIn = new Map<string, number>();
  for (const row of all) {
    const namespace = label(row.namespace);
    oldestIn.set(namespace, Math.min(oldestIn.get(namespace) ?? Infinity, row.seq));
  }
  const rank = (row: StoreItemRow) => oldestIn.get(label(row.namespace)) ?? 0;
  const rows = all.filter((row) => matchesFilter(row.value, op.filter));
  rows.sort((a, b) => rank(a) - rank(b) || a.seq - b.seq);
  let ranked = rows.map((row) => ({ item: row, score: undefined as number | undefined }));
  if (ranking) {
    const stored = await vectorsUnder(ranking.vectors, op.namespacePrefix);
    const vectorsOf = (row: StoreItemRow) => ranking.index.comparable(stored.get(itemId(row.namespace, row.key)) ?? []);
    ranked = rankBySimilarity(rows, vectorsOf, ranking.query);
  }
  const offset = op.offset ?? 0;
  return ranked.slice(offset, offset + (op.limit ?? 10)).map(({ item, score }) => ({ ...readItem(item), score }));
}

/** Every namespace holding an item under `prefix`, read from the keys alone, one cursor step per namespace. */
async function namespacesIn(items: ItemStore, prefix: string[]): Promise<string[][]> {
  const namespaces: string[][] = [];
  let cursor = await items.openKeyCursor(prefixRange(prefix));
  while (cursor) {
    const [namespace] = cursor.key as [string[], string];
    namespaces.push(namespace);
    // The bound sorts after every key of this namespace; idb types it as a key of the store.
    cursor = await cursor.continue(afterNamespace(namespace) as [string[], string]);
  }
  return namespaces;
}
