/**
 * Loaded chunk vectors of knowledge bases, kept while their base's revision stays the same: a
 * hybrid search reads a base's files (chunks and vectors) once, and again only after they change.
 */
import { KnowledgeVectors } from "../../tools/knowledge/knowledgeVectors.js";
import type { KnowledgeStore } from "./knowledgeStore.js";
import type { KnowledgeBaseRow } from "./rows.js";

/** A base's vectors, or why it has none to search. */
export type LoadedVectors = KnowledgeVectors | { unavailable: string };

const key = (graphId: string, baseId: string) => `${graphId}\u0000${baseId}`;

/**
 * @example
 * const vectors = await new KnowledgeVectorCache(store).load(graphId, row); // KnowledgeVectors, or { unavailable: "…" }
 */
export class KnowledgeVectorCache {
  private readonly loaded = new Map<string, { revision: string; vectors: Promise<LoadedVectors> }>();

  constructor(private readonly store: Pick<KnowledgeStore, "files">) {}

  load(graphId: string, row: KnowledgeBaseRow): Promise<LoadedVectors> {
    const id = key(graphId, row.base_id);
    const cached = this.loaded.get(id);
    if (cached?.revision === row.revision) return cached.vectors;
    const vectors = this.read(graphId, row);
    this.loaded.set(id, { revision: row.revision, vectors });
    vectors.catch(() => {
      if (this.loaded.get(id)?.vectors === vectors) this.loaded.delete(id);
    });
    return vectors;
  }

  private async read(graphId: string, row: KnowledgeBaseRow): Promise<LoadedVectors> {
    const embedding = row.embedding;
    if (!embedding) return { unavailable: "its files were not embedded" };
    const vectors = new KnowledgeVectors(embedding.dimensions);
    for (const file of await this.store.files(graphId, row.base_id)) {
      const stored = file.vectors;
      if (stored?.signature !== embedding.signature || stored.dimensions !== embedding.dimensions) {
        return { unavailable: `the vectors of ${file.name} are missing or were made by another model` };
      }
      vectors.add(file.name, file.chunks, stored.data);
    }
    return vectors;
  }
}
