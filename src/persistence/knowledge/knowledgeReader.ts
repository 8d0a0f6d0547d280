/**
 * Reading stored knowledge bases for search: a base's row and its index, loaded once per
 * revision. Apart from the library so the engine worker, which only searches, does not load
 * the extractors (HTML, PDF) that adding files needs.
 */
import type { KnowledgeIndex } from "../../tools/knowledge/searchIndex.js";
import { KnowledgeIndexCache } from "./indexCache.js";
import type { KnowledgeStore } from "./knowledgeStore.js";
import type { KnowledgeBaseRow } from "./rows.js";

export interface KnowledgeReader {
  /** The base's row and loaded index, or undefined when nothing is stored for it. */
  indexOf(graphId: string, baseId: string): Promise<{ row: KnowledgeBaseRow; index: KnowledgeIndex } | undefined>;
}

/**
 * @example
 * const reader = createKnowledgeReader(new KnowledgeStore(database));
 * const stored = await reader.indexOf(graphId, "kb-faq"); // { row, index } or undefined
 */
export function createKnowledgeReader(store: KnowledgeStore, cache: KnowledgeIndexCache = new KnowledgeIndexCache(store)): KnowledgeReader {
  return {
    async indexOf(graphId, baseId) {
      const row = await store.base(graphId, baseId);
      return row ? { row, index: await cache.load(graphId, row) } : undefined;
    },
  };
}
