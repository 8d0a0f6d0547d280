/** The knowledge ranking gives exactly what Orama's own search gives: the same chunks, order and scores. */
import { create, insertMultiple, load, removeMultiple, save, search, type AnyOrama } from "@orama/orama";
import { stopwords } from "@orama/stopwords/english";
import { describe, expect, it } from "vitest";
import "./oramaRadixFix.js";
import { rankChunks } from "./rankChunks.js";

// Words sharing prefixes and stems (so prefix and typo matches happen), and stop words.
const WORDS = [
  "refund",
  "refunds",
  "refunded",
  "return",
  "returned",
  "returning",
  "retail",
  "deliver",
  "delivery",
  "delivered",
  "express",
  "paris",
  "parcel",
  "part",
  "partial",
  "customs",
  "duty",
  "duties",
  "damage",
  "damaged",
  "replacement",
  "replace",
  "warehouse",
  "ware",
  "lyon",
  "order",
  "ordered",
  "ship",
  "shipping",
  "shipment",
  "address",
  "privacy",
  "the",
  "a",
  "of",
  "and",
  "to",
  "we",
  "you",
  "it",
  "is",
  "in",
  "for",
  "on",
  "with",
  "at",
  "by",
  "from",
  "2024",
  "30",
];
const SCHEMA = { file: "enum", index: "number", text: "string", line_from: "number", line_to: "number" } as const;
const QUERIES = [
  "refund",
  "how do I return a damaged parcel",
  "express delivery to paris",
  "customs duties",
  "ship",
  "par",
  "ret",
  "replacment",
  "delivry express",
  "the of and",
  "warehouse lyon order",
  "2024 refund 30",
  "zzz",
  "parcel part partial",
];

function random(seed: number) {
  let state = seed;
  return () => (state = (state * 16807) % 2147483647) / 2147483647;
}

async function corpus(): Promise<AnyOrama> {
  const db = create({ schema: SCHEMA, components: { tokenizer: { stemming: true, stopWords: stopwords } } });
  const next = random(7);
  await insertMultiple(
    db,
    Array.from({ length: 600 }, (_, i) => ({
      id: `f${i % 6}.md#${i}`,
      file: `f${i % 6}.md`,
      index: i,
      line_from: i,
      line_to: i,
      text: Array.from({ length: 3 + Math.floor(next() * 40) }, () => WORDS[Math.floor(next() * next() * WORDS.length)]).join(" "),
    })),
  );
  return db;
}

/** Orama's own search, as (chunk id, score) best first. */
async function oramaRanking(db: AnyOrama, term: string, limit: number, tolerance: number, files?: string[]) {
  const result = await search(db, { term, properties: ["text"], limit, tolerance, threshold: 1, ...(files ? { where: { file: { in: files } } } : {}) });
  return { best: result.hits.map((hit) => ({ id: hit.id, score: hit.score })), matched: result.count };
}

function ourRanking(db: AnyOrama, term: string, limit: number, tolerance: number, files?: string[]) {
  const accepts = files ? (id: number) => files.includes(db.data.docs.docs[id].file as string) : undefined;
  const ranking = rankChunks(db, term, { property: "text", limit, tolerance, ...(accepts ? { accepts } : {}) });
  return {
    best: ranking.best.map(({ internalId, score }) => ({ id: db.internalDocumentIDStore.internalIdToId[internalId - 1]!, score })),
    matched: ranking.matched,
  };
}

async function expectSameAsOrama(db: AnyOrama, files?: string[]) {
  for (const term of QUERIES)
    for (const tolerance of [0, 1])
      for (const limit of [1, 5, 50]) {
        const ours = ourRanking(db, term, limit, tolerance, files);
        expect(ours, `"${term}", tolerance ${tolerance}, limit ${limit}`).toEqual(await oramaRanking(db, term, limit, tolerance, files));
      }
}

describe("knowledge ranking", () => {
  it("ranks the same chunks in the same order with the same scores as Orama's search, with prefixes and typos", async () => {
    const db = await corpus();
    expect(ourRanking(db, "refund", 5, 0).best).toHaveLength(5);
    expect(ourRanking(db, "zzz", 5, 0)).toEqual({ best: [], matched: 0 });
    await expectSameAsOrama(db);
  });

  it("ranks as Orama does when limited to some files", async () => {
    await expectSameAsOrama(await corpus(), ["f1.md", "f4.md"]);
  });

  it("ranks as Orama does after chunks are removed and added, and after a save and load", async () => {
    const db = await corpus();
    await removeMultiple(
      db,
      Array.from({ length: 100 }, (_, i) => `f${i % 6}.md#${i}`),
    );
    await insertMultiple(db, [{ id: "f0.md#0", file: "f0.md", index: 0, line_from: 1, line_to: 1, text: "refund within 30 days of delivery" }]);
    await expectSameAsOrama(db);
    const loaded = create({ schema: SCHEMA, components: { tokenizer: { stemming: true, stopWords: stopwords } } });
    load(loaded, JSON.parse(JSON.stringify(save(db))));
    await expectSameAsOrama(loaded);
  });

  it("relies on Orama storing each word's frequency in a chunk as 1 / the chunk's length", async () => {
    const index = (await corpus()).data.index as unknown as {
      frequencies: { text: Record<number, Record<string, number>> };
      fieldLengths: { text: Record<number, number> };
    };
    let words = 0;
    for (const [id, frequencies] of Object.entries(index.frequencies.text))
      for (const frequency of Object.values(frequencies)) {
        expect(frequency).toBe(1 / index.fieldLengths.text[Number(id)]!);
        words++;
      }
    expect(words).toBeGreaterThan(1000);
  });
});
