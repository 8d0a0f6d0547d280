/**
 * Reading stored knowledge bases for search: a base's row, its index and its chunk vectors,
 * loaded once per revision. Apart from the library so the engine worker, which only searches,
 * does not load the extractors (HTML, PDF) that adding files needs.
 */
import type { KnowledgeIndex } from "../../tools/knowledge/searchIndex.js";
import { KnowledgeIndexCache } from "./indexCache.js";
import type { KnowledgeStore } from "./knowledgeStore.js";
import type { KnowledgeBaseRow } from "./rows.js";
import { KnowledgeVectorCache, type LoadedVectors } from "./vectorCache.js";

export interface KnowledgeReader {
  /** The base's row and loaded index, or undefined when nothing is stored for it. */
  indexOf(graphId: string, baseId: string): Promise<{ row: KnowledgeBaseRow; index: KnowledgeIndex } | undefined>;
  /** The base's chunk vectors as stored at `row`'s revision, or why there are none. */
  vectorsOf(graphId: string, row: KnowledgeBaseRow): Promise<LoadedVectors>;
}

/**
 * @example
 * const reader = createKnowledgeReader(new KnowledgeStore(database));
 * const stored = await reader.indexOf(graphId, "kb-faq"); // { row, index } or undefined
 */
export function createKnowledgeReader(
  store: KnowledgeStore,
  cache: KnowledgeIndexCache = new KnowledgeIndexCache(store),
  vectors: KnowledgeVectorCache = new KnowledgeVectorCache(store),
): KnowledgeReader {
  return {
    async indexOf(graphId, baseId) {
      const row = await store.base(graphId, baseId);
      return row ? { row, index: await cache.load(graphId, row) } : undefined;
    },
    vectorsOf: (graphId, row) => vectors.load(graphId, row),
  };
}
