/** Version 4 adds the knowledge base stores to a version 3 database, keeping everything already stored. */
import "fake-indexeddb/auto";
import { IDBFactory } from "fake-indexeddb";
import { describe, expect, it } from "vitest";
import { Database, DB_VERSION, STORES } from "../db.js";
import { createKnowledgeLibrary, KnowledgeStore } from "./index.js";

describe("database upgrade 3 → 4", () => {
  it("keeps graphs, settings and memories, and adds knowledge bases", async () => {
    const factory = new IDBFactory();
    const v3 = new Database({ name: "upgrade", indexedDB: factory, version: 3 });
    await v3.tx([STORES.graphs, STORES.settings, STORES.storeItems], "readwrite", "seeding", async (tx) => {
      await tx.objectStore(STORES.graphs).put({ id: "graph-1", updated: "2026-11-01", name: "Support" });
      await tx.objectStore(STORES.settings).put({ id: "openai.base_url", value: "http://localhost:11434/v1" });
      await tx
        .objectStore(STORES.storeItems)
        .put({ namespace: ["graph-1", "agent"], key: "language", v: 1, seq: 1, value: { text: "French" }, created: 1, updated: 1 });
    });
    expect([...(await v3.open()).objectStoreNames]).not.toContain(STORES.kbBases);
    await v3.close();

    const v4 = new Database({ name: "upgrade", indexedDB: factory });
    const db = await v4.open();
    expect(db.version).toBe(DB_VERSION);
    expect([...db.objectStoreNames]).toEqual(expect.arrayContaining([STORES.kbBases, STORES.kbFiles, STORES.kbIndexes]));
    expect(await db.get(STORES.graphs, "graph-1")).toEqual({ id: "graph-1", updated: "2026-11-01", name: "Support" });
    expect(await db.get(STORES.settings, "openai.base_url")).toEqual({ id: "openai.base_url", value: "http://localhost:11434/v1" });
    expect((await db.get(STORES.storeItems, [["graph-1", "agent"], "language"]))?.value).toEqual({ text: "French" });

    const library = createKnowledgeLibrary(new KnowledgeStore(v4));
    const { added } = await library.add("graph-1", "kb-faq", [{ name: "faq.md", bytes: 20, text: "# Returns\n\nWithin 30 days." }]);
    expect(added).toEqual([{ name: "faq.md", bytes: 20 }]);
    expect((await library.stats("graph-1", "kb-faq")).files).toBe(1);
    await v4.close();
  });
});
