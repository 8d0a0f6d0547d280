/** Knowledge bases stored in IndexedDB: files, chunks and search indexes; adding files; searching for the engine. */
export { KnowledgeStore, utf8Length, type KnowledgeChange, type KnowledgeFileInput } from "./knowledgeStore.js";
export { KnowledgeIndexCache } from "./indexCache.js";
export {
  createKnowledgeLibrary,
  type AddOptions,
  type AddResult,
  type KnowledgeBaseStats,
  type KnowledgeFileError,
  type KnowledgeLibrary,
  type KnowledgePhase,
  type KnowledgeProgress,
  type KnowledgeSource,
  type PackedKnowledgeFile,
} from "./knowledgeLibrary.js";
export { createKnowledgeReader, type KnowledgeReader } from "./knowledgeReader.js";
export { storedKnowledgeSearch } from "./storedKnowledgeSearch.js";
export type { KnowledgeBaseRow, KnowledgeEmbedding, KnowledgeFileRow, KnowledgeFileVectors, KnowledgeIndexRow } from "./rows.js";
