import { execFile } from "node:child_process";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { Client as LangGraphClient } from "@langchain/langgraph-sdk";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { GraphDocument } from "../../schema/index.js";
import { publishDocument } from "../client/publish.js";
import { startRuntimeProcess, type RuntimeProcess } from "../testing/runtimeProcess.js";
import { MAX_MESSAGE_CHARS } from "./graphTools.js";
import { MAX_REQUEST_BYTES } from "./httpRoute.js";

const ROOT = path.resolve(import.meta.dirname, "../../..");
const KEY = "mcp-test-key";
const INSPECTOR_DIR = path.join(ROOT, "node_modules/@modelcontextprotocol/inspector-cli/build");

type TextContent = { type: string; text: string }[];

describe("/mcp on the runtime server (serve --graphs examples)", () => {
  let server: RuntimeProcess;
  let client: Client;
  const post = (body: string, headers: Record<string, string> = {}) =>
    fetch(`${server.url}/mcp`, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json, text/event-stream", "x-api-key": KEY, ...headers },
      body,
    });

  /** Publishes the Weather graph under `id` with a slow scripted model (4 tokens a second): its reply takes seconds to stream. */
  async function publishSlowWeather(id: string, name: string): Promise<LangGraphClient> {
    const document = JSON.parse(await readFile(path.join(ROOT, "examples/weather-assistant.json"), "utf8")) as GraphDocument;
    document.meta = { ...document.meta, id, name };
    for (const node of document.nodes) {
      const script = (node.data as { script?: { tokens_per_second?: number } }).script;
      if (script) script.tokens_per_second = 4;
    }
    const langgraph = new LangGraphClient({ apiUrl: server.url, apiKey: KEY });
    await publishDocument(langgraph, document);
    return langgraph;
  }

  beforeAll(async () => {
    server = await startRuntimeProcess({ graphsDir: path.join(ROOT, "examples"), apiKey: KEY });
    client = new Client({ name: "http-test", version: "1.0.0" });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`), { requestInit: { headers: { "x-api-key": KEY } } }));
  }, 120_000);
  afterAll(async () => {
    await client?.close();
    await server?.close();
  });

  it("lists every published graph as a tool named by its meta.id", async () => {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual(expect.arrayContaining(["weather-assistant", "personal-assistant", "support-desk"]));
    const weather = tools.find((t) => t.name === "weather-assistant");
    expect(weather?.description).toContain('Example messages: "What\'s the weather in Paris?"');
    expect(Object.keys(weather?.inputSchema.properties ?? {})).toEqual(["message", "thread_id", "answer", "interrupt_id"]);
  });

  it("answers the weather in Paris and reports progress while the run goes", async () => {
    const progress: string[] = [];
    const result = await client.callTool({ name: "weather-assistant", arguments: { message: "What's the weather in Paris?" } }, undefined, {
      onprogress: (p) => progress.push(p.message ?? ""),
    });
    expect(result.content).toEqual([{ type: "text", text: "Right now: Sunny, 21°C, light wind in Paris." }]);
    expect(result.structuredContent).toMatchObject({ status: "completed", reply: "Right now: Sunny, 21°C, light wind in Paris." });
    expect(progress).toEqual(expect.arrayContaining(["Assistant is working", "Calling get_weather"]));
  });

  it("pauses a Personal assistant deletion and completes it with the answer on the same thread", async () => {
    const paused = await client.callTool({ name: "personal-assistant", arguments: { message: "Delete task 7" } });
    const pause = paused.structuredContent as { thread_id: string };
    expect(paused.structuredContent).toMatchObject({ status: "paused", pending: [{ kind: "approval", answer_example: { decision: "approve" } }] });

    const refused = await client.callTool({ name: "personal-assistant", arguments: { thread_id: pause.thread_id, answer: '{"decision":"maybe"}' } });
    expect(refused.structuredContent).toMatchObject({ status: "paused" });
    expect((refused.content as TextContent)[0]?.text).toContain("INVALID_RESUME");

    const done = await client.callTool({ name: "personal-assistant", arguments: { thread_id: pause.thread_id, answer: '{"decision":"approve"}' } });
    expect(done.content).toEqual([{ type: "text", text: "Deleted task 7. Your open tasks now: File the expense report, Book the dentist." }]);
  });

  it("asks for the server's API key", async () => {
    const response = await post(JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }), { "x-api-key": "wrong" });
    expect(response.status).toBe(401);
    expect(await response.text()).toContain("x-api-key");
  });

  it("refuses malformed JSON-RPC, a call without a message, an answer that is not JSON and an oversized message or request, and stays up", async () => {
    const garbled = await post("{not json");
    expect(garbled.status).toBe(400);
    expect(await garbled.json()).toMatchObject({ jsonrpc: "2.0", error: { code: -32700 } });

    const notRpc = await post(JSON.stringify({ hello: "world" }));
    expect(notRpc.status).toBe(400);

    const missing = await client.callTool({ name: "weather-assistant", arguments: {} });
    expect(missing.isError).toBe(true);
    expect((missing.content as TextContent)[0]?.text).toContain("message is required");

    const garbledAnswer = await client.callTool({ name: "personal-assistant", arguments: { thread_id: "t-any", answer: "{approve" } });
    expect(garbledAnswer.isError).toBe(true);
    expect((garbledAnswer.content as TextContent)[0]?.text).toContain(`The answer must be JSON such as '{"decision":"approve"}'`);

    const huge = await client.callTool({ name: "weather-assistant", arguments: { message: "x".repeat(MAX_MESSAGE_CHARS + 1) } });
    expect(huge.isError).toBe(true);
    expect((huge.content as TextContent)[0]?.text).toContain(`longer than ${MAX_MESSAGE_CHARS} characters`);

    const tooLarge = await post(JSON.stringify({ jsonrpc: "2.0", id: 2, method: "tools/list", params: { pad: "x".repeat(MAX_REQUEST_BYTES) } }));
    expect(tooLarge.status).toBe(413);

    expect((await client.listTools()).tools.length).toBeGreaterThan(0);
  });

  it("keeps a run whose client disconnects mid-run: it finishes on the server and the server stays up", async () => {
    // The client leaves mid-run.
    const langgraph = await publishSlowWeather("weather-slow", "Slow weather");
    const thread = "5b0d1f3e-6a4c-4e59-9d8a-0c3f2b1a7e65";
    const aborted = new AbortController();
    const response = await fetch(`${server.url}/mcp`, {
      method: "POST",
      signal: aborted.signal,
      headers: { "content-type": "application/json", accept: "application/json, text/event-stream", "x-api-key": KEY },
      body: JSON.stringify({
        jsonrpc: "2.0",
        id: 7,
        method: "tools/call",
        params: { name: "weather-slow", arguments: { message: "What's the weather in Oslo?", thread_id: thread }, _meta: { progressToken: 1 } },
      }),
    });
    // The first progress notification says the run is going; then the client goes away.
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    const first = await reader.read();
    expect(new TextDecoder().decode(first.value)).toContain("notifications/progress");
    aborted.abort();
    expect((await langgraph.threads.get(thread)).status).toBe("busy");

    await expect.poll(async () => (await langgraph.threads.get(thread)).status, { timeout: 30_000 }).toBe("idle");
    expect(JSON.stringify((await langgraph.threads.getState(thread)).values)).toContain("Right now: Partly cloudy, 18°C in Oslo.");
    expect((await client.listTools()).tools.map((t) => t.name)).toContain("weather-slow");
  });

  it("stops a run when its client cancels the call, and the thread takes the next message", async () => {
    // The cancel lands mid-run.
    const langgraph = await publishSlowWeather("weather-cancel", "Cancellable weather");
    const thread = "0f6c7d52-3b8e-4d1a-9a57-2e4f6b8c1d93";
    const cancel = new AbortController();
    let started!: () => void;
    const working = new Promise<void>((resolve) => (started = resolve));
    // The session's tools follow what is published: the graph published above is callable at once.
    const call = client.callTool({ name: "weather-cancel", arguments: { message: "What's the weather in Oslo?", thread_id: thread } }, undefined, {
      signal: cancel.signal,
      onprogress: () => started(),
    });
    await working;
    cancel.abort();
    await expect(call).rejects.toThrow();

    // The server stopped the run (a finished run would hold the whole reply); the thread is free.
    await expect.poll(async () => (await langgraph.threads.get(thread)).status, { timeout: 20_000 }).toBe("idle");
    const [run] = await langgraph.runs.list(thread);
    expect(run?.status).toBe("interrupted");
    expect(JSON.stringify((await langgraph.threads.getState(thread)).values)).not.toContain("Partly cloudy, 18°C in Oslo");

    const next = await client.callTool({ name: "weather-cancel", arguments: { message: "What's the weather in Paris?", thread_id: thread } });
    expect(next.structuredContent).toMatchObject({ status: "completed", thread_id: thread });
    expect(next.content).toEqual([{ type: "text", text: "Right now: Sunny, 21°C, light wind in Paris." }]);
  });

  it("answers a request naming a session it does not have with 404, so the client starts a new one", async () => {
    const response = await post(JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }), { "mcp-session-id": "no-such-session" });
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ error: { code: -32001, message: expect.stringContaining("Session not found") } });
  });

  it("answers @modelcontextprotocol/inspector-cli", async () => {
    // It finds its own package.json by a path it checks against the working folder: start it in its build folder.
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [
        path.join(INSPECTOR_DIR, "index.js"),
        `${server.url}/mcp`,
        "--header",
        `x-api-key: ${KEY}`,
        "--method",
        "tools/call",
        "--tool-name",
        "weather-assistant",
        "--tool-arg",
        "message=What's the weather in Paris?",
      ],
      { cwd: INSPECTOR_DIR },
    );
    expect(JSON.parse(stdout)).toMatchObject({ content: [{ type: "text", text: "Right now: Sunny, 21°C, light wind in Paris." }] });
  });
});
