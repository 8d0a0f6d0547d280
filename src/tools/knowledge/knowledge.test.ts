/** Knowledge bases: files split into located chunks, a BM25 index that finds the right ones, saved and loaded. */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { chunkFile } from "./chunks.js";
import { createKnowledgeIndex, loadKnowledgeIndex, loadKnowledgeIndexText, type KnowledgeHit } from "./searchIndex.js";

/** An index saved (as an IndexedDB row or CLI file holds it) by the code before the ranking was rewritten, and its answers. */
const SAVED_BEFORE = JSON.parse(readFileSync(new URL("./testing/savedIndexOrama3.json", import.meta.url), "utf8")) as {
  saved: string;
  answers: { query: string; k: number; files?: string[]; hits: KnowledgeHit[] }[];
};

const RETURNS = `# Returns

You can return any item within 30 days of delivery for a full refund.
Items must be unused and in their original packaging.

## Damaged items

If an item arrives damaged, send a photo to support and we ship a replacement at no cost.
`;

const SHIPPING = `Shipping

Orders ship from our warehouse in Lyon within two working days.
Express delivery to Paris takes one day; the rest of France takes two to three days.
International orders take five to ten days and may pay customs duties.
`;

const PRIVACY = `Privacy

We keep your address only to deliver your orders and delete it after two years of inactivity.
`;

async function corpus() {
  const index = createKnowledgeIndex();
  for (const [file, text] of [
    ["returns.md", RETURNS],
    ["shipping.txt", SHIPPING],
    ["privacy.txt", PRIVACY],
  ] as const) {
    await index.add(await chunkFile(file, text, { size: 200, overlap: 20 }));
  }
  return index;
}

describe("chunkFile", () => {
  it("splits a Markdown file by its sections, each chunk with its file and lines", async () => {
    const chunks = await chunkFile("returns.md", RETURNS, { size: 200, overlap: 20 });
    expect(chunks.length).toBeGreaterThan(1);
    expect(chunks[0]).toMatchObject({ id: "returns.md#0", file: "returns.md", index: 0, lines: { from: 1 } });
    const damaged = chunks.find((c) => c.text.includes("arrives damaged"));
    expect(damaged?.lines.from).toBeGreaterThanOrEqual(6);
    expect(damaged?.lines.to).toBeLessThanOrEqual(8);
    for (const chunk of chunks) expect(chunk.text.length).toBeLessThanOrEqual(200);
  });

  it("gives an empty file no chunks", async () => {
    expect(await chunkFile("empty.txt", "  \n\n ")).toEqual([]);
  });
});

describe("knowledge index", () => {
  it("ranks the chunk that answers a question first, with its source", async () => {
    const index = await corpus();
    const [top] = await index.search("how long do I have to return an item for a refund", 3);
    expect(top).toMatchObject({ file: "returns.md" });
    expect(top?.text).toContain("30 days");
    const [express] = await index.search("express delivery Paris", 3);
    expect(express).toMatchObject({ file: "shipping.txt" });
    expect(express?.text).toContain("Express delivery to Paris");
    const [customs] = await index.search("customs duties international", 1);
    expect(customs?.file).toBe("shipping.txt");
    const [address] = await index.search("delete my address", 1);
    expect(address?.file).toBe("privacy.txt");
  });

  it("tolerates a typo of one letter", async () => {
    const [top] = await (await corpus()).search("damagd item replacement", 1);
    expect(top?.text).toContain("arrives damaged");
  });

  it("finds a word misspelt by one letter when the exact words find nothing", async () => {
    const [top] = await (await corpus()).search("replacment", 1);
    expect(top?.text).toContain("ship a replacement");
  });

  it("searches only the files asked for", async () => {
    const index = await corpus();
    const hits = await index.search("delivery refund address", 10, { files: ["privacy.txt", "gone.md"] });
    expect(hits.length).toBeGreaterThan(0);
    expect(new Set(hits.map((h) => h.file))).toEqual(new Set(["privacy.txt"]));
    expect(await index.search("delivery", 10, { files: [] })).toEqual([]);
  });

  it("keeps a search limited to files right as those files are removed and added again", async () => {
    const index = await corpus();
    const only = { files: ["privacy.txt", "shipping.txt"] };
    expect((await index.search("warehouse Lyon", 1, only))[0]?.file).toBe("shipping.txt");
    await index.removeFile("shipping.txt");
    expect(await index.search("warehouse Lyon", 5, only)).toEqual([]);
    await index.add(await chunkFile("shipping.txt", "Parcels now leave our warehouse in Lille.", { size: 200, overlap: 20 }));
    const [moved] = await index.search("warehouse", 1, only);
    expect(moved).toMatchObject({ file: "shipping.txt", text: "Parcels now leave our warehouse in Lille." });
    expect((await index.search("refund", 5, only)).some((h) => h.file === "returns.md")).toBe(false);
  });

  it("returns at most k hits, best first, and none for an empty query", async () => {
    const index = await corpus();
    const hits = await index.search("days", 2);
    expect(hits).toHaveLength(2);
    expect(hits[0]!.score).toBeGreaterThanOrEqual(hits[1]!.score);
    expect(await index.search("   ")).toEqual([]);
  });

  it("removes a file's chunks, so a search no longer finds them", async () => {
    const index = await corpus();
    const before = index.size();
    await index.removeFile("shipping.txt");
    expect(index.size()).toBeLessThan(before);
    expect((await index.search("warehouse Lyon", 5)).some((h) => h.file === "shipping.txt")).toBe(false);
  });

  it("saves as plain JSON and loads back with the same results, without indexing again", async () => {
    const index = await corpus();
    const stored = JSON.stringify(index.save());
    const loaded = loadKnowledgeIndex(JSON.parse(stored));
    expect(loaded.size()).toBe(index.size());
    expect(await loaded.search("express delivery Paris", 3)).toEqual(await index.search("express delivery Paris", 3));
    await loaded.removeFile("returns.md");
    expect((await loaded.search("refund", 5)).some((h) => h.file === "returns.md")).toBe(false);
  });

  it("loads an index saved by the earlier code and answers exactly as that code did", async () => {
    const loaded = loadKnowledgeIndexText(SAVED_BEFORE.saved);
    expect(loaded.files().sort()).toEqual(["privacy.txt", "returns.md", "shipping.txt"]);
    expect(SAVED_BEFORE.answers.length).toBeGreaterThan(5);
    for (const { query, k, files, hits } of SAVED_BEFORE.answers) {
      expect(hits.length, query).toBeGreaterThan(0);
      expect(await loaded.search(query, k, files ? { files } : {}), query).toEqual(hits);
    }
    // And it still changes: a file removed is no longer found, one added is.
    await loaded.removeFile("shipping.txt");
    expect((await loaded.search("warehouse Lyon", 5)).some((h) => h.file === "shipping.txt")).toBe(false);
    await loaded.add(await chunkFile("shipping.txt", SHIPPING, { size: 200, overlap: 20 }));
    expect((await loaded.search("warehouse Lyon", 1))[0]?.file).toBe("shipping.txt");
  });
});
