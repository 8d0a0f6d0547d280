/**
 * Adding files to a knowledge base: read, extract, chunk and index each file, then store the
 * files and the base's index in one transaction. A file that fails is reported and left out;
 * a batch that cannot be stored (quota) stores nothing. Operations on one base run one at a time.
 */
import { LIMITS } from "../../schema/index.js";
import { chunkFile, type ChunkOptions, type KnowledgeChunk } from "../../tools/knowledge/chunks.js";
import { checkKnowledgeFile, extractKnowledgeText } from "../../tools/knowledge/extract.js";
import { createKnowledgeIndex } from "../../tools/knowledge/searchIndex.js";
import { embeddingProgressText, vectorsForChange, type ChangeVectors } from "./embedChunks.js";
import { KnowledgeIndexCache } from "./indexCache.js";
import { createKnowledgeReader } from "./knowledgeReader.js";
import type { KnowledgeFileInput, KnowledgeStore } from "./knowledgeStore.js";
import type { AddOptions, AddResult, KnowledgeLibrary, KnowledgeSource, PackedKnowledgeFile } from "./libraryTypes.js";
import { errorMessage } from "../../schema/errorMessage.js";

export type {
  AddOptions,
  AddResult,
  KnowledgeBaseStats,
  KnowledgeFileError,
  KnowledgeLibrary,
  KnowledgePhase,
  KnowledgeProgress,
  KnowledgeSource,
  PackedKnowledgeFile,
} from "./libraryTypes.js";

/**
 * Progress over a batch: every file is read, extracted and chunked (up to EXTRACTED, each file
 * by its share of the bytes), then indexed (up to SAVING_AT), then the batch is saved.
 */
const PHASE_START: Record<"reading" | "extracting" | "chunking", number> = { reading: 0, extracting: 0.2, chunking: 0.8 };
const EXTRACTED = 0.6;
/** With an embeddings model, embedding takes the batch from EXTRACTED to EMBEDDED. */
const EMBEDDED = 0.8;
const SAVING_AT = 0.9;

const messageOf = (error: unknown) => errorMessage(error);

function abortError(signal: AbortSignal): Error {
  return signal.reason instanceof Error ? signal.reason : new DOMException("Adding files was cancelled", "AbortError");
}

function isPacked(source: KnowledgeSource | PackedKnowledgeFile): source is PackedKnowledgeFile {
  return typeof (source as PackedKnowledgeFile).text === "string";
}

/** A file's text as a base keeps it, or why it cannot: too long to export, or no text at all. */
function checkText(name: string, text: string): void {
  if (text.length > LIMITS.knowledgeTextLength) {
    throw new Error(`${name} has ${text.length.toLocaleString("en")} characters of text; the limit is ${LIMITS.knowledgeTextLength.toLocaleString("en")}`);
  }
  if (text.trim() === "") {
    throw new Error(/\.pdf$/i.test(name) ? `${name} has no text to index (a scanned PDF needs text recognition first)` : `${name} has no text to index`);
  }
}

/**
 * @example
 * const library = createKnowledgeLibrary(new KnowledgeStore(database));
 * const { added, errors } = await library.add(graphId, "kb-faq", [{ name: "faq.md", bytes: 120, text: "# Returns…" }]);
 */
export function createKnowledgeLibrary(store: KnowledgeStore, settings: { chunking?: ChunkOptions; cache?: KnowledgeIndexCache } = {}): KnowledgeLibrary {
  const cache = settings.cache ?? new KnowledgeIndexCache(store);
  const reader = createKnowledgeReader(store, cache);
  const queues = new Map<string, Promise<unknown>>();

  /** Runs `work` after every earlier operation on the same base. */
  function serially<T>(graphId: string, baseId: string, work: () => Promise<T>): Promise<T> {
    const id = `${graphId}\u0000${baseId}`;
    const result = (queues.get(id) ?? Promise.resolve()).then(work, work);
    const settled = result.catch(() => undefined);
    queues.set(id, settled);
    void settled.then(() => queues.get(id) === settled && queues.delete(id));
    return result;
  }

  async function current(graphId: string, baseId: string) {
    const row = await store.base(graphId, baseId);
    return { row, index: row ? await cache.load(graphId, row) : createKnowledgeIndex() };
  }

  async function add(
    graphId: string,
    baseId: string,
    sources: readonly (KnowledgeSource | PackedKnowledgeFile)[],
    options: AddOptions = {},
  ): Promise<AddResult> {
    const { signal, onProgress } = options;
    const total = sources.reduce((sum, source) => sum + Math.max(1, source.bytes), 0) || 1;
    let done = 0;
    const errors: AddResult["errors"] = [];
    const ready = new Map<string, KnowledgeFileInput & { chunks: KnowledgeChunk[]; start: number; share: number }>();
    for (const source of sources) {
      const share = Math.max(1, source.bytes) / total;
      const report = (phase: keyof typeof PHASE_START) => onProgress?.({ file: source.name, phase, fraction: (done + share * PHASE_START[phase]) * EXTRACTED });
      signal?.throwIfAborted();
      try {
        let text: string;
        if (isPacked(source)) {
          text = source.text;
        } else {
          checkKnowledgeFile(source.name, source.bytes);
          report("reading");
          const bytes = await source.read();
          signal?.throwIfAborted();
          report("extracting");
          text = await extractKnowledgeText(source.name, bytes);
        }
        checkText(source.name, text);
        signal?.throwIfAborted();
        report("chunking");
        const chunks = await chunkFile(source.name, text, settings.chunking);
        // A name twice in one batch: the later one replaces the earlier, as adding it again would.
        ready.delete(source.name);
        ready.set(source.name, { name: source.name, bytes: source.bytes, text, chunks, start: done, share });
      } catch (error) {
        if (signal?.aborted) throw abortError(signal);
        errors.push({ file: source.name, message: messageOf(error) });
      }
      done += share;
    }
    if (ready.size === 0) return { added: [], errors };
    const batchName = ready.size === 1 ? [...ready.keys()][0]! : `${ready.size} files`;
    const indexFrom = options.embedder ? EMBEDDED : EXTRACTED;
    return serially(graphId, baseId, async () => {
      const { row, index } = await current(graphId, baseId);
      let vectors: ChangeVectors | undefined;
      if (options.embedder) {
        try {
          vectors = await vectorsForChange(store, graphId, baseId, row, [...ready.values()], options.embedder, {
            ...(signal ? { signal } : {}),
            onBatch: (done, total) =>
              onProgress?.({
                file: batchName,
                phase: "embedding",
                fraction: EXTRACTED + (total === 0 ? 1 : done / total) * (EMBEDDED - EXTRACTED),
                detail: embeddingProgressText(done, total),
              }),
          });
        } catch (error) {
          if (signal?.aborted) throw abortError(signal);
          const message = messageOf(error);
          return { added: [], errors: [...errors, ...[...ready.keys()].map((file) => ({ file, message }))] };
        }
      }
      try {
        for (const file of ready.values()) {
          signal?.throwIfAborted();
          onProgress?.({ file: file.name, phase: "indexing", fraction: indexFrom + file.start * (SAVING_AT - indexFrom) });
          await index.removeFile(file.name);
          await index.add(file.chunks);
        }
        signal?.throwIfAborted();
        const names = [...ready.keys()];
        onProgress?.({ file: names.length === 1 ? names[0]! : `${names.length} files`, phase: "saving", fraction: SAVING_AT });
        const saved = await store.commit({
          graphId,
          baseId,
          expected: row?.revision ?? null,
          put: [...ready.values()].map(({ name, bytes, text, chunks }) => {
            const fileVectors = vectors?.put.get(name);
            return {
              name,
              bytes,
              text,
              chunks: chunks.map((c) => ({ index: c.index, lines: c.lines, text: c.text })),
              ...(fileVectors ? { vectors: fileVectors } : {}),
            };
          }),
          remove: [],
          index: index.saveText(),
          what: `adding ${names.length === 1 ? names[0] : `${names.length} files`} to a knowledge base`,
          ...(vectors ? { embed: vectors.embed } : {}),
          ...(vectors?.embedding ? { embedding: vectors.embedding } : {}),
        });
        cache.keep(graphId, baseId, saved.revision, index);
      } catch (error) {
        // The loaded index changed in memory but not in storage: read it again next time.
        cache.forget(graphId, baseId);
        if (signal?.aborted) throw abortError(signal);
        const message = messageOf(error);
        return { added: [], errors: [...errors, ...[...ready.keys()].map((file) => ({ file, message }))] };
      }
      onProgress?.({ file: ready.size === 1 ? [...ready.keys()][0]! : `${ready.size} files`, phase: "saving", fraction: 1 });
      return { added: [...ready.values()].map(({ name, bytes }) => ({ name, bytes })), errors };
    });
  }

  return {
    add,
    removeFile: (graphId, baseId, name) =>
      serially(graphId, baseId, async () => {
        const { row, index } = await current(graphId, baseId);
        if (!row?.files.some((file) => file.name === name)) return;
        try {
          await index.removeFile(name);
          const saved = await store.commit({
            graphId,
            baseId,
            expected: row.revision,
            put: [],
            remove: [name],
            index: index.saveText(),
            what: `removing ${name} from a knowledge base`,
            // The other files keep their vectors.
            ...(row.embedding ? { embedding: row.embedding } : {}),
          });
          cache.keep(graphId, baseId, saved.revision, index);
        } catch (error) {
          cache.forget(graphId, baseId);
          throw error;
        }
      }),
    deleteBase: (graphId, baseId) =>
      serially(graphId, baseId, async () => {
        cache.forget(graphId, baseId);
        await store.deleteBase(graphId, baseId);
      }),
    async stats(graphId, baseId) {
      const row = await store.base(graphId, baseId);
      if (!row) return { files: 0, chunks: 0, bytes: 0 };
      return {
        files: row.files.length,
        chunks: row.files.reduce((sum, file) => sum + file.chunks, 0),
        bytes: row.index_bytes + row.files.reduce((sum, file) => sum + file.stored, 0),
        ...(row.embedding ? { embedding: row.embedding } : {}),
      };
    },
    async texts(graphId, baseId) {
      return (await store.files(graphId, baseId)).map((file) => ({ name: file.name, bytes: file.bytes, text: file.text }));
    },
    embed: (graphId, baseId, embedder, { signal, onProgress } = {}) =>
      serially(graphId, baseId, async () => {
        const row = await store.base(graphId, baseId);
        if (!row || row.embedding?.signature === embedder.signature) return { chunks: 0 };
        const total = row.files.reduce((sum, file) => sum + file.chunks, 0);
        const vectors = await vectorsForChange(store, graphId, baseId, row, [], embedder, {
          ...(signal ? { signal } : {}),
          onBatch: (done, all) =>
            onProgress?.({
              file: `${row.files.length} files`,
              phase: "embedding",
              fraction: (all === 0 ? 1 : done / all) * SAVING_AT,
              detail: embeddingProgressText(done, all),
            }),
        });
        signal?.throwIfAborted();
        onProgress?.({ file: `${row.files.length} files`, phase: "saving", fraction: SAVING_AT });
        const index = await cache.load(graphId, row);
        const saved = await store.commit({
          graphId,
          baseId,
          expected: row.revision,
          put: [],
          remove: [],
          index: index.saveText(),
          what: "embedding a knowledge base's files",
          embed: vectors.embed,
          ...(vectors.embedding ? { embedding: vectors.embedding } : {}),
        });
        cache.keep(graphId, baseId, saved.revision, index);
        onProgress?.({ file: `${row.files.length} files`, phase: "saving", fraction: 1 });
        return { chunks: total };
      }),
    indexOf: reader.indexOf,
    vectorsOf: reader.vectorsOf,
  };
}
