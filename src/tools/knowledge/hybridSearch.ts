/**
 * Hybrid search of a knowledge base with an embeddings profile: the BM25 ranking of its index
 * and the cosine ranking of its chunk vectors, fused by reciprocal rank. When the vectors cannot
 * be used (none stored, made by another model, the query could not be embedded) it answers
 * from BM25 alone and says why, so a search never fails for want of vectors.
 */
import type { KnowledgeSearchResult } from "../../engine/index.js";
import type { Embedder } from "../../models/index.js";
import { fuseRankings, type KnowledgeVectors } from "./knowledgeVectors.js";
import type { KnowledgeIndex } from "./searchIndex.js";
import { errorMessage } from "../../schema/errorMessage.js";

export interface HybridParts {
  index: KnowledgeIndex;
  /** The base's vectors, or why it has none that can be used. */
  vectors: KnowledgeVectors | { unavailable: string };
  /** Embeds the query with the base's profile; or why it cannot (no key, no such profile here). */
  embedder: Pick<Embedder, "embed" | "label"> | { unavailable: string };
}

export interface HybridOptions {
  /** Only chunks of these files (the files the base's definition lists). */
  files?: readonly string[];
  signal?: AbortSignal;
}

/** Each ranking offers this many candidates to the fusion, so a chunk second-best in both can win. */
function candidatesFor(k: number): number {
  return Math.min(50, Math.max(k * 3, 20));
}

const messageOf = (error: unknown) => errorMessage(error);

/**
 * @example
 * const result = await hybridSearch({ index, vectors, embedder }, "how long until I am reimbursed", 5, { files, signal });
 * result.ranking // "hybrid", or "full_text" with result.vectorsUnavailable saying why
 */
export async function hybridSearch(parts: HybridParts, query: string, k: number, options: HybridOptions = {}): Promise<KnowledgeSearchResult> {
  const { files, signal } = options;
  const fullText = (hits: KnowledgeSearchResult["passages"], why: string): KnowledgeSearchResult => ({
    passages: hits.slice(0, k),
    ranking: "full_text",
    vectorsUnavailable: why,
  });
  if (!query.trim()) return { passages: [], ranking: "hybrid" };
  const candidates = candidatesFor(k);
  const bm25 = await parts.index.search(query, candidates, files ? { files } : {});
  signal?.throwIfAborted();
  const { vectors, embedder } = parts;
  if ("unavailable" in vectors) return fullText(bm25, vectors.unavailable);
  if ("unavailable" in embedder) return fullText(bm25, embedder.unavailable);
  let nearest;
  try {
    const [vector] = await embedder.embed([query], signal);
    if (!vector || vector.length !== vectors.dimensions) {
      return fullText(
        bm25,
        `${embedder.label} answered a query vector of ${vector?.length ?? 0} numbers, but this base's vectors have ${vectors.dimensions}: re-embed the base`,
      );
    }
    nearest = vectors.nearest(vector, candidates, files);
  } catch (error) {
    if (signal?.aborted) throw error;
    return fullText(bm25, `the query could not be embedded: ${messageOf(error)}`);
  }
  // Vectors first: a tie goes to the meaning match, since BM25's typo tolerance matches spellings ("get" for "set"), not meanings.
  return { passages: fuseRankings([nearest, bm25], k), ranking: "hybrid" };
}
