/** Cosine search over chunk vectors and reciprocal rank fusion of two rankings. */
import { describe, expect, it } from "vitest";
import { fuseRankings, KnowledgeVectors } from "./knowledgeVectors.js";
import type { KnowledgeHit } from "./searchIndex.js";

const chunk = (index: number, text: string) => ({ index, lines: { from: index + 1, to: index + 1 }, text });
const hit = (file: string, index: number): KnowledgeHit => ({ file, chunk: index, lines: { from: 1, to: 1 }, text: `${file}#${index}`, score: 1 });

describe("KnowledgeVectors", () => {
  const vectors = new KnowledgeVectors(3);
  vectors.add("a.md", [chunk(0, "x"), chunk(1, "y")], Float32Array.from([10, 0, 0, 0, 2, 2]));
  vectors.add("b.md", [chunk(0, "z")], Float32Array.from([1, 1, 0]));

  it("ranks chunks by cosine similarity, whatever their length", () => {
    expect(vectors.nearest([0, 1, 0], 3).map((h) => `${h.file}#${h.chunk}`)).toEqual(["a.md#1", "b.md#0"]);
    expect(vectors.nearest([1, 0, 0], 1)[0]).toMatchObject({ file: "a.md", chunk: 0, text: "x", score: 1 });
  });

  it("leaves out chunks that point away from the query, and files not asked for", () => {
    expect(vectors.nearest([0, 0, -1], 3)).toEqual([]);
    expect(vectors.nearest([1, 1, 0], 3, ["a.md"]).map((h) => h.file)).toEqual(["a.md", "a.md"]);
  });

  it("refuses a query vector of another length", () => {
    expect(() => vectors.nearest([1, 0], 3)).toThrow("the query's vector has 2 numbers; the base's vectors have 3");
  });

  it("refuses vectors that do not match the chunks", () => {
    expect(() => vectors.add("c.md", [chunk(0, "w")], Float32Array.from([1, 2]))).toThrow("c.md has 1 chunks but 0.6666666666666666 vectors of 3 numbers");
  });
});

describe("fuseRankings", () => {
  it("puts first a chunk found high by both rankings, then those found by one", () => {
    const bm25 = [hit("a.md", 0), hit("b.md", 0), hit("c.md", 0)];
    const vector = [hit("b.md", 0), hit("d.md", 0)];
    expect(fuseRankings([bm25, vector], 4).map((h) => h.file)).toEqual(["b.md", "a.md", "d.md", "c.md"]);
  });

  it("breaks a tie in favour of the earlier ranking", () => {
    expect(fuseRankings([[hit("vector.md", 0)], [hit("bm25.md", 0)]], 2).map((h) => h.file)).toEqual(["vector.md", "bm25.md"]);
  });

  it("names a chunk by file and position, so two chunks of one file stay apart", () => {
    const fused = fuseRankings([[hit("a.md", 0)], [hit("a.md", 1)]], 5);
    expect(fused.map((h) => h.chunk)).toEqual([0, 1]);
    expect(fused[0]!.score).toBeCloseTo(1 / 61);
  });
});
