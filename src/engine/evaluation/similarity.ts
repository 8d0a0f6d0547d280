/**
 * How close a reply is to the expected output: the cosine of two embedding vectors, or, offline,
 * the overlap of their words (F1 over word counts, as reading-comprehension benchmarks score
 * answers), both from 0 (nothing shared) to 1 (the same).
 */

/** Lower-case words of letters and digits, in any script. */
function words(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

/**
 * F1 of the words two texts share, counted with repeats: 1 for the same words, 0 for none in common.
 * @example wordOverlap("Sunny in Paris", "It is sunny in Paris today") // 0.667
 */
export function wordOverlap(reply: string, expected: string): number {
  const a = words(reply);
  const b = words(expected);
  if (a.length === 0 || b.length === 0) return a.length === b.length ? 1 : 0;
  const counts = new Map<string, number>();
  for (const word of b) counts.set(word, (counts.get(word) ?? 0) + 1);
  let shared = 0;
  for (const word of a) {
    const left = counts.get(word) ?? 0;
    if (left > 0) {
      shared += 1;
      counts.set(word, left - 1);
    }
  }
  if (shared === 0) return 0;
  const precision = shared / a.length;
  const recall = shared / b.length;
  return (2 * precision * recall) / (precision + recall);
}

/**
 * The cosine of two vectors of one length, clamped to [0, 1] (opposite meanings count as unrelated).
 * @example cosineSimilarity([1, 0], [1, 1]) // 0.707
 */
export function cosineSimilarity(a: ArrayLike<number>, b: ArrayLike<number>): number {
  if (a.length !== b.length || a.length === 0) throw new Error(`cannot compare vectors of ${a.length} and ${b.length} numbers`);
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length; i++) {
    const x = a[i] as number;
    const y = b[i] as number;
    dot += x * y;
    na += x * x;
    nb += y * y;
  }
  if (na === 0 || nb === 0) return 0;
  return Math.min(1, Math.max(0, dot / Math.sqrt(na * nb)));
}
