// The browser's storage full while a knowledge base indexes (issue 26, item 8), in the worker:
// the knowledge side says the storage is full and stores nothing of the batch, the engine keeps
// searching what was stored before, the thread takes the next message with its history whole,
// and with room again the same file indexes.
import "fake-indexeddb/auto";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { RunEvent } from "../engine/index.js";
import { STORES } from "../persistence/db.js";
import { asGraphId, asRunId, asThreadId } from "../schema/index.js";
import { knowledgeDesk, openKnowledgeHost } from "./testing/knowledgeDesk";

const GRAPH = "desk.quota";
const RETURNS = { name: "returns.md", bytes: 10, text: "# Returns\n\nReturn any item within 30 days for a refund." };
const SHIPPING = { name: "shipping.md", bytes: 10, text: "# Shipping\n\nExpress delivery to Paris takes one day." };

afterEach(() => {
  vi.restoreAllMocks();
});

/** IndexedDB refuses writes to the knowledge index as a full disk does (the file rows go first, so the abort must take them back). */
function fillStorage(): void {
  const put = IDBObjectStore.prototype.put;
  vi.spyOn(IDBObjectStore.prototype, "put").mockImplementation(function (this: IDBObjectStore, ...args: Parameters<typeof put>) {
    if (this.name === STORES.kbIndexes) throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
    return put.apply(this, args);
  });
}

describe("the storage full while a knowledge base indexes", () => {
  it("says so and stores nothing of the batch; the thread's next message searches what was stored; with room the file indexes", async () => {
    const { host, indexing, eventsOf } = openKnowledgeHost("knowledge-quota");
    let runs = 0;
    const ask = async (message: string, files: string[]) => {
      const runId = asRunId(`run_${++runs}`);
      await host.handle({ type: "run", runId, threadId: asThreadId("t-quota"), graphId: asGraphId(GRAPH), document: knowledgeDesk(GRAPH, files), message });
      return eventsOf(runId);
    };
    /** The search's error and the files its passages came from (none when it found nothing: it then says so in words). */
    const found = (events: RunEvent[]) => {
      const result = events.find((e): e is Extract<RunEvent, { type: "tool_result" }> => e.type === "tool_result");
      const text = result?.result ?? "";
      const sources = text.startsWith("{") ? ((JSON.parse(text) as { results?: { source: string }[] }).results ?? []).map((r) => r.source) : [];
      return { error: result?.error ?? null, sources };
    };

    expect((await indexing.add(GRAPH, "kb-faq", [RETURNS])).added.map((f) => f.name)).toEqual(["returns.md"]);
    expect(found(await ask("refund within 30 days", ["returns.md"]))).toEqual({ error: null, sources: ["returns.md"] });

    fillStorage();
    const refused = await indexing.add(GRAPH, "kb-faq", [SHIPPING]);
    expect(refused).toEqual({
      added: [],
      errors: [
        { file: "shipping.md", message: expect.stringMatching(/^The browser's storage is full, so .* failed and nothing was saved\. Free space/) as string },
      ],
    });
    expect((await indexing.stats(GRAPH, "kb-faq")).files).toBe(1);

    // Still full: the next message of the thread (its checkpoints are not the index) searches what was stored.
    const next = await ask("express delivery Paris", ["returns.md"]);
    expect(next.at(-1)).toMatchObject({ type: "run_end", status: "completed" });
    expect(found(next).error).toBeNull();
    expect(found(next).sources).not.toContain("shipping.md");
    const history = (next.find((e) => e.type === "final_state") as { state: { messages: { role: string; content: string }[] } } | undefined)?.state.messages;
    expect(history?.filter((m) => m.role === "human").map((m) => m.content)).toEqual(["refund within 30 days", "express delivery Paris"]);

    vi.restoreAllMocks();
    expect((await indexing.add(GRAPH, "kb-faq", [SHIPPING])).added.map((f) => f.name)).toEqual(["shipping.md"]);
    expect(found(await ask("express delivery Paris", ["returns.md", "shipping.md"])).sources[0]).toBe("shipping.md");
  });
});
