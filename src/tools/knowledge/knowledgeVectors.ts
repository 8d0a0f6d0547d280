/**
 * A knowledge base's chunk vectors, searched by cosine similarity: brute force over one
 * Float32Array per file, normalized once when added, so a search is one dot product per chunk.
 * Runs wherever the engine runs (the worker, Node), never on the page's main thread.
 */
import type { KnowledgeHit } from "./searchIndex.js";

/** A chunk as a vector hit returns it: where it is and its text. */
export interface VectorChunk {
  index: number;
  lines: { from: number; to: number };
  text: string;
}

interface EmbeddedFile {
  chunks: readonly VectorChunk[];
  /** Chunk i's unit vector at [i × dimensions, (i + 1) × dimensions). */
  unit: Float32Array;
}

/** A vector scaled to length 1 (left as it is when all zeros: it then matches nothing). */
export function unitVector(vector: ArrayLike<number>): Float32Array {
  const out = Float32Array.from(vector);
  let sum = 0;
  for (let i = 0; i < out.length; i++) sum += out[i]! * out[i]!;
  const norm = Math.sqrt(sum);
  if (norm > 0) for (let i = 0; i < out.length; i++) out[i]! /= norm;
  return out;
}

/**
 * @example
 * const vectors = new KnowledgeVectors(1536);
 * vectors.add("faq.md", chunks, flat); // flat: chunks.length × 1536 numbers
 * vectors.nearest(queryVector, 5) // [{ file: "faq.md", chunk: 2, score: 0.83, … }]
 */
export class KnowledgeVectors {
  private readonly byFile = new Map<string, EmbeddedFile>();

  constructor(readonly dimensions: number) {
    if (!Number.isInteger(dimensions) || dimensions < 1) throw new Error(`Vectors need at least one dimension, not ${dimensions}`);
  }

  /** Adds (or replaces) a file's chunks with their vectors, one after another in `vectors`. */
  add(file: string, chunks: readonly VectorChunk[], vectors: Float32Array): void {
    if (vectors.length !== chunks.length * this.dimensions) {
      throw new Error(`${file} has ${chunks.length} chunks but ${vectors.length / this.dimensions} vectors of ${this.dimensions} numbers`);
    }
    const unit = new Float32Array(vectors.length);
    for (let i = 0; i < chunks.length; i++) unit.set(unitVector(vectors.subarray(i * this.dimensions, (i + 1) * this.dimensions)), i * this.dimensions);
    this.byFile.set(file, { chunks, unit });
  }

  has(file: string): boolean {
    return this.byFile.has(file);
  }

  files(): string[] {
    return [...this.byFile.keys()];
  }

  /** The `k` chunks most similar to `query` (cosine above 0), best first; with `files`, only chunks of those. */
  nearest(query: ArrayLike<number>, k: number, files?: readonly string[]): KnowledgeHit[] {
    if (query.length !== this.dimensions) throw new Error(`the query's vector has ${query.length} numbers; the base's vectors have ${this.dimensions}`);
    const q = unitVector(query);
    const d = this.dimensions;
    const best: KnowledgeHit[] = [];
    const only = files ? new Set(files) : null;
    for (const [file, { chunks, unit }] of this.byFile) {
      if (only && !only.has(file)) continue;
      for (let c = 0; c < chunks.length; c++) {
        let score = 0;
        for (let i = 0, o = c * d; i < d; i++) score += q[i]! * unit[o + i]!;
        if (score <= 0 || (best.length === k && score <= best[k - 1]!.score)) continue;
        const chunk = chunks[c]!;
        // Insertion into a short sorted list: k is small (at most 50).
        let at = best.length;
        while (at > 0 && best[at - 1]!.score < score) at--;
        best.splice(at, 0, { file, chunk: chunk.index, lines: chunk.lines, text: chunk.text, score });
        if (best.length > k) best.pop();
      }
    }
    return best;
  }
}

/** Reciprocal rank fusion's constant: ranks past the first few count for less, but never nothing. */
const RRF_K = 60;

/**
 * Merges rankings of the same chunks (`file` + `chunk` name one) by reciprocal rank fusion:
 * each chunk scores Σ 1 / (60 + rank) over the rankings it is in; the best `k`, best first. Equal
 * scores keep the order of the earlier ranking.
 * @example fuseRankings([bm25Hits, vectorHits], 5) // chunks high in both first
 */
export function fuseRankings(rankings: readonly (readonly KnowledgeHit[])[], k: number): KnowledgeHit[] {
  const fused = new Map<string, { hit: KnowledgeHit; score: number; first: number }>();
  rankings.forEach((ranking, r) => {
    ranking.forEach((hit, rank) => {
      const id = `${hit.file}\u0000${hit.chunk}`;
      const entry = fused.get(id);
      const add = 1 / (RRF_K + rank + 1);
      if (entry) entry.score += add;
      else fused.set(id, { hit, score: add, first: r * 1_000_000 + rank });
    });
  });
  return [...fused.values()]
    .sort((a, b) => b.score - a.score || a.first - b.first)
    .slice(0, k)
    .map(({ hit, score }) => ({ ...hit, score }));
}
