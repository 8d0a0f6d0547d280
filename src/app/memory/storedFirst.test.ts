// The Memory panel's requests and autosave: the worker answers for the stored graph, so a count
// asked right after the memory embeddings model changed must wait for that change to be stored.
import "fake-indexeddb/auto";
import { IDBFactory } from "fake-indexeddb";
import { afterEach, describe, expect, it } from "vitest";
import { memoryConcierge } from "../../engine/testing/memoryConcierge";
import { Database } from "../../persistence/db.js";
import { createWorkspace, type Workspace } from "../../persistence/workspace/index.js";
import { assertValid, type GraphDocument } from "../../schema/index.js";
import type { MemoryEntry, MemoryRequest } from "../../worker/protocol";
import { createAutosave, type Autosave } from "../services/autosave";
import { setMemoryEmbedding } from "../inspector/graph/memoryEdits";
import { createEditorStore } from "../store/editorStore";
import { storedFirst, type MemoryEngine } from "./storedFirst";

const BASE_URL = "http://127.0.0.1:9/v1";

/** Two memories whose vectors "embedder" made; a second profile, "embedder-2", names another model. */
function graph(): GraphDocument {
  const document = memoryConcierge({ baseUrl: BASE_URL, id: "reembed", name: "Reembed" });
  return assertValid({ ...document, models: [...document.models, { id: "embedder-2", provider: "openai", model: "word-groups-2", base_url: BASE_URL }] });
}

/** Answers like the worker: `embedded` by the memory embeddings model of the graph as stored in the workspace. */
function workerLike(ws: Workspace): MemoryEngine & { asked: string[] } {
  const asked: string[] = [];
  const memories = async (graphId: string): Promise<MemoryEntry[]> => {
    const profile = (await ws.graphs.get(graphId))?.document.settings.memory_embedding_profile;
    asked.push(profile ?? "none");
    return ["ship", "money"].map((key) => ({ agent: "Concierge", key, content: key, updated: "2026-12-05T04:00:00.000Z", embedded: profile === "embedder" }));
  };
  return {
    asked,
    memory: (request: Omit<MemoryRequest, "type" | "requestId">) => memories(request.graphId),
    reembedMemories: async (graphId) => {
      const stale = (await memories(graphId)).filter((m) => !m.embedded).length;
      return { memories: await memories(graphId), outcome: { done: stale, total: stale, stopped: false } };
    },
  };
}

describe("Memory panel requests after the embeddings model changed", () => {
  let autosave: Autosave | undefined;
  afterEach(() => autosave?.stop());

  async function changedModel() {
    const ws = createWorkspace(new Database({ name: "stored-first", indexedDB: new IDBFactory() }));
    const document = graph();
    await ws.graphs.save(document);
    const store = createEditorStore(document);
    autosave = createAutosave({ source: store, save: (d) => ws.graphs.save(d) });
    autosave.start();
    const worker = workerLike(ws);
    const flush = autosave.flush;
    // Autosave stores this about half a second later; the panel asks at once.
    store.getState().updateDocument((d) => setMemoryEmbedding(d, "embedder-2"));
    return { engine: storedFirst(worker, () => flush()), worker };
  }

  it("counts the memories with the model just chosen, not the one still stored", async () => {
    const { engine, worker } = await changedModel();
    const listed = await engine.memory?.({ graphId: "reembed", op: "list" });
    expect(listed?.map((m) => m.embedded)).toEqual([false, false]);
    expect(worker.asked).toEqual(["embedder-2"]);
  });

  it("re-embeds with the model just chosen", async () => {
    const { engine } = await changedModel();
    const result = await engine.reembedMemories?.("reembed");
    expect(result?.outcome).toEqual({ done: 2, total: 2, stopped: false });
  });
});
