/** The stored shapes of knowledge bases (IndexedDB version 4; vectors, optional, came later without a new version): a base row, its files, its saved index. */

/** A file of a knowledge base, as the base's row lists it. */
export interface KnowledgeFileEntry {
  name: string;
  /** Size of the file as added. */
  bytes: number;
  chunks: number;
  /** Bytes this file takes in storage: its text and its chunks. */
  stored: number;
}
/** A knowledge base: which files it holds and the revision of its index (new on every change). */
export interface KnowledgeBaseRow {
  graph_id: string;
  base_id: string;
  v: 1;
  revision: string;
  files: KnowledgeFileEntry[];
  /** Bytes of the saved index. */
  index_bytes: number;
  updated: number;
  /** Set when every file's chunks carry vectors of one embeddings model: searches may then be hybrid. */
  embedding?: KnowledgeEmbedding;
}

/** The embeddings model a base's vectors were made with; vectors compare only with vectors of the same `signature`. */
export interface KnowledgeEmbedding {
  /** `model @ endpoint` (`embeddingSignature`). */
  signature: string;
  /** The profile that made them (a base whose profile changes to one of the same signature keeps them). */
  profile_id: string;
  model: string;
  /** Numbers per vector. */
  dimensions: number;
}

/** A file's chunk vectors: chunk i's at [i × dimensions, (i + 1) × dimensions) of `data`. */
export interface KnowledgeFileVectors {
  signature: string;
  dimensions: number;
  data: Float32Array;
}
/** One stored chunk: its position in the file and its text. */
export interface KnowledgeChunkRow {
  index: number;
  lines: { from: number; to: number };
  text: string;
}
export interface KnowledgeFileRow {
  graph_id: string;
  base_id: string;
  name: string;
  v: 1;
  bytes: number;
  text: string;
  chunks: KnowledgeChunkRow[];
  /** Present when the file's chunks were embedded (a base with an embeddings profile). */
  vectors?: KnowledgeFileVectors;
}
export interface KnowledgeIndexRow {
  graph_id: string;
  base_id: string;
  v: 1;
  /** The revision of the base row it was saved with. */
  revision: string;
  /** The saved index as JSON text (a string clones far faster than the object graph). */
  index: string;
}
