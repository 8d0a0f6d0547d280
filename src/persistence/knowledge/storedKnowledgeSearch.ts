/**
 * The engine's `KnowledgeSearch` over the knowledge bases stored for one graph: each base's
 * index loaded on its first search and kept until its files change, and only the files the
 * base's definition lists searched (files stored by an add that was undone are not). A base
 * with an embeddings profile is searched hybrid (BM25 and vectors fused) when its stored vectors
 * were made by that profile's model, and by full text with the reason otherwise.
 */
import type { KnowledgeSearch } from "../../engine/index.js";
import type { KnowledgeEmbedders } from "../../models/index.js";
import type { KnowledgeBase } from "../../schema/index.js";
import { hybridSearch } from "../../tools/knowledge/hybridSearch.js";
import type { KnowledgeReader } from "./knowledgeReader.js";
import type { LoadedVectors } from "./vectorCache.js";

function notStored(base: KnowledgeBase, detail: string): Error {
  return new Error(`Knowledge base "${base.name}" cannot be searched: ${detail}. Add its files again in graph settings.`);
}

/**
 * @example
 * const services = { ...services, knowledge: storedKnowledgeSearch(createKnowledgeReader(store), graphId, documentEmbedders(document, getKey)) };
 * await services.knowledge.search(doc.knowledge_bases[0], "refund", 5); // [{ file: "faq.md", chunk: 0, lines: { from: 3, to: 5 }, text, score }]
 */
export function storedKnowledgeSearch(reader: KnowledgeReader, graphId: string, embedders?: KnowledgeEmbedders): KnowledgeSearch {
  return {
    async search(base, query, k, signal) {
      const listed = base.files.map((file) => file.name);
      if (listed.length === 0) throw new Error(`Knowledge base "${base.name}" has no files yet: add files to it in graph settings.`);
      const stored = await reader.indexOf(graphId, base.id);
      signal?.throwIfAborted();
      if (!stored) throw notStored(base, "it has no stored index in this browser (it was deleted, or its files were never indexed here)");
      const present = new Set(stored.row.files.map((file) => file.name));
      const missing = listed.filter((name) => !present.has(name));
      if (missing.length === listed.length) throw notStored(base, `none of its files is stored in this browser (${missing.join(", ")})`);
      const embedder = base.embedding_profile === undefined ? null : (embedders?.(base) ?? { unavailable: "this engine has no embeddings models" });
      if (embedder === null) return stored.index.search(query, k, { files: listed });
      const embedding = stored.row.embedding;
      let vectors: LoadedVectors;
      if ("unavailable" in embedder) vectors = embedder;
      else if (!embedding) vectors = { unavailable: `its files were not embedded yet: embed them with ${embedder.label} in graph settings` };
      else if (embedding.signature !== embedder.signature) {
        vectors = { unavailable: `its vectors are stale (made by ${embedding.signature}, not ${embedder.signature}): re-embed it in graph settings` };
      } else vectors = await reader.vectorsOf(graphId, stored.row);
      signal?.throwIfAborted();
      return hybridSearch({ index: stored.index, vectors, embedder }, query, k, { files: listed, ...(signal ? { signal } : {}) });
    },
  };
}
