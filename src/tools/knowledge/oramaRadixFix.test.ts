/** The fixed word lookup finds exactly what Orama's own finds, in the same order, only faster. */
import { create, insertMultiple } from "@orama/orama";
import type { radix } from "@orama/orama/trees";
import { describe, expect, it } from "vitest";
import { findAllWordsFast, findAllWordsOriginal } from "./oramaRadixFix.js";
import { createKnowledgeIndex } from "./searchIndex.js";

const WORDS = ["refund", "refunds", "return", "returned", "retail", "delivery", "deliver", "express", "paris", "parcel", "part", "a", "an"];

async function tree(): Promise<radix.RadixNode> {
  const db = create({ schema: { text: "string" } as const });
  let seed = 3;
  const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
  await insertMultiple(
    db,
    Array.from({ length: 400 }, (_, i) => ({ id: `d${i}`, text: Array.from({ length: 12 }, () => WORDS[Math.floor(random() * WORDS.length)]).join(" ") })),
  );
  return (db.data.index as unknown as { indexes: { text: { node: radix.RadixNode } } }).indexes.text.node;
}

describe("Orama word lookup fix", () => {
  it("finds the same words and documents as Orama's, for prefixes, whole words and exact lookups", async () => {
    const root = await tree();
    for (const term of ["", "r", "re", "ref", "refund", "ret", "deliver", "p", "par", "zzz", "a"]) {
      for (const exact of [false, true]) {
        expect(findAllWordsFast.call(root, {}, term, exact, 0)).toEqual(findAllWordsOriginal.call(root, {}, term, exact, 0));
      }
    }
  });

  it("keeps Orama's lookup for a typo tolerance", async () => {
    const root = await tree();
    expect(findAllWordsFast.call(root, {}, "refnd", false, 1)).toEqual(findAllWordsOriginal.call(root, {}, "refnd", false, 1));
  });

  it("is what the knowledge index searches with", async () => {
    createKnowledgeIndex();
    const { radix: trees } = await import("@orama/orama/trees");
    expect(trees.RadixNode.prototype.findAllWords).toBe(findAllWordsFast);
  });
});
