/**
 * Chunk vectors for a knowledge base with an embeddings profile: chunks embedded in batches
 * (progress after each, Stop between and during requests), every vector of one length, split
 * back per file for storage. A failure throws and nothing is kept: the caller stores all or none.
 */
import type { Embedder } from "../../models/index.js";
import type { KnowledgeStore } from "./knowledgeStore.js";
import type { KnowledgeBaseRow, KnowledgeEmbedding, KnowledgeFileVectors } from "./rows.js";

/** Chunks per request: small enough to report progress often, large enough to keep requests few. */
export const EMBED_BATCH = 64;

export interface EmbedOptions {
  signal?: AbortSignal;
  /** After each batch: chunks embedded so far, of how many. */
  onBatch?: (done: number, total: number) => void;
  /** The length the vectors must have (the base's other files were embedded at it). */
  dimensions?: number;
}

/** A file's chunks to embed. */
export interface FileChunks {
  name: string;
  chunks: readonly { text: string }[];
}

/**
 * Embeds every chunk of `files` and returns each file's vectors, with their length.
 * @example const { vectors, dimensions } = await embedFiles(embedder, [{ name: "faq.md", chunks }], { signal, onBatch: (n, m) => … });
 */
export async function embedFiles(
  embedder: Embedder,
  files: readonly FileChunks[],
  options: EmbedOptions = {},
): Promise<{ vectors: Map<string, KnowledgeFileVectors>; dimensions: number | undefined }> {
  const { signal, onBatch } = options;
  const texts = files.flatMap((file) => file.chunks.map((chunk) => chunk.text));
  let dimensions = options.dimensions;
  const out: Float32Array[] = [];
  onBatch?.(0, texts.length);
  for (let start = 0; start < texts.length; start += EMBED_BATCH) {
    signal?.throwIfAborted();
    const batch = await embedder.embed(texts.slice(start, start + EMBED_BATCH), signal);
    for (const vector of batch) {
      if (dimensions !== undefined && vector.length !== dimensions) {
        throw new Error(`Embedding with ${embedder.label} failed: it answered vectors of ${vector.length} numbers where this base's have ${dimensions}.`);
      }
      dimensions = vector.length;
      out.push(vector);
    }
    onBatch?.(out.length, texts.length);
  }
  const vectors = new Map<string, KnowledgeFileVectors>();
  let next = 0;
  for (const file of files) {
    const size = dimensions ?? 0;
    const data = new Float32Array(file.chunks.length * size);
    for (let i = 0; i < file.chunks.length; i++) data.set(out[next++]!, i * size);
    vectors.set(file.name, { signature: embedder.signature, dimensions: size, data });
  }
  return { vectors, dimensions };
}

/** What a base's row records of the embedder that made its vectors. */
export function embeddingOf(embedder: Embedder, dimensions: number): KnowledgeEmbedding {
  return { signature: embedder.signature, profile_id: embedder.profileId, model: embedder.model, dimensions };
}

/** "Embedding 64 of 200 chunks", for progress. */
export function embeddingProgressText(done: number, total: number): string {
  return `Embedding ${done.toLocaleString("en")} of ${total.toLocaleString("en")} chunk${total === 1 ? "" : "s"}`;
}

/** The vectors one change of a base stores: for its new files, for files embedded by another model, and the base's embedding after it. */
export interface ChangeVectors {
  put: Map<string, KnowledgeFileVectors>;
  embed: { name: string; vectors: KnowledgeFileVectors }[];
  embedding: KnowledgeEmbedding | undefined;
}

/**
 * Embeds what a change needs so that every file of the base then has vectors of `embedder`:
 * the files it stores, and the base's other files when theirs were made by another model (or
 * never made). The base's row must be the one the change is computed from.
 * @example const vectors = await vectorsForChange(store, graphId, baseId, row, [{ name: "faq.md", chunks }], embedder, { signal });
 */
export async function vectorsForChange(
  store: Pick<KnowledgeStore, "files">,
  graphId: string,
  baseId: string,
  row: KnowledgeBaseRow | undefined,
  putting: readonly FileChunks[],
  embedder: Embedder,
  options: EmbedOptions = {},
): Promise<ChangeVectors> {
  const current = row?.embedding?.signature === embedder.signature ? row.embedding : undefined;
  const replaced = new Set(putting.map((file) => file.name));
  const others = (row?.files ?? []).filter((file) => !replaced.has(file.name)).map((file) => file.name);
  const stale = current || others.length === 0 ? [] : (await store.files(graphId, baseId)).filter((file) => others.includes(file.name));
  const { vectors, dimensions } = await embedFiles(embedder, [...putting, ...stale], { ...options, ...(current ? { dimensions: current.dimensions } : {}) });
  return {
    put: new Map(putting.map((file) => [file.name, vectors.get(file.name)!])),
    embed: stale.map((file) => ({ name: file.name, vectors: vectors.get(file.name)! })),
    embedding: dimensions !== undefined ? embeddingOf(embedder, dimensions) : undefined,
  };
}
