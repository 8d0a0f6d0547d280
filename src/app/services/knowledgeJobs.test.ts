/** Indexing jobs over the real knowledge client and worker host, on fake-indexeddb. */
import "fake-indexeddb/auto";
import { IDBFactory } from "fake-indexeddb";
import { afterEach, describe, expect, it } from "vitest";
import type { GraphDocument } from "../../schema/index.js";
import { Database } from "../../persistence/db.js";
import { createKnowledgeLibrary, KnowledgeStore } from "../../persistence/knowledge/index.js";
import { createKnowledgeHost } from "../../worker/knowledgeHost";
import type { KnowledgeReply, KnowledgeRequest } from "../../worker/knowledgeProtocol";
import { addKnowledgeBase } from "../inspector/graph/knowledgeEdits";
import { createEditorStore, openDocument } from "../store/editorStore";
import { blankDocument } from "../store/nodeFactory";
import { createKnowledgeClient, type KnowledgeWorkerLike } from "./knowledgeClient";
import { indexFiles, indexTexts, knowledgeJobs } from "./knowledgeJobs";

let database: Database;
afterEach(async () => {
  await database.close();
  knowledgeJobs.setState({}, true);
});

/** The app's client joined to the knowledge worker's host, as the browser joins them. */
function connectedClient() {
  database = new Database({ name: "kb-jobs", indexedDB: new IDBFactory() });
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
const graph = (): GraphDocument => addKnowledgeBase(blankDocument("g1"), "kb-1");
const job = () => knowledgeJobs.getState()["g1\nkb-1"];
const filesOf = (document: GraphDocument) => document.knowledge_bases?.[0]?.files;

describe("knowledge base indexing jobs", () => {
  it("lists the stored files in the base as one undoable edit and names the file that failed", async () => {
    const client = connectedClient();
    const editor = createEditorStore(graph());
    await indexFiles({ client, editor, graphId: "g1", baseId: "kb-1", files: [file("faq.md", "# Returns\n\nWithin 30 days."), file("photo.png", "x")] });

    expect(filesOf(editor.getState().document)).toEqual([{ name: "faq.md", bytes: 26 }]);
    expect(job()).toMatchObject({ running: false, outcome: "Added 1 of 2 files.", errors: [{ file: "photo.png" }], revision: 1 });
    expect(await client.stats("g1", "kb-1")).toMatchObject({ files: 1 });
    editor.temporal.getState().undo();
    expect(filesOf(editor.getState().document)).toEqual([]);
  });

  it("stops on request: nothing of the batch is stored or listed", async () => {
    const client = connectedClient();
    const editor = createEditorStore(graph());
    const unsubscribe = knowledgeJobs.subscribe((jobs) => {
      if (jobs["g1\nkb-1"]?.progress?.file === "b.md") jobs["g1\nkb-1"]?.controller?.abort();
    });
    await indexFiles({ client, editor, graphId: "g1", baseId: "kb-1", files: [file("a.md", "# A\n\nalpha"), file("b.md", "# B\n\nbeta")] });
    unsubscribe();

    expect(job()).toMatchObject({ running: false, outcome: "Stopped: nothing of this batch was kept.", errors: [], controller: null });
    expect(filesOf(editor.getState().document)).toEqual([]);
    expect(await client.stats("g1", "kb-1")).toMatchObject({ files: 0 });
  });

  it("takes out what the worker stored when Stop came after it had finished", async () => {
    const client = connectedClient();
    const editor = createEditorStore(graph());
    const unsubscribe = knowledgeJobs.subscribe((jobs) => {
      const current = jobs["g1\nkb-1"];
      // The last progress report comes once the batch is stored: a Stop now is too late for the worker.
      if (current?.progress?.phase === "saving" && current.progress.fraction === 1) current.controller?.abort();
    });
    await indexFiles({ client, editor, graphId: "g1", baseId: "kb-1", files: [file("a.md", "# A\n\nalpha")] });
    unsubscribe();

    expect(job()).toMatchObject({ outcome: "Stopped: nothing of this batch was kept." });
    expect(filesOf(editor.getState().document)).toEqual([]);
    expect(await client.stats("g1", "kb-1")).toMatchObject({ files: 0 });
  });

  it("leaves the document alone when another graph was opened while the files were indexed", async () => {
    const client = connectedClient();
    const editor = createEditorStore(graph());
    const adding = indexFiles({ client, editor, graphId: "g1", baseId: "kb-1", files: [file("faq.md", "# Returns\n\nWithin 30 days.")] });
    openDocument(editor, addKnowledgeBase(blankDocument("g2"), "kb-1"));
    await adding;
    expect(filesOf(editor.getState().document)).toEqual([]);
  });

  it("stores an import's texts without editing the document, which already lists them", async () => {
    const client = connectedClient();
    const result = await indexTexts({ client, graphId: "g1", baseId: "kb-1", texts: [{ name: "shipping.txt", bytes: 18, text: "Ships in two days." }] });
    expect(result?.added).toEqual([{ name: "shipping.txt", bytes: 18 }]);
    expect(job()).toMatchObject({ outcome: "Added 1 of 1 file.", revision: 1 });
    expect(await client.texts("g1", "kb-1")).toEqual([{ name: "shipping.txt", bytes: 18, text: "Ships in two days." }]);
  });
});
