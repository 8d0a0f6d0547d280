/** The stored shapes of knowledge bases (IndexedDB version 4): a base row, its files, its saved index. */

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
