import "fake-indexeddb/auto";
import { IDBFactory } from "fake-indexeddb";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import weatherAssistant from "../../examples/weather-assistant.json";
import type { RunEvent } from "../engine/index.js";
import { Database } from "../persistence/db.js";
import { createMemoryLocks, withThreadLock } from "../persistence/locks.js";
import { IdbSaver } from "../persistence/saver/IdbSaver.js";
import { createWorkspace, storedEvent, type Workspace } from "../persistence/workspace/index.js";
import { asGraphId, asRunId, asThreadId, assertValid, type GraphDocument } from "../schema/index.js";
import { blankDocument } from "../app/store/nodeFactory";
import { createEngineHost, type EngineHost } from "./engineHost";
import type { FromWorker, RunRequest, ThreadLock } from "./protocol";
import { openTestHost } from "./testing/openTestHost";

const weather = assertValid(weatherAssistant);

/** A graph whose one agent streams a long reply slowly, for Stop. */
function slowDocument(): GraphDocument {
  const doc = blankDocument("slow");
  return {
    ...doc,
    nodes: doc.nodes.map((n) =>
      n.kind === "agent"
        ? { ...n, data: { ...n.data, script: { rules: [], fallback: "one two three four five six seven eight nine ten ".repeat(20), tokens_per_second: 50 } } }
        : n,
    ),
  } as GraphDocument;
}

/** The persistence layer's thread lock over an in-process lock table (Web Locks in the browser). */
function memoryLock(): ThreadLock {
  const locks = createMemoryLocks();
  return (threadId, work) => withThreadLock(threadId, work, { locks });
}

let ws: Workspace;
let posts: FromWorker[];
/** Checks run after every post, for tests that wait until the host has posted something. */
let onPost: Set<() => void>;
let host: EngineHost;
let runCount = 0;
let factory: IDBFactory;

beforeEach(() => {
  factory = new IDBFactory();
  onPost = new Set();
  ({ host, ws, posts } = openTestHost("engine-host-test", {
    indexedDB: factory,
    onPost: () => {
      for (const check of onPost) check();
    },
  }));
});
/** Resolves once `seen()` holds after a post; rejects if `running` settles first, so a run that never posts it fails fast. */
function whenPosted(seen: () => boolean, running: Promise<unknown>): Promise<void> {
  return new Promise((resolve, reject) => {
    const check = () => {
      if (!seen()) return;
      onPost.delete(check);
      resolve();
    };
    onPost.add(check);
    check();
    void running.then(() => reject(new Error("the run ended before the host posted what the test waits for")), reject);
  });
}

function request(document: GraphDocument, message: string, threadId = "t1"): RunRequest {
  return { type: "run", runId: asRunId(`run_${++runCount}`), threadId: asThreadId(threadId), graphId: asGraphId(document.meta.id), document, message };
}

const postedEvents = (runId: string) => posts.flatMap((m) => (m.type === "events" && m.runId === runId ? m.events : []));
const lastOf = <T extends FromWorker["type"]>(type: T) => posts.filter((m): m is Extract<FromWorker, { type: T }> => m.type === type).at(-1);

describe("engine host", () => {
  it("runs a turn, posts its events in batches, persists them and reports done", async () => {
    const req = request(weather, "What's the weather in Paris?");
    await host.handle(req);
    const events = postedEvents(req.runId);
    expect(events[0]?.type).toBe("run_start");
    expect(events.at(-1)).toMatchObject({ type: "run_end", status: "completed" });
    expect(events.some((e) => e.type === "tool_result" && e.result.includes("Sunny"))).toBe(true);
    expect(posts.filter((m) => m.type === "events").length).toBeLessThan(events.length);
    expect(posts.at(-1)).toEqual({ type: "done", runId: req.runId, status: "completed", error: null });

    // Stored as posted, but the final state's messages, which its checkpoint holds: only their count.
    expect(await ws.runs.events(req.runId)).toEqual(events.map(storedEvent));
    expect(events.find((e) => e.type === "final_state")).toMatchObject({ state: { messages: expect.any(Array) } });
    expect(await ws.runs.get(req.runId)).toMatchObject({
      status: "completed",
      thread_id: "t1",
      graph_id: "weather-assistant",
      input: "What's the weather in Paris?",
    });
  });

  it("answers an invalid document with a clear failure and runs nothing", async () => {
    const broken = { ...blankDocument("g"), edges: [] } as GraphDocument;
    const req = request(broken, "hi");
    await host.handle(req);
    const failed = lastOf("failed");
    expect(failed?.code).toBe("INVALID_DOCUMENT");
    expect(failed?.message).toMatch(/^This graph has \d+ problems?: /);
    expect(posts.some((m) => m.type === "events")).toBe(false);
    expect(await ws.runs.get(req.runId)).toBeUndefined();
  });

  it("runs with the page's breakpoints: the turn pauses at the one that matches", async () => {
    await host.handle({ ...request(weather, "What's the weather in Paris?"), breakpoints: [{ node_id: "assistant", step: "call_tools", when: "before" }] });
    const events = posts.flatMap((m) => (m.type === "events" ? m.events : []));
    expect(events.find((e) => e.type === "interrupt")).toMatchObject({
      kind: "breakpoint",
      payload: { node: "Assistant", step: "call_tools", when: "before" },
    });
    expect(lastOf("done")?.status).toBe("interrupted");
  });

  it("refuses a server run with breakpoints, saying how to go on, and runs nothing", async () => {
    const req = { ...request(weather, "hi"), runOn: "server" as const, breakpoints: [{ node_id: "assistant", when: "before" as const }] };
    await host.handle(req);
    expect(lastOf("failed")).toMatchObject({ code: "UNSUPPORTED", message: expect.stringContaining("choose Run on This browser") });
    expect(posts.some((m) => m.type === "events")).toBe(false);
  });

  it("answers a graph that validates but cannot compile with the compile error", async () => {
    // A Tool node cannot run an agent tool: only agents call those, with a message.
    const doc = assertValid({
      ...weatherAssistant,
      tools: [...weatherAssistant.tools, { id: "remote", kind: "agent", name: "remote", description: "d", config: { agent: "Assistant" } }],
      nodes: [...weatherAssistant.nodes, { id: "remote_node", kind: "tool", position: { x: 0, y: 60 }, data: { name: "remote_node", tool: "remote" } }],
      edges: [
        { id: "e1", kind: "flow", source: "start", target: "remote_node" },
        { id: "e2", kind: "flow", source: "remote_node", target: "assistant" },
        { id: "e3", kind: "flow", source: "assistant", target: "end" },
      ],
    });
    await host.handle(request(doc, "hi"));
    expect(lastOf("failed")).toMatchObject({ code: "COMPILE_ERROR" });
    expect(lastOf("failed")?.message).toMatch(/^This graph cannot run: .*remote/);
  });

  it("stops a slow run when asked: the run ends cancelled and is recorded so", async () => {
    const req = request(slowDocument(), "tell me everything");
    const running = host.handle(req);
    await whenPosted(() => postedEvents(req.runId).some((e) => e.type === "message_delta"), running);
    await host.handle({ type: "stop", runId: req.runId });
    // The acknowledgement the app's watchdog waits for comes at once, before the run has unwound.
    expect(posts.at(-1)).toEqual({ type: "stopped", runId: req.runId });
    await running;
    expect(postedEvents(req.runId).at(-1)).toMatchObject({ type: "run_end", status: "cancelled" });
    expect(lastOf("done")).toMatchObject({ status: "cancelled", error: null });
    expect(await ws.runs.get(req.runId)).toMatchObject({ status: "cancelled" });
    const deltas = postedEvents(req.runId).filter((e) => e.type === "message_delta").length;
    expect(deltas).toBeLessThan(200);
  });

  it("answers a heartbeat with the same sequence number", async () => {
    await host.handle({ type: "ping", seq: 7 });
    expect(posts).toEqual([{ type: "pong", seq: 7 }]);
  });

  it("continues a thread: the second turn sees the first", async () => {
    await host.handle(request(weather, "hello"));
    const second = request(weather, "What's the weather in London?");
    await host.handle(second);
    const final = postedEvents(second.runId).find((e) => e.type === "final_state");
    const messages = (final?.type === "final_state" ? final.state.messages : []) as { role: string }[];
    expect(messages.map((m) => m.role)).toEqual(["human", "ai", "human", "ai", "tool", "ai"]);
  });

  it("resumes a thread from IndexedDB in a new worker (after a reload)", async () => {
    await host.handle(request(weather, "hello"));
    const database = new Database({ name: "engine-host-test", indexedDB: factory });
    const reloaded = createEngineHost({
      runs: createWorkspace(database).runs,
      credentials: ws,
      checkpointer: new IdbSaver({ database }),
      withThreadLock: memoryLock(),
      post: (m) => posts.push(structuredClone(m)),
    });
    const next = request(weather, "What is 2 + 3?");
    await reloaded.handle(next);
    const final = postedEvents(next.runId).find((e) => e.type === "final_state");
    const messages = (final?.type === "final_state" ? final.state.messages : []) as { content: string }[];
    expect(messages[0]?.content).toBe("hello");
    expect(messages.at(-1)?.content).toBe("What is 2 + 3? → the answer is 5.");
  });

  it("records runs cut off by a closed tab as cancelled when the thread runs again", async () => {
    await ws.runs.start({ id: "orphan", threadId: "t1", graphId: "weather-assistant", input: "hi", started: 1 });
    await host.handle(request(weather, "hello"));
    expect(await ws.runs.get("orphan")).toMatchObject({ status: "cancelled", error: expect.stringMatching(/closed/) });
  });

  it("refuses a second run on a thread that is already running", async () => {
    const slow = request(slowDocument(), "go");
    const first = host.handle(slow);
    await whenPosted(() => postedEvents(slow.runId).length > 0, first);
    const second = request(weather, "hello");
    await host.handle(second);
    expect(lastOf("failed")).toMatchObject({ runId: second.runId, code: "THREAD_BUSY", message: expect.stringMatching(/running in another tab/) });
    await host.handle({ type: "stop", runId: slow.runId });
    await first;
  });

  it("reads the state at a checkpoint of a run", async () => {
    const req = request(weather, "hello");
    await host.handle(req);
    const last = postedEvents(req.runId).at(-1) as RunEvent;
    await host.handle({ type: "checkpoint", requestId: "q1", threadId: asThreadId("t1"), checkpointId: last.checkpoint_id as string, document: weather });
    const result = lastOf("checkpoint_result");
    expect(result).toMatchObject({ requestId: "q1", ok: true, next: [] });
    expect((result?.state?.messages as { role: string; content: string }[]).map((m) => m.role)).toEqual(["human", "ai"]);

    const first = postedEvents(req.runId).find((e) => e.checkpoint_id !== null) as RunEvent;
    await host.handle({ type: "checkpoint", requestId: "q2", threadId: asThreadId("t1"), checkpointId: first.checkpoint_id as string, document: weather });
    expect(lastOf("checkpoint_result")?.state?.messages).toEqual([]);
  });

  it("forks a thread at a checkpoint: the new thread starts from that state", async () => {
    const first = request(weather, "hello");
    await host.handle(first);
    const second = request(weather, "What's the weather in Paris?");
    await host.handle(second);
    const afterFirst = postedEvents(first.runId).at(-1)?.checkpoint_id as string;

    await host.handle({
      type: "fork",
      requestId: "f1",
      threadId: asThreadId("t1"),
      checkpointId: afterFirst,
      newThreadId: asThreadId("t2"),
      document: weather,
    });
    expect(lastOf("fork_result")).toEqual({ type: "fork_result", requestId: "f1", ok: true, error: null });
    const next = request(weather, "What's the weather in London?", "t2");
    await host.handle(next);
    const final = postedEvents(next.runId).find((e) => e.type === "final_state");
    const messages = (final?.type === "final_state" ? final.state.messages : []) as { content: string }[];
    expect(messages.map((m) => m.content)).toEqual([
      "hello",
      expect.stringMatching(/^Hello!/),
      "What's the weather in London?",
      "Let me check the weather in London.",
      "Drizzle, 14°C in London",
      "Right now: Drizzle, 14°C in London.",
    ]);
  });

  it("refuses to fork from a checkpoint this browser does not hold (a thread run on a server) instead of forking an empty thread", async () => {
    await host.handle({
      type: "fork",
      requestId: "f2",
      threadId: asThreadId("thread_kept-on-a-server"),
      checkpointId: "1f0c2d3e-0000-6000-8000-000000000001",
      newThreadId: asThreadId("t3"),
      document: weather,
    });
    expect(lastOf("fork_result")).toEqual({
      type: "fork_result",
      requestId: "f2",
      ok: false,
      error: "Checkpoint 1f0c2d3e-0000-6000-8000-000000000001 of this thread was not found",
    });
  });

  it("replays a recorded run: models and tools answer from the recording", async () => {
    const original = request(weather, "What's the weather in Atlantis?");
    await host.handle(original);
    const recording = postedEvents(original.runId);

    // The same graph with a script that would answer differently: the recording wins.
    const changed = assertValid({
      ...weatherAssistant,
      nodes: weatherAssistant.nodes.map((n) => (n.kind === "agent" ? { ...n, data: { ...n.data, script: { rules: [], fallback: "Something else" } } } : n)),
    });
    const replay: RunRequest = { ...request(changed, "What's the weather in Atlantis?", "t3"), replay: recording };
    await host.handle(replay);
    const text = (events: RunEvent[]) => events.flatMap((e) => (e.type === "ai_message" ? [e.content] : e.type === "tool_result" ? [e.error ?? e.result] : []));
    expect(text(postedEvents(replay.runId))).toEqual(text(recording));
    expect(lastOf("done")).toMatchObject({ runId: replay.runId, status: "completed" });
  });
});

describe("provider keys in the worker", () => {
  let server: Server;
  let seenKeys: string[];
  let baseUrl: string;

  beforeEach(async () => {
    seenKeys = [];
    server = createServer((req, res) => {
      seenKeys.push(String(req.headers.authorization ?? ""));
      res.writeHead(401, { "content-type": "application/json" });
      res.end(
        JSON.stringify({
          error: { message: `Incorrect API key provided: ${req.headers.authorization}`, type: "invalid_request_error", code: "invalid_api_key" },
        }),
      );
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  });
  afterEach(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const openaiDocument = (base_url?: string) => {
    const doc = blankDocument("keys");
    return assertValid({
      ...doc,
      models: [{ id: "gpt", provider: "openai", model: "gpt-4o-mini", ...(base_url ? { base_url } : {}), max_retries: 0 }],
      nodes: doc.nodes.map((n) => (n.kind === "agent" ? { ...n, data: { ...n.data, model: "gpt" } } : n)),
    });
  };
  const SECRET = "sk-test-0123456789abcdef";

  it("sends the OpenAI key to the configured base URL's host and never posts it", async () => {
    await ws.secrets.set("openai", SECRET);
    await ws.settings.set("openai.base_url", baseUrl);
    await host.handle(request(openaiDocument(), "hi"));
    expect(seenKeys).toEqual([`Bearer ${SECRET}`]);
    expect(lastOf("done")).toMatchObject({ status: "error" });
    expect(JSON.stringify(posts)).not.toContain(SECRET);
    expect(JSON.stringify(await ws.runs.threadEvents("t1"))).not.toContain(SECRET);
  });

  it("withholds the key from a profile on another host", async () => {
    await ws.secrets.set("openai", SECRET);
    await host.handle(request(openaiDocument(baseUrl), "hi"));
    expect(seenKeys.every((k) => !k.includes(SECRET))).toBe(true);
    expect(lastOf("done")).toMatchObject({ status: "error" });
    expect(JSON.stringify(posts)).not.toContain(SECRET);
  });
});
