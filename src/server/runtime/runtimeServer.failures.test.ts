import { createServer, type Server } from "node:http";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compileGraph, type RunEvent, type RunInput } from "../../engine/index.js";
import { validate, type GraphDocument } from "../../schema/index.js";
import { publishDocument } from "../client/publish.js";
import { serverClient, type ServerConnection } from "../client/serverClient.js";
import { runOnServer } from "../client/serverRun.js";
import { answerServerRequest, forkOnServer, runTurnOnServer } from "../../worker/serverAccess.js";
import { LANGGRAPH_SERVER_SECRET, LANGGRAPH_SERVER_URL_SETTING } from "../../worker/protocol.js";
import type { CredentialStore } from "../../worker/providerKeys.js";
import { nodeServices } from "../graph/nodeServices.js";
import { reservedPort } from "../../../tests/support/ports.js";
import { startRuntimeServer, type RuntimeServer } from "./serve.js";

const KEY = "gw-server-key-7f3a";

async function weather(): Promise<GraphDocument> {
  const checked = validate(JSON.parse(await readFile(path.resolve(import.meta.dirname, "../../../examples/weather-assistant.json"), "utf8")));
  if (!checked.ok) throw new Error("weather");
  return checked.document;
}

/** The settings and secrets stores as the worker reads them. */
function credentials(url: string, key?: string): CredentialStore {
  return {
    secrets: { reveal: async (name) => (name === LANGGRAPH_SERVER_SECRET ? key : undefined), list: async () => [] },
    settings: { get: async <T>(name: string, fallback: T) => (name === LANGGRAPH_SERVER_URL_SETTING ? (url as T) : fallback) },
  };
}

async function collect(source: AsyncIterable<RunEvent>): Promise<RunEvent[]> {
  const events: RunEvent[] = [];
  for await (const event of source) events.push(event);
  return events;
}

/** A server that answers every request with `status` and `body`, but searches (when `searches` is given) with that list. */
async function answering(status: number, body: unknown, searches?: unknown[]): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createServer((request, response) => {
    const search = searches && request.url?.endsWith("/search");
    response.writeHead(search ? 200 : status, { "content-type": "application/json" });
    response.end(JSON.stringify(search ? searches : body));
  });
  const port = await reservedPort();
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

describe("a runtime server that wants an API key, and servers that fail", () => {
  let dir: string;
  let server: RuntimeServer;

  beforeAll(async () => {
    process.env.LOG_LEVEL = "warn";
    dir = await mkdtemp(path.join(tmpdir(), "gw-runtime-key-"));
    server = await startRuntimeServer({ port: await reservedPort(), stateDir: dir, apiKey: KEY });
  }, 120_000);

  afterAll(async () => {
    await server?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it("refuses a request without the key and says to check the key in Settings; with it, publishes", async () => {
    const refused = await answerServerRequest({ type: "server_request", requestId: "r1", op: "list" }, credentials(server.url));
    expect(refused.ok).toBe(false);
    expect(refused.error).toBe(`The LangGraph server at ${server.url} refused the API key (HTTP 401): check the key for this server in Settings.`);

    const published = await answerServerRequest(
      { type: "server_request", requestId: "r2", op: "publish", document: await weather() },
      credentials(server.url, KEY),
    );
    expect(published).toMatchObject({ ok: true, answer: { op: "publish", published: { name: "Weather assistant", outcome: "created", version: 1 } } });
    const versions = await answerServerRequest(
      { type: "server_request", requestId: "r3", op: "versions", graphId: "weather-assistant" },
      credentials(server.url, KEY),
    );
    expect(versions).toMatchObject({ ok: true, answer: { op: "versions", versions: [{ version: 1 }] } });
  });

  it("runs a turn through the worker's path with the key, and tells a refused publish as a failed run", async () => {
    const document = await weather();
    const compiled = compileGraph(document, nodeServices(document, { env: {} }));
    const options = { threadId: "thread_k1", runId: "run_k1", signal: new AbortController().signal };
    const ok = await collect(runTurnOnServer(compiled, document, { message: "What's the weather in Paris?" }, options, credentials(server.url, KEY)));
    expect(ok.at(-1)).toMatchObject({ type: "run_end", status: "completed" });
    expect(ok.filter((e) => e.type === "ai_message").at(-1)).toMatchObject({ content: "Right now: Sunny, 21°C, light wind in Paris." });

    const refused = await collect(runTurnOnServer(compiled, document, { message: "hi" }, { ...options, runId: "run_k2" }, credentials(server.url, "wrong")));
    expect(refused.map((e) => e.type)).toEqual(["run_start", "error", "run_end"]);
    expect(refused[1]).toMatchObject({ code: "SERVER_UNAUTHORIZED" });

    const unset = await collect(runTurnOnServer(compiled, document, { message: "hi" }, { ...options, runId: "run_k3" }, credentials("")));
    expect((unset[1] as { message: string }).message).toContain("No LangGraph server is configured: add its URL under LangGraph server URL in Settings");
  });

  it("stops a run on the server when asked, and the thread takes the next message", async () => {
    const document = await weather();
    // A slow reply: the scripted model paces its tokens at 4 a second.
    const slow = structuredClone(document);
    const agent = slow.nodes.find((n) => n.kind === "agent") as { data: { script: { tokens_per_second: number } } };
    agent.data.script.tokens_per_second = 4;
    const connection: ServerConnection = { url: server.url, apiKey: KEY };
    const client = serverClient(connection);
    const { assistant_id } = await publishDocument(client, slow);
    const compiled = compileGraph(slow, nodeServices(slow, { env: {} }));
    const controller = new AbortController();
    const turn = (input: RunInput, runId: string, signal?: AbortSignal) =>
      runOnServer(input, { client, url: server.url, assistantId: assistant_id, threadId: "thread_stop", runId, compiled, ...(signal ? { signal } : {}) });
    const events: RunEvent[] = [];
    for await (const event of turn({ message: "What's the weather in Paris?" }, "run_s1", controller.signal)) {
      events.push(event);
      if (event.type === "message_delta") controller.abort();
    }
    expect(events.at(-1)).toMatchObject({ type: "run_end", status: "cancelled" });

    const next = await collect(turn({ message: "hello" }, "run_s2"));
    expect(next.at(-1)).toMatchObject({ type: "run_end", status: "completed" });
  }, 60_000);

  it("names the server and the cause when it fails with 500 or is not a Graphwright runtime server", async () => {
    const failing = await answering(500, { detail: "database is down" });
    try {
      const answer = await answerServerRequest({ type: "server_request", requestId: "r4", op: "list" }, credentials(failing.url));
      expect(answer.error).toBe(`The LangGraph server at ${failing.url} failed (HTTP 500): database is down`);
    } finally {
      await failing.close();
    }
    // A LangGraph server without the runtime graph (a bundle's, say): no assistants to find, and creating one is a 404.
    const plain = await answering(404, { detail: 'Graph "graphwright" not found' }, []);
    try {
      const answer = await answerServerRequest({ type: "server_request", requestId: "r5", op: "publish", document: await weather() }, credentials(plain.url));
      expect(answer.error).toContain(`The LangGraph server at ${plain.url} has no "graphwright" graph, so it cannot take Graphwright documents`);
    } finally {
      await plain.close();
    }
  });

  it("forks a server thread on the server: the fork starts from the chosen step and the original goes on untouched", async () => {
    const document = await weather();
    const compiled = compileGraph(document, nodeServices(document, { env: {} }));
    const store = credentials(server.url, KEY);
    const on = (threadId: string, runId: string, message: string) =>
      collect(runTurnOnServer(compiled, document, { message }, { threadId, runId, signal: new AbortController().signal }, store));
    const first = await on("thread_f1", "run_f1", "What's the weather in Paris?");
    await on("thread_f1", "run_f2", "What's the weather in Oslo?");
    const afterParis = first.at(-1)?.checkpoint_id ?? null;
    expect(afterParis).not.toBeNull();

    const fork = await forkOnServer({ threadId: "thread_f1", checkpointId: afterParis }, store);
    expect(fork).toMatch(/^thread_[0-9a-f-]{36}$/);
    const forked = await on(fork as string, "run_f3", "What's the weather in Lima?");
    const messages = (forked.find((e) => e.type === "final_state") as unknown as { state: { messages: { role: string; content: string }[] } }).state.messages;
    expect(messages.filter((m) => m.role === "human").map((m) => m.content)).toEqual(["What's the weather in Paris?", "What's the weather in Lima?"]);

    const original = await on("thread_f1", "run_f4", "What's the weather in Cairo?");
    const kept = (original.find((e) => e.type === "final_state") as unknown as { state: { messages: { role: string; content: string }[] } }).state.messages;
    expect(kept.filter((m) => m.role === "human").map((m) => m.content)).toEqual([
      "What's the weather in Paris?",
      "What's the weather in Oslo?",
      "What's the weather in Cairo?",
    ]);
    // A thread that ran in the browser is not the server's to fork.
    expect(await forkOnServer({ threadId: "thread_never_on_server", checkpointId: "x" }, store)).toBeNull();
  }, 60_000);
});
