/**
 * `list()` as pages of one read transaction each: a long timeline streams
 * newest first without holding a transaction open while the caller consumes it.
 */
import type { RunnableConfig } from "@langchain/core/runnables";
import type { CheckpointListOptions, CheckpointMetadata, CheckpointTuple } from "@langchain/langgraph-checkpoint";
import { STORES, type CheckpointRow, type Database } from "../db.js";
import { addressOf, below, namespaceRange, threadRange } from "./keys.js";
import { SAVER_STORES, readStored, toTuple, type StoredCheckpoint, type TupleContext } from "./storedCheckpoint.js";

const PAGE_SIZE = 16;

interface Query {
  range: IDBKeyRange | undefined;
  ns: string | undefined;
  checkpointId: string | undefined;
  beforeId: string | undefined;
}

interface Page {
  stored: StoredCheckpoint[];
  /** Where the next page starts (exclusive), or undefined when the walk is done. */
  next: IDBValidKey | undefined;
}

export async function* listCheckpoints(
  db: Database,
  context: TupleContext,
  config: RunnableConfig,
  options: CheckpointListOptions = {},
): AsyncGenerator<CheckpointTuple> {
  const { filter, limit } = options;
  if (limit !== undefined && limit <= 0) return;
  const query = queryOf(config, options);
  let remaining = limit ?? Number.POSITIVE_INFINITY;
  let upper: IDBValidKey | undefined;
  do {
    const page = await readPage(db, query, upper);
    for (const stored of page.stored) {
      const tuple = await toTuple(context, stored);
      if (filter && !matchesFilter(tuple.metadata, filter)) continue;
      yield tuple;
      if (--remaining <= 0) return;
    }
    upper = page.next;
  } while (upper !== undefined);
}

function queryOf(config: RunnableConfig, options: CheckpointListOptions): Query {
  const { threadId, ns, checkpointId } = addressOf(config);
  const beforeId = addressOf(options.before).checkpointId;
  let range: IDBKeyRange | undefined;
  if (threadId !== undefined) range = ns !== undefined ? namespaceRange(threadId, ns, beforeId) : threadRange(threadId);
  return { range, ns, checkpointId, beforeId };
}

function matches(row: CheckpointRow, query: Query): boolean {
  return (
    (query.ns === undefined || row.checkpoint_ns === query.ns) &&
    (query.checkpointId === undefined || row.checkpoint_id === query.checkpointId) &&
    (query.beforeId === undefined || row.checkpoint_id < query.beforeId)
  );
}

function readPage(db: Database, query: Query, upper: IDBValidKey | undefined): Promise<Page> {
  return db.tx(SAVER_STORES, "readonly", "listing checkpoints", async (tx) => {
    const rows: CheckpointRow[] = [];
    let cursor = await tx.objectStore(STORES.checkpoints).openCursor(below(query.range, upper), "prev");
    let next: IDBValidKey | undefined;
    while (cursor) {
      if (matches(cursor.value, query)) rows.push(cursor.value);
      if (rows.length >= PAGE_SIZE) {
        next = cursor.primaryKey;
        break;
      }
      cursor = await cursor.continue();
    }
    return { stored: await Promise.all(rows.map((row) => readStored(tx, row))), next };
  });
}

/** Metadata filter: every given key equal (deeply, for objects) to the stored value. */
function matchesFilter(metadata: CheckpointMetadata | undefined, filter: Record<string, unknown>): boolean {
  const stored = (metadata ?? {}) as Record<string, unknown>;
  return Object.entries(filter).every(([key, value]) => sameValue(stored[key], value));
}

function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every((key) => sameValue((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]));
}
