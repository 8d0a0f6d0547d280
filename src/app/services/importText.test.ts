import "fake-indexeddb/auto";
import { IDBFactory } from "fake-indexeddb";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Database } from "../../persistence/db.js";
import { createWorkspace, type Workspace } from "../../persistence/workspace/index.js";
import { sampleImporter, sampleText } from "../../import/testing/sampleImporter.js";
import { answerImport } from "../../worker/importHost";
import type { ImportReply, ImportRequest } from "../../worker/protocol";
import { createEditorStore } from "../store/editorStore";
import { blankDocument } from "../store/nodeFactory";
import { createGraphSession, type GraphSession } from "./graphSession";
import { createImportClient, type ImportClient, type ImportWorkerLike } from "./importClient";
import { classifyImportText, importText } from "./importText";

/** A worker in this process that answers with the real import host and the sample importer. */
function sampleWorker(requests: ImportRequest[] = []): ImportWorkerLike {
  const worker: ImportWorkerLike = {
    onmessage: null,
    onerror: null,
    terminate: () => undefined,
    postMessage(request) {
      requests.push(request);
      queueMicrotask(() => worker.onmessage?.({ data: answerImport(request, [sampleImporter]) } as MessageEvent<ImportReply>));
    },
  };
  return worker;
}

const support = { name: "Support", agents: [{ id: "a1", name: "Helper", credential: "sk-planted-1111" }], extra: [{ id: "x1", type: "sample.vectorStore" }] };
const triage = { name: "Triage", agents: [{ id: "t1", name: "Sorter" }] };

let workspace: Workspace;
let session: GraphSession;
let requests: ImportRequest[];
let client: ImportClient;

beforeEach(async () => {
  workspace = createWorkspace(new Database({ name: "import-text-test", indexedDB: new IDBFactory() }));
  session = createGraphSession({ store: createEditorStore(blankDocument("open-graph", "Open graph")), workspace });
  await session.open(blankDocument("open-graph", "Open graph"));
  requests = [];
  client = createImportClient({ startWorker: () => sampleWorker(requests) });
});

describe("classifyImportText", () => {
  it("tells a Graphwright document from another builder's file by content", () => {
    expect(classifyImportText(JSON.stringify(blankDocument("g", "G")))).toBe("graphwright");
    expect(classifyImportText('{"meta": {"id": "g", "name": "No version"}, "nodes": []}')).toBe("graphwright");
    expect(classifyImportText('{"name": "n8n flow", "nodes": [], "connections": {}, "meta": {"instanceId": "abc"}}')).toBe("foreign");
    expect(classifyImportText('{"nodes": [], "edges": []}')).toBe("foreign");
    expect(classifyImportText("app:\n  mode: workflow\nversion: 0.1.5\n")).toBe("foreign");
    expect(classifyImportText('{ "version": 1, "nodes": [')).toBe("broken-json");
  });
});

describe("importText", () => {
  it("opens a Graphwright document on today's path without asking the import worker", async () => {
    const outcome = await importText(session, JSON.stringify(blankDocument("mine", "Mine")), { client });
    expect(outcome).toEqual({ kind: "opened", message: 'Imported "Mine".' });
    expect(requests).toEqual([]);
    expect(session.store.getState().document.meta.id).toBe("mine");
    expect(await workspace.graphs.listVersions("mine")).toEqual([]);
  });

  it("refuses broken JSON with its line and column, as before", async () => {
    const outcome = await importText(session, '{ "version": 1, "nodes": [', { client });
    expect(outcome).toMatchObject({ kind: "failed", issues: [{ path: "$", message: expect.stringMatching(/^Invalid JSON at line 1, column \d+/) }] });
    expect(requests).toEqual([]);
  });

  it("imports another builder's flow as a new graph, opened, stored and versioned 'Imported from <tool>'", async () => {
    const outcome = await importText(session, sampleText([support]), { client });
    expect(outcome).toMatchObject({ kind: "imported", format: "n8n", message: 'Imported "Support" from n8n as a new graph.' });
    if (outcome.kind !== "imported") throw new Error("not imported");
    const [flow] = outcome.flows;
    expect(flow?.report.nodes.map((n) => [n.id, n.status])).toEqual([
      ["a1", "mapped"],
      ["x1", "unmapped"],
    ]);
    const document = session.store.getState().document;
    expect(document.meta).toMatchObject({ id: flow?.graphId, name: "Support" });
    expect(flow?.graphId).not.toBe("open-graph");
    expect((await workspace.graphs.get(flow?.graphId ?? ""))?.document.meta.name).toBe("Support");
    expect((await workspace.graphs.listVersions(flow?.graphId ?? "")).map((v) => v.name)).toEqual(["Imported from n8n"]);
    expect(JSON.stringify(await workspace.graphs.get(flow?.graphId ?? ""))).not.toContain("sk-planted-1111");
    expect((await workspace.graphs.get("open-graph"))?.document.meta.name).toBe("Open graph");
  });

  it("never overwrites a graph: importing the same flow twice makes two graphs", async () => {
    const first = await importText(session, sampleText([support]), { client });
    const second = await importText(session, sampleText([support]), { client });
    const ids = [first, second].map((o) => (o.kind === "imported" ? o.flows[0]?.graphId : null));
    expect(new Set(ids).size).toBe(2);
    expect((await workspace.graphs.list()).length).toBe(3);
  });

  it("asks which flows of a file of several to import, then imports each as its own graph", async () => {
    const text = sampleText([support, triage]);
    expect(await importText(session, text, { client })).toEqual({ kind: "choose", format: "n8n", flows: ["Support", "Triage"] });
    expect((await workspace.graphs.list()).length).toBe(1);
    const outcome = await importText(session, text, { client, flows: ["Support", "Triage"] });
    expect(outcome).toMatchObject({ kind: "imported", message: 'Imported 2 flows from n8n as new graphs: "Support", "Triage".' });
    if (outcome.kind !== "imported") throw new Error("not imported");
    expect(session.store.getState().document.meta.name).toBe("Triage");
    for (const flow of outcome.flows) expect((await workspace.graphs.listVersions(flow.graphId)).map((v) => v.name)).toEqual(["Imported from n8n"]);
  });

  it("keeps the flows imported before one that fails, and says which failed", async () => {
    const outcome = await importText(session, sampleText([support, triage]), { client, flows: ["Triage", "Billing"] });
    expect(outcome).toMatchObject({
      kind: "imported",
      flows: [{ name: "Triage" }],
      message: 'Imported "Triage" from n8n as a new graph. "Billing" was not imported: No flow is named "Billing"; the file holds "Support", "Triage"',
    });
    expect((await workspace.graphs.list()).length).toBe(2);
  });

  it("refuses a file of no known format with the importer's message and stores nothing", async () => {
    const outcome = await importText(session, '{"hello": "world"}', { client });
    expect(outcome).toEqual({
      kind: "failed",
      issues: [{ code: "INVALID_VALUE", path: "$", message: "This is not a Flowise, Langflow, n8n or Dify workflow that Graphwright knows" }],
    });
    expect((await workspace.graphs.list()).map((g) => g.id)).toEqual(["open-graph"]);
    expect(session.store.getState().document.meta.id).toBe("open-graph");
  });

  it("ignores pasted text that is neither a graph nor a workflow", async () => {
    expect(await importText(session, "just some words", { client, pasted: true })).toEqual({ kind: "ignored" });
    expect(await importText(session, '{"hello": ', { client, pasted: true })).toEqual({ kind: "ignored" });
    expect(await importText(session, sampleText([triage]), { client, pasted: true })).toMatchObject({ kind: "imported" });
  });
});

describe("importClient", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("stops a worker that does not answer within the deadline and says nothing was imported", async () => {
    vi.useFakeTimers();
    let terminated = 0;
    const silent: ImportWorkerLike = { onmessage: null, onerror: null, postMessage: () => undefined, terminate: () => void terminated++ };
    const slow = createImportClient({ startWorker: () => silent, deadlineMs: 5_000 });
    const reply = slow.importText({ text: "{}", graphId: "g", now: "2026-12-05T00:00:00.000Z" });
    await vi.advanceTimersByTimeAsync(5_000);
    expect(await reply).toEqual({
      id: 1,
      kind: "failed",
      code: "FAILED",
      message: "Reading the file took longer than 5 s, so it was stopped. Nothing was imported.",
    });
    expect(terminated).toBe(1);
  });

  it("answers a failed import when the worker fails, and starts a fresh worker for the next one", async () => {
    const started: ImportWorkerLike[] = [];
    const failing = createImportClient({
      startWorker: () => {
        const worker: ImportWorkerLike =
          started.length === 0
            ? {
                onmessage: null,
                onerror: null,
                terminate: () => undefined,
                postMessage: () => queueMicrotask(() => worker.onerror?.({ message: "Out of memory" } as ErrorEvent)),
              }
            : sampleWorker();
        started.push(worker);
        return worker;
      },
    });
    const request = { text: sampleText([triage]), graphId: "g", now: "2026-12-05T00:00:00.000Z" };
    expect(await failing.importText(request)).toMatchObject({ kind: "failed", message: "The import worker failed: Out of memory. Nothing was imported." });
    expect(await failing.importText(request)).toMatchObject({ kind: "imported" });
    expect(started).toHaveLength(2);
  });
});
