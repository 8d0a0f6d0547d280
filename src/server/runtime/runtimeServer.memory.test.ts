// Long-term memory by meaning on the Graphwright runtime server (`graphwright serve`, the server
// Publish to server uses): a real LangGraph API server whose agents embed memories through a real
// local /embeddings server with the server's OPENAI_API_KEY; without the key, words and one warning.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { compileGraph, type RunEvent } from "../../engine/index.js";
import { memoryConcierge, type MemoryConciergeOptions } from "../../engine/testing/memoryConcierge.js";
import { embeddingInputs, embeddingsReply, isEmbeddingsRequest } from "../../models/testing/embeddingsWire.js";
import { startWireServer, type WireServer } from "../../models/testing/faultServer.js";
import { assertValid, type GraphDocument } from "../../schema/index.js";
import { publishDocument } from "../client/publish.js";
import { serverClient } from "../client/serverClient.js";
import { runOnServer } from "../client/serverRun.js";
import { nodeServices } from "../graph/nodeServices.js";
import { reservedPort } from "../../../tests/support/ports.js";
import { startRuntimeServer, type RuntimeServer } from "./serve.js";

const KEY = "sk-server-memory-51c9e0";

describe("long-term memory on the runtime server", () => {
  let dir: string;
  let server: RuntimeServer;
  let embeddings: WireServer;
  const keyBefore = process.env.OPENAI_API_KEY;

  beforeAll(async () => {
    process.env.LOG_LEVEL = "warn";
    process.env.OPENAI_API_KEY = KEY;
    embeddings = await startWireServer((request) => (isEmbeddingsRequest(request) ? embeddingsReply(request) : { kind: "json", status: 404, body: {} }));
    dir = await mkdtemp(path.join(tmpdir(), "gw-runtime-memory-"));
    server = await startRuntimeServer({ port: await reservedPort(), stateDir: dir });
  }, 120_000);

  afterAll(async () => {
    await server?.close();
    await embeddings?.close();
    await rm(dir, { recursive: true, force: true });
    if (keyBefore === undefined) delete process.env.OPENAI_API_KEY;
    else process.env.OPENAI_API_KEY = keyBefore;
  });

  const concierge = (options: Partial<MemoryConciergeOptions> = {}): GraphDocument =>
    assertValid(memoryConcierge({ baseUrl: `${embeddings.url}/v1`, id: "server-memory", name: "Server memory", ...options }));

  /** One turn on the server; the reply's text. */
  async function say(document: GraphDocument, message: string, threadId: string): Promise<string> {
    const { assistant_id } = await publishDocument(serverClient({ url: server.url }), document);
    const compiled = compileGraph(document, nodeServices(document, { env: {} }));
    const events: RunEvent[] = [];
    const options = { client: serverClient({ url: server.url }), url: server.url, assistantId: assistant_id, threadId, runId: `run_${threadId}`, compiled };
    for await (const event of runOnServer({ message }, options)) events.push(event);
    expect(events.at(-1), JSON.stringify(events.filter((e) => e.type === "error"))).toMatchObject({ type: "run_end", status: "completed" });
    return events.flatMap((e) => (e.type === "ai_message" && e.content ? [e.content] : [])).at(-1) ?? "";
  }

  it("recalls first, in another thread, the memory phrased with a synonym of the query, scored", async () => {
    const document = concierge();
    expect(await say(document, "remember ship: Prefers courier delivery", "mem_t1")).toContain('Remembered "ship"');
    await say(document, "remember money: Was reimbursed last month", "mem_t2");
    // "refund" is in neither memory: only the vectors (refund and reimbursed share a dimension) put "money" first.
    const recalled = await say(document, "recall refund", "mem_t3");
    expect(recalled).toContain('"memories":[{"key":"money","content":"Was reimbursed last month","score":1}');
    const requests = embeddings.requests.filter(isEmbeddingsRequest);
    expect(requests.length).toBeGreaterThan(0);
    expect(requests.every((r) => r.headers.authorization === `Bearer ${KEY}`)).toBe(true);
  }, 60_000);

  it("embeds with the new model, when the profile's model changed, the memories saved before", async () => {
    const before = embeddings.requests.length;
    const changed = concierge({ model: "word-groups-2" });
    const recalled = await say(changed, "recall parcel", "mem_t4");
    expect(recalled).toContain('"memories":[{"key":"ship","content":"Prefers courier delivery","score":1}');
    const asked = embeddings.requests.slice(before).filter(isEmbeddingsRequest);
    expect(asked.map((r) => (r.body as { model: string }).model)).toEqual(["word-groups-2"]);
    expect(asked.flatMap(embeddingInputs).sort()).toEqual(["Prefers courier delivery", "Was reimbursed last month", "parcel"]);
  }, 60_000);

  it("matches words, and warns once on the server's log, when the server has no OPENAI_API_KEY", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    delete process.env.OPENAI_API_KEY;
    try {
      const before = embeddings.requests.length;
      const document = concierge({ id: "server-memory-words", name: "Server memory words" });
      await say(document, "remember ship: Prefers courier delivery", "words_t1");
      expect(await say(document, "recall refund", "words_t2")).toContain("Nothing in long-term memory matches.");
      expect(await say(document, "recall courier", "words_t3")).toContain('"memories":[{"key":"ship","content":"Prefers courier delivery"}]');
      expect(embeddings.requests.length).toBe(before);
      const warnings = warn.mock.calls.map((call) => String(call[0])).filter((text) => text.includes("Server memory words"));
      expect(warnings).toEqual([
        expect.stringMatching(/recalled by matching words: set OPENAI_API_KEY to embed memories with model profile "embedder"/) as string,
      ]);
    } finally {
      warn.mockRestore();
      process.env.OPENAI_API_KEY = KEY;
    }
  }, 60_000);
});
