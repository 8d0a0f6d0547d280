// A document published to a LangGraph server carries its knowledge bases' stored texts (read
// from fake-indexeddb as the engine worker reads them), with progress, or a clear refusal.
import "fake-indexeddb/auto";
import { IDBFactory } from "fake-indexeddb";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { Database } from "../persistence/db.js";
import { createKnowledgeLibrary, KnowledgeStore } from "../persistence/knowledge/index.js";
import { KnowledgeNotStored } from "../persistence/knowledge/packedDocument.js";
import type { GraphDocument } from "../schema/index.js";
import type { RunEvent } from "../engine/index.js";
import { LANGGRAPH_SERVER_URL_SETTING } from "./protocol";
import { withKnowledgeTexts, type KnowledgeTexts } from "./publishKnowledge";
import { runTurnOnServer } from "./serverAccess";

let database: Database;
let texts: KnowledgeTexts;
beforeEach(async () => {
  database = new Database({ name: "publish-kb", indexedDB: new IDBFactory() });
  const store = new KnowledgeStore(database);
  await createKnowledgeLibrary(store).add("g1", "kb-faq", [
    { name: "faq.md", bytes: 32, text: "# Refunds\n\nWithin 14 days." },
    { name: "shipping.txt", bytes: 20, text: "Ships in two days." },
  ]);
  texts = async (graphId, baseId) => (await store.files(graphId, baseId)).map(({ name, bytes, text }) => ({ name, bytes, text }));
});
afterEach(async () => {
  await database.close();
});

function documentWith(bases: NonNullable<GraphDocument["knowledge_bases"]>): GraphDocument {
  return { meta: { id: "g1", name: "Support" }, knowledge_bases: bases } as unknown as GraphDocument;
}

describe("publishing a document with its knowledge bases", () => {
  it("packs each listed file's stored text and says which base is read and how much is sent", async () => {
    const progress: string[] = [];
    const document = documentWith([
      { id: "kb-faq", name: "faq", description: "", files: [{ name: "faq.md", bytes: 32 }] },
      { id: "kb-empty", name: "empty", description: "", files: [] },
    ]);
    const packed = await withKnowledgeTexts(document, texts, (text) => progress.push(text));

    expect(packed.knowledge_bases).toEqual([
      { id: "kb-faq", name: "faq", description: "", files: [{ name: "faq.md", bytes: 32, text: "# Refunds\n\nWithin 14 days." }] },
      { id: "kb-empty", name: "empty", description: "", files: [] },
    ]);
    expect(progress).toEqual(['Reading knowledge base "faq"…', "Sending the graph with 1 knowledge base file (1 KB of text)…"]);
    expect(document.knowledge_bases?.[0]?.files[0]).toEqual({ name: "faq.md", bytes: 32 });
  });

  it("refuses, naming the base and the files this browser does not store", async () => {
    const document = documentWith([
      { id: "kb-faq", name: "faq", description: "", files: [{ name: "faq.md", bytes: 32 }] },
      {
        id: "kb-gone",
        name: "policies",
        description: "",
        files: [
          { name: "a.md", bytes: 1 },
          { name: "b.md", bytes: 1 },
        ],
      },
    ]);
    const publishing = withKnowledgeTexts(document, texts);
    await expect(publishing).rejects.toBeInstanceOf(KnowledgeNotStored);
    await expect(publishing).rejects.toThrow(
      'Knowledge base "policies" cannot be published with its files: a.md, b.md are not stored in this browser. Add them again in graph settings, then publish again.',
    );
  });

  it("refuses a base with files when no store is there to read them", async () => {
    const document = documentWith([{ id: "kb-faq", name: "faq", description: "", files: [{ name: "faq.md", bytes: 32 }] }]);
    await expect(withKnowledgeTexts(document, undefined)).rejects.toThrow('Knowledge base "faq" cannot be published with its files: faq.md is not stored');
  });

  it("sends a document without knowledge bases as it is", async () => {
    const document = documentWith([]);
    const progress: string[] = [];
    expect(await withKnowledgeTexts(document, texts, (text) => progress.push(text))).toBe(document);
    expect(progress).toEqual([]);
  });

  it("fails a turn on the server with KNOWLEDGE_NOT_STORED, sending nothing, when a base's files are not stored here", async () => {
    const document = documentWith([{ id: "kb-gone", name: "policies", description: "", files: [{ name: "a.md", bytes: 1 }] }]);
    // Nothing listens at port 9: a publish that reached the network would fail as unreachable instead.
    const credentials = {
      secrets: { reveal: async () => undefined },
      settings: { get: async <T>(name: string, fallback: T) => (name === LANGGRAPH_SERVER_URL_SETTING ? ("http://127.0.0.1:9" as T) : fallback) },
    };
    const options = { threadId: "thread_1", runId: "run_1", signal: new AbortController().signal, now: () => 1 };
    const events: RunEvent[] = [];
    for await (const event of runTurnOnServer({ nodesByName: new Map() }, document, { message: "hi" }, options, credentials, texts)) events.push(event);
    expect(events.map((e) => e.type)).toEqual(["run_start", "error", "run_end"]);
    expect(events[1]).toMatchObject({
      code: "KNOWLEDGE_NOT_STORED",
      message:
        'Knowledge base "policies" cannot be published with its files: a.md is not stored in this browser. Add it again in graph settings, then publish again.',
    });
  });
});
