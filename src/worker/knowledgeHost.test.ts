/** The app's knowledge client and the knowledge worker's host, joined as the browser joins them, over fake-indexeddb. */
import "fake-indexeddb/auto";
import { IDBFactory } from "fake-indexeddb";
import { afterEach, describe, expect, it } from "vitest";
import { createKnowledgeClient, type KnowledgeProgress, type KnowledgeWorkerLike } from "../app/services/knowledgeClient";
import { Database } from "../persistence/db.js";
import { createKnowledgeLibrary, KnowledgeStore } from "../persistence/knowledge/index.js";
import { createKnowledgeHost } from "./knowledgeHost";
import type { KnowledgeReply, KnowledgeRequest } from "./knowledgeProtocol";

let database: Database;
afterEach(() => database.close());

/** A worker whose messages go to the host, cloned as postMessage clones them. */
function connectedClient() {
  database = new Database({ name: "kb-host", indexedDB: new IDBFactory() });
  const listeners: ((event: MessageEvent<KnowledgeReply>) => void)[] = [];
  const host = createKnowledgeHost(createKnowledgeLibrary(new KnowledgeStore(database)), (message) => {
    for (const listener of listeners) listener({ data: structuredClone(message) } as MessageEvent<KnowledgeReply>);
  });
  const worker: KnowledgeWorkerLike = {
    postMessage: (message: KnowledgeRequest) => void host.handle(message),
    addEventListener: (type: string, listener: unknown) => {
      if (type === "message") listeners.push(listener as (event: MessageEvent<KnowledgeReply>) => void);
    },
  };
  return createKnowledgeClient(() => worker);
}

const file = (name: string, text: string) => new File([text], name);

describe("knowledge client", () => {
  it("adds files with progress, then gives their stats and texts, removes one and deletes the base", async () => {
    const kb = connectedClient();
    const progress: KnowledgeProgress[] = [];
    const result = await kb.addFiles("g1", "kb-faq", [file("faq.md", "# Returns\n\nWithin 30 days."), file("photo.png", "x")], {
      onProgress: (p) => progress.push(p),
    });

    expect(result.added).toEqual([{ name: "faq.md", bytes: 26 }]);
    expect(result.errors).toEqual([{ file: "photo.png", message: expect.stringMatching(/^photo\.png is not a file type a knowledge base takes/) as string }]);
    expect(progress.at(-1)).toEqual({ file: "faq.md", phase: "saving", fraction: 1 });
    expect(await kb.stats("g1", "kb-faq")).toMatchObject({ files: 1, chunks: 1 });

    await kb.addTexts("g1", "kb-faq", [{ name: "shipping.txt", bytes: 8, text: "Ships in two days." }]);
    expect((await kb.texts("g1", "kb-faq")).map((f) => f.name)).toEqual(["faq.md", "shipping.txt"]);

    await kb.removeFile("g1", "kb-faq", "faq.md");
    expect(await kb.texts("g1", "kb-faq")).toEqual([{ name: "shipping.txt", bytes: 8, text: "Ships in two days." }]);

    await kb.deleteBase("g1", "kb-faq");
    expect(await kb.stats("g1", "kb-faq")).toEqual({ files: 0, chunks: 0, bytes: 0 });
  });

  it("rejects with an AbortError and stores nothing when the add is cancelled", async () => {
    const kb = connectedClient();
    const controller = new AbortController();
    const adding = kb.addFiles("g1", "kb-faq", [file("a.md", "# A\n\nalpha"), file("b.md", "# B\n\nbeta")], {
      signal: controller.signal,
      onProgress: (p) => p.file === "b.md" && controller.abort(),
    });
    await expect(adding).rejects.toMatchObject({ name: "AbortError" });
    expect(await kb.stats("g1", "kb-faq")).toEqual({ files: 0, chunks: 0, bytes: 0 });
  });

  it("rejects every request in flight, saying so, when the worker fails", async () => {
    let fail: ((event: ErrorEvent) => void) | undefined;
    const kb = createKnowledgeClient(() => ({
      postMessage: () => undefined,
      addEventListener: (type: string, listener: unknown) => {
        if (type === "error") fail = listener as (event: ErrorEvent) => void;
      },
    }));
    const stats = kb.stats("g1", "kb-faq");
    fail?.({ message: "SyntaxError in knowledge.worker.ts" } as ErrorEvent);
    await expect(stats).rejects.toThrow(
      "The knowledge worker failed while reading a knowledge base's size (SyntaxError in knowledge.worker.ts), so it was restarted",
    );
  });
});
