/**
 * Orama's BM25 full-text ranking, computed over the index Orama builds and saves, without its
 * costs per matching chunk. A query of common words over 50,000 chunks matches thousands of
 * them, and for each Orama looked up the word's frequency in that chunk's own table (a random
 * memory access, about a microsecond each), kept a map of maps (used only by its `threshold`
 * option), and then sorted every match twice. Here the frequency comes from the chunk's length
 * (see `tf` below), the scores go into a typed array, only the best `limit` are kept, and a
 * filter is a lookup per chunk. Same words (and words they begin; within `tolerance` letters
 * when asked), same BM25 (Orama's defaults k 1.2, b 0.75, d 0.5), same sums in the same order,
 * same tie-break (the earlier chunk first): the hits and scores of Orama's `search` with
 * `threshold: 1` (rankChunks.test.ts compares them).
 */
import { count, type AnyOrama } from "@orama/orama";
import type { radix } from "@orama/orama/trees";

const K = 1.2;
const B = 0.75;
const D = 0.5;

/** What Orama keeps for a string property, as `components/index.ts` builds it. */
interface TextIndex {
  indexes: Record<string, { type: string; node: unknown }>;
  tokenOccurrences: Record<string, Record<string, number>>;
  avgFieldLength: Record<string, number>;
  fieldLengths: Record<string, Record<number, number | undefined>>;
}

export interface RankOptions {
  /** The string property searched. */
  property: string;
  /** How many of the best to return. */
  limit: number;
  /** Letters a word may differ by (0: exact words and their prefixes, as Orama). */
  tolerance: number;
  /** Only documents (by Orama's internal id) it accepts; all when absent. */
  accepts?: (internalId: number) => boolean;
}

export interface Ranking {
  /** The best documents, best first: Orama's internal id and BM25 score. */
  best: { internalId: number; score: number }[];
  /** How many documents matched at all. */
  matched: number;
}

/** A scratch array of scores per internal id, reused by the next search of the same index. */
const scratch = new WeakMap<object, Float64Array>();

function scoresFor(index: object, size: number): Float64Array {
  let scores = scratch.get(index);
  if (!scores || scores.length < size) {
    scores = new Float64Array(Math.max(size, 1024));
    scratch.set(index, scores);
  }
  return scores;
}

/** Whether (a, aId) ranks before (b, bId): higher score, then the earlier document, as Orama sorts. */
const before = (a: number, aId: number, b: number, bId: number) => a > b || (a === b && aId < bId);

/** The `limit` best of `ids` by `scores`, best first. */
function best(ids: readonly number[], scores: Float64Array, limit: number): { internalId: number; score: number }[] {
  const top: { internalId: number; score: number }[] = [];
  for (const id of ids) {
    const score = scores[id]!;
    if (top.length === limit) {
      const last = top[limit - 1]!;
      if (!before(score, id, last.score, last.internalId)) continue;
      top.pop();
    }
    let at = top.length;
    while (at > 0 && before(score, id, top[at - 1]!.score, top[at - 1]!.internalId)) at--;
    top.splice(at, 0, { internalId: id, score });
  }
  return top;
}

/**
 * The best documents of `db` for `query`, ranked as Orama's `search` ranks them.
 * @example rankChunks(db, "refund within days", { property: "text", limit: 5, tolerance: 0 }).best
 */
export function rankChunks(db: AnyOrama, query: string, options: RankOptions): Ranking {
  const { property, limit, tolerance, accepts } = options;
  const index = db.data.index as unknown as TextIndex;
  const tree = index.indexes[property];
  if (!tree || tree.type !== "Radix") throw new Error(`rankChunks: "${property}" is not a string property of this index`);
  const root = tree.node as radix.RadixNode;
  const occurrences = index.tokenOccurrences[property]!;
  const fieldLengths = index.fieldLengths[property]!;
  const averageLength = index.avgFieldLength[property]!;
  const documents = count(db);
  const scores = scoresFor(index, db.internalDocumentIDStore.internalIdToId.length + 1);
  const matched: number[] = [];
  try {
    for (const token of db.tokenizer.tokenize(query)) {
      const words = root.find({ term: token, exact: false, tolerance });
      for (const word of Object.keys(words)) {
        const raw = occurrences[word];
        const containing = typeof raw === "number" ? raw : 0;
        const idf = Math.log(1 + (documents - containing + 0.5) / (containing + 0.5));
        for (const id of words[word]!) {
          if (accepts && !accepts(id)) continue;
          const length = fieldLengths[id]!;
          // Orama's tokenizer keeps each word of a chunk once, so the frequency it stores for
          // every word of a chunk is 1 / the chunk's length (its distinct words).
          const tf = 1 / length;
          const bm25 = (idf * (D + tf * (K + 1))) / (tf + K * (1 - B + (B * length) / averageLength));
          // A BM25 score is never 0 (idf > 0, d > 0), so 0 means not matched yet.
          if (scores[id] === 0) matched.push(id);
          scores[id] = scores[id]! + bm25;
        }
      }
    }
    return { best: best(matched, scores, limit), matched: matched.length };
  } finally {
    for (const id of matched) scores[id] = 0;
  }
}
