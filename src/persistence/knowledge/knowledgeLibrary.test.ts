/** Knowledge bases in IndexedDB (fake-indexeddb): files stored with their index, removed, deleted, sized, searched. */
import "fake-indexeddb/auto";
import { IDBFactory, IDBObjectStore } from "fake-indexeddb";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { KnowledgePassage } from "../../engine/index.js";
import type { KnowledgeBase } from "../../schema/index.js";
import { minimalPdf } from "../../tools/knowledge/testing/minimalPdf.js";
import { Database, STORES } from "../db.js";
import { createWorkspace } from "../workspace/index.js";
import {
  createKnowledgeLibrary,
  KnowledgeStore,
  storedKnowledgeSearch,
  type KnowledgeLibrary,
  type KnowledgeProgress,
  type KnowledgeReader,
  type KnowledgeSource,
} from "./index.js";

const RETURNS = "# Returns\n\nYou can return any item within 30 days of delivery for a full refund.\n";
const SHIPPING = "Shipping\n\nExpress delivery to Paris takes one day; international orders take five to ten days.\n";
const GRAPH = "graph-1";
const BASE = "kb-faq";

let database: Database;
let store: KnowledgeStore;
let library: KnowledgeLibrary;

beforeEach(() => {
  database = new Database({ name: "kb", indexedDB: new IDBFactory() });
  store = new KnowledgeStore(database);
  library = createKnowledgeLibrary(store);
});
afterEach(async () => {
  vi.restoreAllMocks();
  await database.close();
});

const source = (name: string, bytes: Uint8Array | string): KnowledgeSource => {
  const data = typeof bytes === "string" ? new TextEncoder().encode(bytes) : bytes;
  return { name, bytes: data.byteLength, read: async () => data };
};
/** The stored search of bases without an embeddings profile, which answer plain lists. */
function fullTextSearch(reader: KnowledgeReader) {
  const stored = storedKnowledgeSearch(reader, GRAPH);
  return { search: async (...args: Parameters<typeof stored.search>) => (await stored.search(...args)) as KnowledgePassage[] };
}
const packed = (name: string, text: string) => ({ name, bytes: text.length, text });
const baseListing = (...names: string[]): KnowledgeBase => ({ id: BASE, name: "faq", description: "", files: names.map((name) => ({ name, bytes: 1 })) });

describe("adding files", () => {
  it("stores each file's text and the base's index, and reports the files added", async () => {
    const progress: KnowledgeProgress[] = [];
    const result = await library.add(GRAPH, BASE, [source("returns.md", RETURNS), source("shipping.txt", SHIPPING)], { onProgress: (p) => progress.push(p) });

    expect(result).toEqual({
      added: [
        { name: "returns.md", bytes: RETURNS.length },
        { name: "shipping.txt", bytes: SHIPPING.length },
      ],
      errors: [],
    });
    expect(await library.texts(GRAPH, BASE)).toEqual([packed("returns.md", RETURNS), packed("shipping.txt", SHIPPING)]);
    const stats = await library.stats(GRAPH, BASE);
    expect(stats.files).toBe(2);
    expect(stats.chunks).toBeGreaterThanOrEqual(2);
    expect(stats.bytes).toBeGreaterThan(RETURNS.length + SHIPPING.length);
    expect(progress.map((p) => `${p.file}:${p.phase}`)).toEqual([
      "returns.md:reading",
      "returns.md:extracting",
      "returns.md:chunking",
      "shipping.txt:reading",
      "shipping.txt:extracting",
      "shipping.txt:chunking",
      "returns.md:indexing",
      "shipping.txt:indexing",
      "2 files:saving",
      "2 files:saving",
    ]);
    const fractions = progress.map((p) => p.fraction);
    expect(fractions).toEqual([...fractions].sort((a, b) => a - b));
    expect(fractions.at(-1)).toBe(1);
  });

  it("reports a file that fails and stores the others, never the failed one", async () => {
    const result = await library.add(
      GRAPH,
      BASE,
      [
        source("returns.md", RETURNS),
        source("broken.pdf", minimalPdf([["x"]]).slice(0, 50)),
        source("image.txt", new Uint8Array([1, 0, 2])),
        source("huge.pdf", new Uint8Array(0)),
      ].map((s) => (s.name === "huge.pdf" ? { ...s, bytes: 200 * 1024 * 1024, read: () => Promise.reject(new Error("read a file over the limit")) } : s)),
    );

    expect(result.added.map((f) => f.name)).toEqual(["returns.md"]);
    expect(result.errors).toEqual([
      { file: "broken.pdf", message: expect.stringMatching(/^broken\.pdf could not be read as a PDF/) as string },
      { file: "image.txt", message: "image.txt contains binary data (NUL bytes), not text" },
      { file: "huge.pdf", message: "huge.pdf is 200 MB; the limit is 50 MB" },
    ]);
    expect((await library.texts(GRAPH, BASE)).map((f) => f.name)).toEqual(["returns.md"]);
  });

  it("indexes a PDF's text", async () => {
    await library.add(GRAPH, BASE, [source("manual.pdf", minimalPdf([["Warranty covers repairs for two years"]]))]);
    const [hit] = await fullTextSearch(library).search(baseListing("manual.pdf"), "warranty repairs", 3);
    expect(hit).toMatchObject({ file: "manual.pdf", text: "Warranty covers repairs for two years" });
  });

  it("refuses a file with no text", async () => {
    const result = await library.add(GRAPH, BASE, [packed("blank.md", " \n\n")]);
    expect(result).toEqual({ added: [], errors: [{ file: "blank.md", message: "blank.md has no text to index" }] });
    expect(await store.base(GRAPH, BASE)).toBeUndefined();
  });

  it("replaces a file added again under the same name", async () => {
    await library.add(GRAPH, BASE, [packed("faq.md", RETURNS)]);
    await library.add(GRAPH, BASE, [packed("faq.md", SHIPPING)]);
    const search = fullTextSearch(library);
    expect(await search.search(baseListing("faq.md"), "refund", 5)).toEqual([]);
    expect((await search.search(baseListing("faq.md"), "express delivery Paris", 5))[0]?.text).toContain("Express delivery");
    expect(await library.texts(GRAPH, BASE)).toEqual([packed("faq.md", SHIPPING)]);
  });

  it("stores nothing of a batch the storage quota refuses, and says the storage is full", async () => {
    await library.add(GRAPH, BASE, [packed("returns.md", RETURNS)]);
    const before = await library.stats(GRAPH, BASE);
    const put = IDBObjectStore.prototype.put;
    vi.spyOn(IDBObjectStore.prototype, "put").mockImplementation(function (this: IDBObjectStore, ...args: Parameters<typeof put>) {
      // The file rows are written first; the index write fails, so the abort must take them back.
      if (this.name === STORES.kbIndexes) throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
      return put.apply(this, args);
    });

    const result = await library.add(GRAPH, BASE, [packed("shipping.txt", SHIPPING)]);

    expect(result.added).toEqual([]);
    expect(result.errors).toEqual([{ file: "shipping.txt", message: expect.stringMatching(/storage is full.*nothing was saved/) as string }]);
    vi.restoreAllMocks();
    expect(await library.stats(GRAPH, BASE)).toEqual(before);
    expect((await library.texts(GRAPH, BASE)).map((f) => f.name)).toEqual(["returns.md"]);
    // The index in memory took the file before the commit failed: it must not be searched.
    const hits = await fullTextSearch(library).search(baseListing("returns.md", "shipping.txt"), "express Paris international", 5);
    expect(hits.filter((hit) => hit.file === "shipping.txt")).toEqual([]);
  });

  it("stores nothing when the batch is cancelled", async () => {
    const controller = new AbortController();
    const adding = library.add(GRAPH, BASE, [packed("returns.md", RETURNS)], {
      signal: controller.signal,
      onProgress: (p) => p.phase === "chunking" && controller.abort(),
    });
    await expect(adding).rejects.toMatchObject({ name: "AbortError" });
    expect(await store.base(GRAPH, BASE)).toBeUndefined();
  });
});

describe("removing and deleting", () => {
  it("removes one file from the texts, the stats and the index", async () => {
    await library.add(GRAPH, BASE, [packed("returns.md", RETURNS), packed("shipping.txt", SHIPPING)]);
    const search = fullTextSearch(library);
    expect(await search.search(baseListing("returns.md", "shipping.txt"), "refund", 5)).not.toEqual([]);

    await library.removeFile(GRAPH, BASE, "returns.md");

    expect((await library.texts(GRAPH, BASE)).map((f) => f.name)).toEqual(["shipping.txt"]);
    expect((await library.stats(GRAPH, BASE)).files).toBe(1);
    expect(await search.search(baseListing("returns.md", "shipping.txt"), "refund", 5)).toEqual([]);
  });

  it("deletes a base entirely, leaving the graph's other bases", async () => {
    await library.add(GRAPH, BASE, [packed("returns.md", RETURNS)]);
    await library.add(GRAPH, "kb-other", [packed("shipping.txt", SHIPPING)]);

    await library.deleteBase(GRAPH, BASE);

    expect(await library.stats(GRAPH, BASE)).toEqual({ files: 0, chunks: 0, bytes: 0 });
    expect(await library.texts(GRAPH, BASE)).toEqual([]);
    expect(await store.index(GRAPH, BASE)).toBeUndefined();
    expect((await library.texts(GRAPH, "kb-other")).map((f) => f.name)).toEqual(["shipping.txt"]);
  });
});

describe("deleting the graph", () => {
  it("deletes its knowledge bases and no other graph's", async () => {
    await library.add(GRAPH, BASE, [packed("returns.md", RETURNS)]);
    await library.add(`${GRAPH}0`, BASE, [packed("shipping.txt", SHIPPING)]);

    await createWorkspace(database).graphs.delete(GRAPH);

    expect(await store.base(GRAPH, BASE)).toBeUndefined();
    expect(await store.index(GRAPH, BASE)).toBeUndefined();
    expect(await library.texts(GRAPH, BASE)).toEqual([]);
    expect((await library.texts(`${GRAPH}0`, BASE)).map((f) => f.name)).toEqual(["shipping.txt"]);
  });
});

describe("searching stored bases", () => {
  it("returns only passages of the files the base's definition lists", async () => {
    await library.add(GRAPH, BASE, [packed("returns.md", RETURNS), packed("shipping.txt", SHIPPING)]);
    const search = fullTextSearch(library);
    // An undone add leaves shipping.txt stored but no longer listed.
    const hits = await search.search(baseListing("returns.md"), "delivery refund express Paris", 5);
    expect(hits.length).toBeGreaterThan(0);
    expect(new Set(hits.map((h) => h.file))).toEqual(new Set(["returns.md"]));
    expect((await search.search(baseListing("returns.md", "shipping.txt"), "express Paris", 5))[0]?.file).toBe("shipping.txt");
  });

  it("sees files another library (the knowledge worker) stored after its first search", async () => {
    const engineSide = createKnowledgeLibrary(new KnowledgeStore(database));
    const search = fullTextSearch(engineSide);
    await library.add(GRAPH, BASE, [packed("returns.md", RETURNS)]);
    expect(await search.search(baseListing("returns.md", "shipping.txt"), "express Paris", 5)).toEqual([]);

    await library.add(GRAPH, BASE, [packed("shipping.txt", SHIPPING)]);

    expect((await search.search(baseListing("returns.md", "shipping.txt"), "express Paris", 5))[0]?.file).toBe("shipping.txt");
  });

  it("fails with an error naming a base that has no stored index", async () => {
    const search = fullTextSearch(library);
    await expect(search.search(baseListing("returns.md"), "refund", 5)).rejects.toThrow(
      'Knowledge base "faq" cannot be searched: it has no stored index in this browser (it was deleted, or its files were never indexed here). Add its files again in graph settings.',
    );
    await library.add(GRAPH, BASE, [packed("returns.md", RETURNS)]);
    await expect(search.search(baseListing("other.md"), "refund", 5)).rejects.toThrow(/none of its files is stored in this browser \(other\.md\)/);
    await expect(search.search(baseListing(), "refund", 5)).rejects.toThrow('Knowledge base "faq" has no files yet');
  });

  it("fails a search of a base deleted while an agent uses it", async () => {
    await library.add(GRAPH, BASE, [packed("returns.md", RETURNS)]);
    const search = fullTextSearch(library);
    expect(await search.search(baseListing("returns.md"), "refund", 5)).not.toEqual([]);
    await library.deleteBase(GRAPH, BASE);
    await expect(search.search(baseListing("returns.md"), "refund", 5)).rejects.toThrow(/"faq" cannot be searched: it has no stored index/);
  });
});
