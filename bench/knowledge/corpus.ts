/**
 * Generated English-like Markdown for the knowledge base figures: words drawn by Zipf's law
 * over 20,000 ranks, whose 180 most frequent are English stop words (as in real text, where
 * function words lead), the rest made-up content words; headings every few paragraphs.
 * Deterministic: the same seed gives the same text.
 */
import { stopwords } from "@orama/stopwords/english";

const SYLLABLES = ["ka", "lo", "mi", "ter", "san", "pro", "ve", "dul", "ri", "mon", "tas", "gel", "or", "bi", "nu", "fex", "ap", "quin", "zo", "hal"];
const RANKS = 20_000;

export interface Corpus {
  /** The next word, by Zipf's law. */
  word(): string;
  /** `bytes` of Markdown (ASCII, so characters are bytes). */
  markdown(bytes: number): string;
  /** A question of 4 to 7 words drawn as the text is. */
  query(): string;
}

/** @example const corpus = createCorpus(1); const text = corpus.markdown(1_000_000); */
export function createCorpus(seed: number): Corpus {
  let state = seed;
  const random = () => (state = (state * 16807) % 2147483647) / 2147483647;
  const words: string[] = [...stopwords];
  const seen = new Set(words);
  while (words.length < RANKS) {
    let candidate = "";
    const syllables = 2 + Math.floor(random() * 3);
    for (let i = 0; i < syllables; i++) candidate += SYLLABLES[Math.floor(random() * SYLLABLES.length)];
    if (!seen.has(candidate)) {
      seen.add(candidate);
      words.push(candidate);
    }
  }
  // Cumulative Zipf weights (1/rank), searched by bisection.
  const cumulative = new Float64Array(RANKS);
  let sum = 0;
  for (let rank = 0; rank < RANKS; rank++) cumulative[rank] = sum += 1 / (rank + 1);
  const word = () => {
    const target = random() * sum;
    let low = 0;
    let high = RANKS - 1;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (cumulative[middle]! < target) low = middle + 1;
      else high = middle;
    }
    return words[low]!;
  };
  const sentence = (length: number) => {
    let text = "";
    for (let i = 0; i < length; i++) text += (i === 0 ? "" : " ") + word();
    return `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
  };
  return {
    word,
    markdown(bytes) {
      const parts: string[] = [];
      let size = 0;
      let section = 0;
      while (size < bytes) {
        const heading = `${section % 4 === 0 ? "#" : "##"} ${sentence(3 + Math.floor(random() * 4)).slice(0, -1)} ${section++}\n\n`;
        parts.push(heading);
        size += heading.length;
        for (let p = 0; p < 3 && size < bytes; p++) {
          let paragraph = "";
          const sentences = 3 + Math.floor(random() * 4);
          for (let s = 0; s < sentences; s++) paragraph += (s === 0 ? "" : " ") + sentence(8 + Math.floor(random() * 14));
          paragraph += "\n\n";
          parts.push(paragraph);
          size += paragraph.length;
        }
      }
      return parts.join("").slice(0, bytes);
    },
    query() {
      const length = 4 + Math.floor(random() * 4);
      return Array.from({ length }, word).join(" ");
    },
  };
}
