/** The knowledge library's shapes: progress, errors, sizes, sources and what it can do. */
import type { Embedder } from "../../models/index.js";
import type { KnowledgeReader } from "./knowledgeReader.js";
import type { KnowledgeEmbedding } from "./rows.js";

export type KnowledgePhase = "reading" | "extracting" | "chunking" | "embedding" | "indexing" | "saving";
export interface KnowledgeProgress {
  /** The file being worked on; while embedding or saving, the file (or "N files") of the batch. */
  file: string;
  phase: KnowledgePhase;
  /** 0..1 over the whole batch */
  fraction: number;
  /** What the phase is at, in words: "Embedding 64 of 200 chunks". */
  detail?: string;
}
export interface KnowledgeFileError {
  file: string;
  message: string;
}
export interface KnowledgeBaseStats {
  files: number;
  chunks: number;
  /** bytes stored: texts + chunks + vectors + index */
  bytes: number;
  /** The model every file's chunks were embedded with, when they all were by one. */
  embedding?: KnowledgeEmbedding;
}
export interface PackedKnowledgeFile {
  name: string;
  bytes: number;
  text: string;
}
/** A file as added: its name, size, and how to read its bytes (a File's `arrayBuffer`). */
export interface KnowledgeSource {
  name: string;
  bytes: number;
  read(): Promise<Uint8Array>;
}
export interface AddOptions {
  onProgress?: (progress: KnowledgeProgress) => void;
  signal?: AbortSignal;
  /**
   * The base's embeddings model, when it has one: the files' chunks (and those of files embedded
   * by another model) are embedded before anything is stored; a failed call stores nothing.
   */
  embedder?: Embedder;
}
export interface AddResult {
  added: { name: string; bytes: number }[];
  errors: KnowledgeFileError[];
}

export interface KnowledgeLibrary extends KnowledgeReader {
  /** Adds files (replacing same-named ones): from bytes to extract, or text already extracted. */
  add(graphId: string, baseId: string, sources: readonly (KnowledgeSource | PackedKnowledgeFile)[], options?: AddOptions): Promise<AddResult>;
  removeFile(graphId: string, baseId: string, name: string): Promise<void>;
  deleteBase(graphId: string, baseId: string): Promise<void>;
  stats(graphId: string, baseId: string): Promise<KnowledgeBaseStats>;
  texts(graphId: string, baseId: string): Promise<PackedKnowledgeFile[]>;
  /**
   * Embeds every file of the base whose vectors were not made by `embedder` (its profile
   * changed), with progress; stores all the vectors or none. Resolves with the chunks embedded.
   */
  embed(graphId: string, baseId: string, embedder: Embedder, options?: Omit<AddOptions, "embedder">): Promise<{ chunks: number }>;
}
