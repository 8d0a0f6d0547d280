import "fake-indexeddb/auto";
import { IDBFactory } from "fake-indexeddb";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { blankDocument } from "../app/store/nodeFactory";
import { Database } from "../persistence/db.js";
import { createMemoryLocks, withThreadLock } from "../persistence/locks.js";
import { createWorkspace, type Workspace } from "../persistence/workspace/index.js";
import { faultResponder, keyOf, streamReply, protocolOf } from "../models/testing/faults.js";
import { startWireServer, type WireServer } from "../models/testing/faultServer.js";
import { asGraphId, asRunId, asThreadId, assertValid, PIECE, type GraphDocument } from "../schema/index.js";
import { createEngineHost, type EngineHost } from "./engineHost";
import type { FromWorker, RunRequest } from "./protocol";
import { createWorkerRedaction } from "./redaction";
import { createCheckpointer } from "./workerPlatform";

const CANARY = "sk-proj-CANARYq7W9zX41bLmNpRtVy83KdHs0Ff";
const DB = "redaction-test";

/** Every piece of the canary of PIECE characters that `text` holds. */
function leaks(text: string): string[] {
  const out: string[] = [];
  for (let i = 0; i + PIECE <= CANARY.length; i++) if (text.includes(CANARY.slice(i, i + PIECE))) out.push(CANARY.slice(i, i + PIECE));
  return out;
}

/** Every row of every store of the database but `secrets`, as text (stored bytes decoded). */
async function dumpStores(factory: IDBFactory): Promise<Record<string, string>> {
  const db = await new Promise<IDBDatabase>((resolve, reject) => {
    const open = factory.open(DB);
    open.onsuccess = () => resolve(open.result);
    open.onerror = () => reject(open.error ?? new Error("open failed"));
  });
  const decoder = new TextDecoder();
  const out: Record<string, string> = {};
  for (const name of Array.from(db.objectStoreNames)) {
    if (name === "secrets") continue;
    const rows = await new Promise<unknown[]>((resolve, reject) => {
      const get = db.transaction(name, "readonly").objectStore(name).getAll();
      get.onsuccess = () => resolve(get.result as unknown[]);
      get.onerror = () => reject(get.error ?? new Error("read failed"));
    });
    out[name] = JSON.stringify(rows, (_key, value: unknown) => (value instanceof Uint8Array ? decoder.decode(value) : value));
  }
  db.close();
  return out;
}

let factory: IDBFactory;
let ws: Workspace;
let posts: FromWorker[];
let host: EngineHost;
let server: WireServer | null = null;
let runs = 0;

beforeEach(async () => {
  factory = new IDBFactory();
  const database = new Database({ name: DB, indexedDB: factory });
  ws = createWorkspace(database);
  posts = [];
  const locks = createMemoryLocks();
  const redaction = createWorkerRedaction(ws);
  host = createEngineHost({
    runs: ws.runs,
    credentials: ws,
    checkpointer: createCheckpointer(database, redaction),
    withThreadLock: (threadId, work) => withThreadLock(threadId, work, { locks }),
    post: (m) => posts.push(structuredClone(m)),
    redaction,
  });
  await ws.secrets.set("openai", CANARY);
});
afterEach(async () => {
  await server?.close();
  server = null;
});

function openaiDocument(): GraphDocument {
  const doc = blankDocument("canary");
  return assertValid({
    ...doc,
    models: [{ id: "gpt", provider: "openai", model: "gpt-4o-mini", max_retries: 0 }],
    nodes: doc.nodes.map((n) => (n.kind === "agent" ? { ...n, data: { ...n.data, model: "gpt" } } : n)),
  });
}

async function runAgainst(respond: Parameters<typeof startWireServer>[0], message = "hi"): Promise<RunRequest> {
  server = await startWireServer(respond);
  await ws.settings.set("openai.base_url", `${server.url}/v1`);
  const req: RunRequest = {
    type: "run",
    runId: asRunId(`run_${++runs}`),
    threadId: asThreadId("t1"),
    graphId: asGraphId("canary"),
    document: openaiDocument(),
    message,
  };
  await host.handle(req);
  return req;
}

async function expectNoLeak(): Promise<void> {
  expect(leaks(JSON.stringify(posts))).toEqual([]);
  const stores = await dumpStores(factory);
  for (const [name, text] of Object.entries(stores)) expect({ store: name, leaks: leaks(text) }).toEqual({ store: name, leaks: [] });
}

describe("worker redaction of saved keys", () => {
  it("keeps a key echoed without its prefix in an error body out of messages, runs, events and checkpoints", async () => {
    await runAgainst(faultResponder("echo_key"));
    expect(server?.requests[0] && keyOf(server.requests[0])).toBe(CANARY);
    const done = posts.find((m) => m.type === "done");
    expect(done).toMatchObject({ status: "error" });
    expect(done?.type === "done" && done.error).toContain("[redacted]");
    const [run] = await ws.runs.list("t1");
    expect(run?.error).toContain("[redacted]");
    await expectNoLeak();
  });

  it("keeps a key streamed back in pieces out of the streamed text and the stored reply", async () => {
    const body = CANARY.slice("sk-proj-".length);
    const pieces = ["Your key: ", body.slice(0, 7), body.slice(7, 16), body.slice(16, 23), body.slice(23), " — done"];
    await runAgainst((request) => streamReply(protocolOf(request), pieces));
    const deltas = posts.flatMap((m) => (m.type === "events" ? m.events : [])).flatMap((e) => (e.type === "message_delta" ? [e.delta] : []));
    expect(deltas.join("")).toContain("[redacted]");
    expect(deltas.join("").endsWith(" — done")).toBe(true);
    await expectNoLeak();
  });

  it("passes each model call's token usage through the redactor to the posted and stored events", async () => {
    const req = await runAgainst((request) => streamReply(protocolOf(request), ["Hello"], [], { input: 900, output: 4, cached: 512 }));
    const usage = { input_tokens: 900, output_tokens: 4, cached_tokens: 512 };
    const posted = posts.flatMap((m) => (m.type === "events" ? m.events : [])).filter((e) => e.type === "ai_message");
    expect(posted.map((e) => e.usage)).toEqual([usage]);
    const stored = (await ws.runs.events(req.runId)).filter((e) => e.type === "ai_message");
    expect(stored.map((e) => e.usage)).toEqual([usage]);
  });

  it("keeps a key typed into the chat out of runs, events and checkpoints", async () => {
    await runAgainst(faultResponder("ok"), `my key is ${CANARY.slice(3)} please remember it`);
    const [run] = await ws.runs.list("t1");
    expect(run?.input).toBe("my key is [redacted] please remember it");
    await expectNoLeak();
  });

  it("redacts a value the app asks about, and a document's own credential headers wherever else they appear", async () => {
    const token = "tok_live_0123456789abcdefghij";
    const doc = assertValid({
      ...openaiDocument(),
      tools: [
        {
          id: "remote",
          kind: "http",
          name: "remote",
          description: `copy of ${token}`,
          input_schema: { type: "object", properties: {} },
          config: { url: "https://example.com", method: "GET", headers: { Authorization: `Bearer ${token}` } },
        },
      ],
    });
    await host.handle({ type: "redact", requestId: "r1", value: { label: `edge ${CANARY.slice(8, 30)}` } });
    await host.handle({ type: "redact", requestId: "r2", value: doc, document: true, mark: "REDACTED" });
    const [first, second] = posts.filter((m) => m.type === "redact_result");
    expect(first?.value).toEqual({ label: "edge [redacted]" });
    const redacted = second?.value as GraphDocument;
    expect(redacted.tools[0]?.description).toBe("copy of REDACTED");
    expect(JSON.stringify(redacted)).not.toContain(token);
  });
});
