/**
 * A knowledge base's full-text index: Orama's BM25 over the chunks' text (English stemming and
 * stop words), in memory, saved as
 * plain data (to IndexedDB in the browser, a file next to the graph for the CLI) and loaded
 * back without indexing again. Runs wherever the engine runs (worker, Node). Orama builds,
 * saves and loads the index; a search ranks it with `rankChunks`, Orama's ranking without its
 * cost per matching chunk.
 */
import { create, insertMultiple, load, removeMultiple, save, type RawData } from "@orama/orama";
import { stopwords as englishStopwords } from "@orama/stopwords/english";
import type { KnowledgeChunk } from "./chunks.js";
import "./oramaRadixFix.js";
import { rankChunks } from "./rankChunks.js";

// `file` is an enum, as stored indexes have it (a search filters by file through `fileFilter`).
const SCHEMA = { file: "enum", index: "number", text: "string", line_from: "number", line_to: "number" } as const;

/** A search result: the chunk, where it is, and how well it matched. */
export interface KnowledgeHit {
  file: string;
  /** The chunk's position among its file's chunks (0 first): with `file`, names the chunk. */
  chunk: number;
  lines: { from: number; to: number };
  text: string;
  score: number;
}

export interface KnowledgeIndex {
  add(chunks: readonly KnowledgeChunk[]): Promise<void>;
  /** Drops every chunk of a file (before it is added again, or when it is removed). */
  removeFile(file: string): Promise<void>;
  /**
   * The best `k` chunks for `query`, best first (BM25; when the exact words find fewer than `k`
   * chunks, typo-tolerant by one letter); with `files`, only chunks of those files.
   */
  search(query: string, k?: number, options?: KnowledgeSearchOptions): Promise<KnowledgeHit[]>;
  /** How many chunks it holds. */
  size(): number;
  /** The index as plain JSON data, to store and `loadKnowledgeIndex` later. */
  save(): SavedKnowledgeIndex;
  /** The index as JSON text, to store and `loadKnowledgeIndexText` later (one serialization, not two). */
  saveText(): string;
  /** The files it holds chunks of. */
  files(): string[];
}

export interface KnowledgeSearchOptions {
  /** Only chunks of these files (the files a base's definition lists); all files when absent. */
  files?: readonly string[];
}

/** An index as stored: Orama's data and which chunks belong to which file. */
export interface SavedKnowledgeIndex {
  raw: RawData;
  files: Record<string, string[]>;
}

type Db = Awaited<ReturnType<typeof newDb>>;

function newDb() {
  // English stemming and stop words: a question phrased in full finds the chunk that answers it.
  return create({ schema: SCHEMA, components: { tokenizer: { stemming: true, stopWords: englishStopwords } } });
}

interface StoredChunk {
  file: string;
  index: number;
  text: string;
  line_from: number;
  line_to: number;
}

/** Which internal ids (Orama's numbering) belong to the files asked for: one array lookup per candidate. */
function fileFilter(db: Db, files: Map<string, string[]>, only: readonly string[]): (internalId: number) => boolean {
  const internal = db.internalDocumentIDStore.idToInternalId;
  const accepted = new Uint8Array(db.internalDocumentIDStore.internalIdToId.length + 1);
  for (const file of only) for (const id of files.get(file) ?? []) accepted[internal.get(id) ?? 0] = 1;
  accepted[0] = 0;
  return (internalId) => accepted[internalId] === 1;
}

function wrap(db: Db, files: Map<string, string[]>): KnowledgeIndex {
  // The last filter built, kept until the chunks change: a base searches the same files every time.
  let filter: { key: string; accepts: (internalId: number) => boolean } | undefined;
  return {
    async add(chunks) {
      filter = undefined;
      await insertMultiple(
        db,
        chunks.map((c) => ({ id: c.id, file: c.file, index: c.index, text: c.text, line_from: c.lines.from, line_to: c.lines.to })),
      );
      for (const c of chunks) {
        const ids = files.get(c.file);
        if (ids) ids.push(c.id);
        else files.set(c.file, [c.id]);
      }
    },
    async removeFile(file) {
      filter = undefined;
      const ids = files.get(file) ?? [];
      if (ids.length > 0) await removeMultiple(db, ids);
      files.delete(file);
    },
    async search(query, k = 5, options = {}) {
      if (!query.trim()) return [];
      const only = options.files?.filter((file) => files.has(file));
      // Every file listed: no filter to apply. None: nothing to find.
      if (only?.length === 0) return [];
      let accepts: ((internalId: number) => boolean) | undefined;
      if (only && new Set(only).size < files.size) {
        const key = JSON.stringify([...new Set(only)].sort());
        if (filter?.key !== key) filter = { key, accepts: fileFilter(db, files, only) };
        accepts = filter.accepts;
      }
      const limit = Math.max(1, Math.min(50, k));
      const rank = { property: "text", limit, ...(accepts ? { accepts } : {}) };
      // Exact words (and words they begin) first: tolerating typos matches every term against
      // the whole vocabulary, which makes a search of a large base many times slower. Typos
      // are forgiven only when the exact words do not find enough.
      let ranking = rankChunks(db, query, { ...rank, tolerance: 0 });
      if (ranking.matched < limit) ranking = rankChunks(db, query, { ...rank, tolerance: 1 });
      return ranking.best.map(({ internalId, score }) => {
        const chunk = db.documentsStore.get(db.data.docs, internalId) as unknown as StoredChunk;
        return { file: String(chunk.file), chunk: chunk.index, lines: { from: chunk.line_from, to: chunk.line_to }, text: chunk.text, score };
      });
    },
    size: () => [...files.values()].reduce((n, ids) => n + ids.length, 0),
    // Through JSON, so what is stored is plain data whatever Orama keeps inside.
    save: () => ({ raw: JSON.parse(JSON.stringify(save(db))) as RawData, files: Object.fromEntries(files) }),
    saveText: () => JSON.stringify({ raw: save(db), files: Object.fromEntries(files) }),
    files: () => [...files.keys()],
  };
}

/**
 * An empty index.
 * @example const index = createKnowledgeIndex(); await index.add(await chunkFile("faq.md", text)); await index.search("refund", 3);
 */
export function createKnowledgeIndex(): KnowledgeIndex {
  return wrap(newDb(), new Map());
}

/**
 * An index saved with `save()`, searchable again without indexing.
 * @example const index = loadKnowledgeIndex(JSON.parse(stored));
 */
export function loadKnowledgeIndex(saved: SavedKnowledgeIndex): KnowledgeIndex {
  const db = newDb();
  load(db, saved.raw);
  return wrap(db, new Map(Object.entries(saved.files).map(([file, ids]) => [file, [...ids]])));
}

/**
 * An index saved with `saveText()`.
 * @example const index = loadKnowledgeIndexText(row.index);
 */
export function loadKnowledgeIndexText(text: string): KnowledgeIndex {
  return loadKnowledgeIndex(JSON.parse(text) as SavedKnowledgeIndex);
}
