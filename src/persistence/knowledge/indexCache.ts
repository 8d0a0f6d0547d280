/**
 * Loaded knowledge base indexes, kept while their base's revision stays the same: a search
 * loads a base's index once, and again only after its files changed (in any worker or tab).
 */
import { chunkFile } from "../../tools/knowledge/chunks.js";
import { createKnowledgeIndex, loadKnowledgeIndexText, type KnowledgeIndex } from "../../tools/knowledge/searchIndex.js";
import type { KnowledgeBaseRow } from "./rows.js";
import type { KnowledgeStore } from "./knowledgeStore.js";

const key = (graphId: string, baseId: string) => `${graphId}\u0000${baseId}`;

/**
 * @example
 * const cache = new KnowledgeIndexCache(store);
 * const index = await cache.load(graphId, row); // loaded once per revision of the base
 */
export class KnowledgeIndexCache {
  private readonly loaded = new Map<string, { revision: string; index: Promise<KnowledgeIndex> }>();

  constructor(private readonly store: KnowledgeStore) {}

  /** The index of the base as `row` describes it (its revision). */
  load(graphId: string, row: KnowledgeBaseRow): Promise<KnowledgeIndex> {
    const id = key(graphId, row.base_id);
    const cached = this.loaded.get(id);
    if (cached?.revision === row.revision) return cached.index;
    const index = this.read(graphId, row);
    this.loaded.set(id, { revision: row.revision, index });
    index.catch(() => {
      if (this.loaded.get(id)?.index === index) this.loaded.delete(id);
    });
    return index;
  }

  /** Keeps an index just saved at `revision`, so the next use does not read it back. */
  keep(graphId: string, baseId: string, revision: string, index: KnowledgeIndex): void {
    this.loaded.set(key(graphId, baseId), { revision, index: Promise.resolve(index) });
  }

  /** Forgets a base's index (changed in memory by a change that was not saved, or deleted). */
  forget(graphId: string, baseId: string): void {
    this.loaded.delete(key(graphId, baseId));
  }

  private async read(graphId: string, row: KnowledgeBaseRow): Promise<KnowledgeIndex> {
    const saved = await this.store.index(graphId, row.base_id);
    if (saved?.revision === row.revision) {
      try {
        return loadKnowledgeIndexText(saved.index);
      } catch {
        // An index that does not load (written by an older build, damaged): rebuilt below from the stored chunks.
      }
    }
    return this.rebuild(graphId, row.base_id);
  }

  /** An index built again from the chunks stored with the files. */
  private async rebuild(graphId: string, baseId: string): Promise<KnowledgeIndex> {
    const index = createKnowledgeIndex();
    for (const file of await this.store.files(graphId, baseId)) {
      const chunks = file.chunks.length > 0 || !file.text ? file.chunks : await chunkFile(file.name, file.text);
      await index.add(chunks.map((chunk) => ({ ...chunk, id: `${file.name}#${chunk.index}`, file: file.name })));
    }
    return index;
  }
}
