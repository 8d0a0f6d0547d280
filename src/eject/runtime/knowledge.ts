/** The generated project's knowledge base index (src/knowledge.ts): passages ranked by BM25, built at start from the packed files. */
export const KNOWLEDGE_SOURCE = `/**
 * Knowledge bases: the packed files split into passages (paragraphs, with their lines) and ranked
 * by BM25 over their words when the index is built at start. A search returns the best passages
 * with their source file and lines, as JSON the model reads.
 */
export interface KnowledgeFile {
  name: string;
  text: string;
}

interface Passage {
  source: string;
  from: number;
  to: number;
  text: string;
  terms: string[];
}

const words = (text: string) => text.toLowerCase().match(/[\\p{L}\\p{N}]+/gu) ?? [];

function passagesOf(file: KnowledgeFile): Passage[] {
  const passages: Passage[] = [];
  const lines = file.text.split("\\n");
  let start = -1;
  const flush = (end: number) => {
    if (start < 0) return;
    const text = lines.slice(start, end).join("\\n").trim();
    if (text) passages.push({ source: file.name, from: start + 1, to: end, text, terms: words(text) });
    start = -1;
  };
  lines.forEach((line, i) => {
    if (line.trim() === "") flush(i);
    else if (start < 0) start = i;
  });
  flush(lines.length);
  return passages;
}

export function knowledgeBase(name: string, files: KnowledgeFile[]) {
  const passages = files.flatMap(passagesOf);
  const averageLength = passages.reduce((total, p) => total + p.terms.length, 0) / Math.max(1, passages.length);
  const documentFrequency = new Map<string, number>();
  for (const passage of passages) for (const term of new Set(passage.terms)) documentFrequency.set(term, (documentFrequency.get(term) ?? 0) + 1);

  function score(passage: Passage, query: string[]): number {
    let total = 0;
    for (const term of new Set(query)) {
      const frequency = passage.terms.filter((t) => t === term).length;
      if (frequency === 0) continue;
      const df = documentFrequency.get(term) ?? 0;
      const idf = Math.log(1 + (passages.length - df + 0.5) / (df + 0.5));
      total += (idf * frequency * 2.2) / (frequency + 1.2 * (0.25 + (0.75 * passage.terms.length) / averageLength));
    }
    return total;
  }

  return {
    search(query: string, k = 5): string {
      const terms = words(query);
      const found = passages
        .map((passage) => ({ passage, score: score(passage, terms) }))
        .filter((hit) => hit.score > 0)
        .sort((a, b) => b.score - a.score)
        .slice(0, Math.min(20, Math.max(1, k)));
      if (found.length === 0) return \`No passage of knowledge base "\${name}" matches "\${query}".\`;
      return JSON.stringify({
        knowledge_base: name,
        results: found.map(({ passage }) => ({
          source: passage.source,
          lines: passage.from === passage.to ? \`\${passage.from}\` : \`\${passage.from}-\${passage.to}\`,
          text: passage.text,
        })),
      });
    },
  };
}
`;
