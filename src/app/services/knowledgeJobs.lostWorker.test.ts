// Indexing jobs when the knowledge worker is lost, over the real host and library on
// fake-indexeddb: whether it froze before saving or right after, nothing of the batch stays
// stored or listed, the job says why, and Stop ends a batch whose worker never answers.
import "fake-indexeddb/auto";
import { IDBFactory } from "fake-indexeddb";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { GraphDocument } from "../../schema/index.js";
import { Database } from "../../persistence/db.js";
import { createKnowledgeLibrary, KnowledgeStore } from "../../persistence/knowledge/index.js";
import { createKnowledgeHost } from "../../worker/knowledgeHost";
import type { KnowledgeReply, KnowledgeRequest } from "../../worker/knowledgeProtocol";
import { addKnowledgeBase } from "../inspector/graph/knowledgeEdits";
import { createEditorStore } from "../store/editorStore";
import { blankDocument } from "../store/nodeFactory";
import { createKnowledgeClient, type KnowledgeWorkerLike } from "./knowledgeClient";
import { indexFiles, knowledgeJobs, stopIndexing } from "./knowledgeJobs";

let database: Database;
beforeEach(() => {
  database = new Database({ name: "kb-lost", indexedDB: new IDBFactory() });
  // fake-indexeddb schedules with setImmediate, which stays real.
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "setInterval", "clearInterval", "Date"] });
});
afterEach(async () => {
  vi.useRealTimers();
  await database.close();
  knowledgeJobs.setState({}, true);
});

/**
 * The app's client joined to knowledge worker hosts on one database; each new worker is a new
 * host. The first one freezes (takes and posts nothing more, as a worker spinning in a loop)
 * at the first reply `freezeAt` matches, which it drops.
 */
function connectedClient(freezeAt: (reply: KnowledgeReply) => boolean) {
  let frozen!: () => void;
  const froze = new Promise<void>((resolve) => (frozen = resolve));
  let started = 0;
  const terminated: boolean[] = [];
  const client = createKnowledgeClient(
    () => {
      const index = started++;
      let stuck = false;
      const listeners: ((event: MessageEvent<KnowledgeReply>) => void)[] = [];
      const host = createKnowledgeHost(createKnowledgeLibrary(new KnowledgeStore(database)), (message) => {
        if (stuck || (index === 0 && freezeAt(message))) {
          stuck = true;
          frozen();
          return;
        }
        for (const listener of listeners) listener({ data: structuredClone(message) } as MessageEvent<KnowledgeReply>);
      });
      terminated[index] = false;
      const worker: KnowledgeWorkerLike = {
        postMessage: (message: KnowledgeRequest) => void (stuck ? undefined : host.handle(message)),
        addEventListener: (type: string, listener: unknown) => {
          if (type === "message") listeners.push(listener as (event: MessageEvent<KnowledgeReply>) => void);
        },
        terminate: () => void (terminated[index] = true),
      };
      return worker;
    },
    { timings: { probeMs: 1_000, silentMs: 10_000, stopMs: 2_000 } },
  );
  return { client, froze, terminated };
}

/** Advances the fake clock 100 ms at a time, letting IndexedDB (setImmediate) work in between, until `promise` settles; answers the time it took. */
async function untilSettled(promise: Promise<unknown>): Promise<number> {
  let settled = false;
  void promise.finally(() => (settled = true));
  const start = Date.now();
  while (!settled && Date.now() - start < 120_000) {
    for (let turn = 0; turn < 20 && !settled; turn++) await new Promise((resolve) => setImmediate(resolve));
    if (!settled) await vi.advanceTimersByTimeAsync(100);
  }
  return Date.now() - start;
}

const graph = (): GraphDocument => addKnowledgeBase(blankDocument("g1"), "kb-1");
const job = () => knowledgeJobs.getState()["g1\nkb-1"];
const filesOf = (document: GraphDocument) => document.knowledge_bases?.[0]?.files;
const file = (name: string, text: string) => new File([text], name);

/** A file whose bytes never arrive: the worker reading it waits forever. */
class EndlessFile extends File {
  override arrayBuffer(): Promise<ArrayBuffer> {
    return new Promise<ArrayBuffer>(() => undefined);
  }
}

describe("knowledge base indexing with a lost worker", () => {
  it("stores nothing when the worker stops responding while reading a file, and says which file", async () => {
    const { client, froze, terminated } = connectedClient((reply) => reply.type === "kb_progress" && reply.progress.phase === "reading");
    const editor = createEditorStore(graph());
    const adding = indexFiles({ client, editor, graphId: "g1", baseId: "kb-1", files: [new EndlessFile(["%PDF-1.7"], "big.pdf")] });
    await froze;
    await untilSettled(adding);

    expect(terminated[0]).toBe(true);
    expect(job()).toMatchObject({ running: false, errors: [{ file: "big.pdf" }] });
    expect(job()?.errors[0]?.message).toMatch(
      /^The knowledge worker stopped responding after 1\d s while starting on big\.pdf, so it was restarted\. Nothing of this batch was stored/,
    );
    expect(filesOf(editor.getState().document)).toEqual([]);
    expect(await client.stats("g1", "kb-1")).toEqual({ files: 0, chunks: 0, bytes: 0 });
  });

  it("takes out a batch the worker had saved just before it stopped answering", async () => {
    const { client, froze } = connectedClient((reply) => reply.type === "kb_result");
    const editor = createEditorStore(graph());
    const adding = indexFiles({ client, editor, graphId: "g1", baseId: "kb-1", files: [file("faq.md", "# Returns\n\nWithin 30 days.")] });
    await froze;
    // Stored, though the app never heard so.
    expect((await new KnowledgeStore(database).base("g1", "kb-1"))?.files.map((f) => f.name)).toEqual(["faq.md"]);
    await untilSettled(adding);

    expect(job()?.errors[0]?.message).toMatch(
      /^The knowledge worker stopped responding after 1\d s while saving faq\.md, so it was restarted\. Nothing of this batch was stored/,
    );
    expect(filesOf(editor.getState().document)).toEqual([]);
    expect(await client.stats("g1", "kb-1")).toMatchObject({ files: 0, chunks: 0 });
  });

  it("keeps a file the batch replaced listed when the worker is lost", async () => {
    const first = connectedClient(() => false);
    const editor = createEditorStore(graph());
    await indexFiles({ client: first.client, editor, graphId: "g1", baseId: "kb-1", files: [file("faq.md", "# Returns\n\nWithin 30 days.")] });
    const { client, froze } = connectedClient((reply) => reply.type === "kb_result");
    const adding = indexFiles({
      client,
      editor,
      graphId: "g1",
      baseId: "kb-1",
      files: [file("faq.md", "# Returns\n\nWithin 60 days."), file("new.md", "# New\n\ntext")],
    });
    await froze;
    await untilSettled(adding);

    expect(filesOf(editor.getState().document)?.map((f) => f.name)).toEqual(["faq.md"]);
    expect((await client.texts("g1", "kb-1")).map((f) => f.name)).toEqual(["faq.md"]);
  });

  it("ends a batch on Stop within the Stop bound when the worker never answers, keeping nothing", async () => {
    const { client, froze, terminated } = connectedClient((reply) => reply.type === "kb_progress" && reply.progress.phase === "saving");
    const editor = createEditorStore(graph());
    const adding = indexFiles({ client, editor, graphId: "g1", baseId: "kb-1", files: [file("a.md", "# A\n\nalpha"), file("b.md", "# B\n\nbeta")] });
    await froze;
    stopIndexing("g1", "kb-1");
    expect(job()).toMatchObject({ running: true, stopping: true });
    const waited = await untilSettled(adding);

    expect(waited).toBeLessThan(2_500);
    expect(terminated[0]).toBe(true);
    expect(job()).toMatchObject({ running: false, stopping: false, outcome: "Stopped: nothing of this batch was kept.", errors: [] });
    expect(filesOf(editor.getState().document)).toEqual([]);
    expect(await client.stats("g1", "kb-1")).toMatchObject({ files: 0, chunks: 0 });
  });
});
