/**
 * Knowledge bases in IndexedDB: per base, a small row (revision, files, sizes) read on every
 * search, each file's text and chunks, and the saved search index. A change of files and the
 * index that goes with it commit in one transaction, so a failure (quota) leaves nothing half-stored.
 */
import { Database, STORES } from "../db.js";
import { PersistenceError } from "../errors.js";
import type {
  KnowledgeBaseRow,
  KnowledgeChunkRow,
  KnowledgeEmbedding,
  KnowledgeFileEntry,
  KnowledgeFileRow,
  KnowledgeFileVectors,
  KnowledgeIndexRow,
} from "./rows.js";

/** A file to store: its text and its chunks (and their vectors, for a base with an embeddings profile). */
export interface KnowledgeFileInput {
  name: string;
  bytes: number;
  text: string;
  chunks: KnowledgeChunkRow[];
  vectors?: KnowledgeFileVectors;
}

/** One change of a base: files stored (replacing same-named ones) and removed, with the base's index after it. */
export interface KnowledgeChange {
  graphId: string;
  baseId: string;
  /** The revision the change was computed from (null: the base had no row); it fails if the base changed since. */
  expected: string | null;
  put: readonly KnowledgeFileInput[];
  remove: readonly string[];
  /** The base's saved index after the change (`KnowledgeIndex.saveText()`). */
  index: string;
  /** New vectors for files already stored (a base re-embedded with another model); their text and chunks stay. */
  embed?: readonly { name: string; vectors: KnowledgeFileVectors }[];
  /**
   * The base's embeddings after the change, when every file's chunks then carry vectors of it;
   * absent, the base is searched by full text only.
   */
  embedding?: KnowledgeEmbedding;
  /** Names the change in an error ("adding faq.md to a knowledge base"). */
  what: string;
}

/** UTF-8 length without encoding: the bytes a text takes stored (near enough for a size shown). */
export function utf8Length(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code <= 0xdbff) {
      bytes += 4;
      i++;
    } else bytes += 3;
  }
  return bytes;
}

function entryOf(file: KnowledgeFileInput): KnowledgeFileEntry {
  const stored = utf8Length(file.text) + file.chunks.reduce((sum, chunk) => sum + utf8Length(chunk.text) + 24, 0) + (file.vectors?.data.byteLength ?? 0);
  return { name: file.name, bytes: file.bytes, chunks: file.chunks.length, stored };
}

/** Keys of every row of one base in a store keyed [graph, base, …]. */
function baseRange(graphId: string, baseId: string): IDBKeyRange {
  // Arrays sort after strings in IndexedDB, so [g, b, []] is past every [g, b, name].
  return IDBKeyRange.bound([graphId, baseId], [graphId, baseId, []]);
}

let revisionCounter = 0;
function newRevision(): string {
  return `${Date.now().toString(36)}-${(revisionCounter++).toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
}

/**
 * @example
 * const store = new KnowledgeStore(new Database({ name: APP_DB_NAME }));
 * const base = await store.base(graphId, "kb-faq"); // { revision, files: [{ name: "faq.md", bytes, chunks, stored }], index_bytes }
 */
export class KnowledgeStore {
  constructor(private readonly database: Database) {}

  /** A base's row, or undefined when nothing was ever stored for it. */
  base(graphId: string, baseId: string): Promise<KnowledgeBaseRow | undefined> {
    return this.database.tx([STORES.kbBases], "readonly", "reading a knowledge base", (tx) => tx.objectStore(STORES.kbBases).get([graphId, baseId]));
  }

  /** A base's saved index, or undefined when it has none. */
  index(graphId: string, baseId: string): Promise<KnowledgeIndexRow | undefined> {
    return this.database.tx([STORES.kbIndexes], "readonly", "reading a knowledge base index", (tx) => tx.objectStore(STORES.kbIndexes).get([graphId, baseId]));
  }

  /** Every stored file of a base (text and chunks), by name. */
  files(graphId: string, baseId: string): Promise<KnowledgeFileRow[]> {
    return this.database.tx([STORES.kbFiles], "readonly", "reading a knowledge base's files", (tx) =>
      tx.objectStore(STORES.kbFiles).getAll(baseRange(graphId, baseId)),
    );
  }

  /** Applies a change in one transaction and returns the base's new row. */
  commit(change: KnowledgeChange): Promise<KnowledgeBaseRow> {
    const { graphId, baseId } = change;
    return this.database.tx([STORES.kbBases, STORES.kbFiles, STORES.kbIndexes], "readwrite", change.what, async (tx) => {
      const bases = tx.objectStore(STORES.kbBases);
      const current = await bases.get([graphId, baseId]);
      if ((current?.revision ?? null) !== change.expected) {
        throw new PersistenceError("STALE_GRAPH", `The knowledge base changed in another tab while ${change.what}; nothing was saved. Try again.`);
      }
      const files = new Map((current?.files ?? []).map((entry) => [entry.name, entry]));
      const fileStore = tx.objectStore(STORES.kbFiles);
      for (const name of change.remove) {
        files.delete(name);
        await fileStore.delete([graphId, baseId, name]);
      }
      for (const file of change.put) {
        files.set(file.name, entryOf(file));
        const row: KnowledgeFileRow = { graph_id: graphId, base_id: baseId, name: file.name, v: 1, bytes: file.bytes, text: file.text, chunks: file.chunks };
        await fileStore.put(file.vectors ? { ...row, vectors: file.vectors } : row);
      }
      for (const { name, vectors } of change.embed ?? []) {
        const row = await fileStore.get([graphId, baseId, name]);
        if (!row) throw new PersistenceError("STALE_GRAPH", `${name} was removed from the knowledge base while ${change.what}; nothing was saved. Try again.`);
        files.set(name, entryOf({ ...row, vectors }));
        await fileStore.put({ ...row, vectors });
      }
      const revision = newRevision();
      const row: KnowledgeBaseRow = {
        graph_id: graphId,
        base_id: baseId,
        v: 1,
        revision,
        files: [...files.values()].sort((a, b) => a.name.localeCompare(b.name)),
        index_bytes: utf8Length(change.index),
        updated: Date.now(),
        ...(change.embedding ? { embedding: change.embedding } : {}),
      };
      await bases.put(row);
      await tx.objectStore(STORES.kbIndexes).put({ graph_id: graphId, base_id: baseId, v: 1, revision, index: change.index });
      return row;
    });
  }

  /** Deletes a base: its row, files and index. */
  deleteBase(graphId: string, baseId: string): Promise<void> {
    return this.database.tx([STORES.kbBases, STORES.kbFiles, STORES.kbIndexes], "readwrite", "deleting a knowledge base", async (tx) => {
      await tx.objectStore(STORES.kbBases).delete([graphId, baseId]);
      await tx.objectStore(STORES.kbFiles).delete(baseRange(graphId, baseId));
      await tx.objectStore(STORES.kbIndexes).delete([graphId, baseId]);
    });
  }
}
