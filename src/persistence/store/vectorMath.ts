/**
 * The arithmetic of the store's semantic search: cosine similarity and the ranking
 * LangGraph's InMemoryStore gives a query (an item scores its best field; items
 * without vectors follow the scored ones).
 */

/**
 * Cosine similarity of two vectors of the same length; 0 when either has no length,
 * as InMemoryStore scores it. Sums run in index order, so scores match it to the bit.
 * @example cosineSimilarity([1, 0], [1, 1]) // 0.7071…
 */
export function cosineSimilarity(query: ArrayLike<number>, vector: ArrayLike<number>): number {
  let dot = 0;
  let querySquares = 0;
  let vectorSquares = 0;
  for (let i = 0; i < vector.length; i++) dot += (vector[i] as number) * (query[i] as number);
  for (let i = 0; i < query.length; i++) querySquares += (query[i] as number) * (query[i] as number);
  for (let i = 0; i < vector.length; i++) vectorSquares += (vector[i] as number) * (vector[i] as number);
  const magnitudes = Math.sqrt(querySquares) * Math.sqrt(vectorSquares);
  return magnitudes ? dot / magnitudes : 0;
}

export interface Scored<T> {
  item: T;
  /** The best similarity among the item's vectors; undefined for an item with none. */
  score: number | undefined;
}

/**
 * Candidates ranked for a query vector: scored items by their best score (ties keep the
 * candidates' order), then the items with no vector in the candidates' order.
 * @example rankBySimilarity(["a", "b"], (id) => (id === "a" ? [[0, 1]] : [[1, 0]]), [1, 0]) // b (1), a (0)
 */
export function rankBySimilarity<T>(candidates: readonly T[], vectorsOf: (item: T) => readonly ArrayLike<number>[], query: ArrayLike<number>): Scored<T>[] {
  const scored: Scored<T>[] = [];
  const scoreless: Scored<T>[] = [];
  for (const item of candidates) {
    const vectors = vectorsOf(item);
    if (vectors.length === 0) scoreless.push({ item, score: undefined });
    else scored.push({ item, score: Math.max(...vectors.map((vector) => cosineSimilarity(query, vector))) });
  }
  scored.sort((a, b) => (b.score as number) - (a.score as number));
  return [...scored, ...scoreless];
}
