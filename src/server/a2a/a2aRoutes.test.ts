/**
 * A2A on the runtime server, as an A2A client sees it: `npm run cli -- serve --graphs examples`
 * in a child process with an API key, and the A2A SDK's own client speaking v0.3 JSON-RPC.
 */
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Role, TaskState, type Message, type Part, type Task } from "@a2a-js/sdk";
import { ClientFactory, DefaultAgentCardResolver, JsonRpcTransportFactory, type Client } from "@a2a-js/sdk/client";
import { startRuntimeProcess, type RuntimeProcess } from "../testing/runtimeProcess.js";

const EXAMPLES = path.resolve(import.meta.dirname, "../../../examples");
const KEY = "a2a-test-key";

const keyed: typeof fetch = (input, init) => {
  const headers = new Headers(init?.headers);
  headers.set("x-api-key", KEY);
  return fetch(input, { ...init, headers });
};

function text(value: string): Part {
  return { content: { $case: "text", value }, metadata: undefined, filename: "", mediaType: "text/plain" };
}

function userMessage(value: string, task?: Pick<Task, "id" | "contextId">): Message {
  return {
    messageId: crypto.randomUUID(),
    contextId: task?.contextId ?? "",
    taskId: task?.id ?? "",
    role: Role.ROLE_USER,
    parts: [text(value)],
    metadata: undefined,
    extensions: [],
    referenceTaskIds: [],
  };
}

const send = (message: Message) => ({ tenant: "", message, configuration: undefined, metadata: undefined });

function said(message: Message | undefined): string {
  return (message?.parts ?? []).map((p) => (p.content?.$case === "text" ? p.content.value : "")).join("");
}

describe("A2A on the runtime server", () => {
  let server: RuntimeProcess;

  beforeAll(async () => {
    server = await startRuntimeProcess({ graphsDir: EXAMPLES, apiKey: KEY, timeoutMs: 120_000 });
  }, 150_000);

  afterAll(async () => {
    await server?.close();
  });

  async function agent(id: string): Promise<Client> {
    const factory = new ClientFactory({
      transports: [new JsonRpcTransportFactory({ fetchImpl: keyed, legacyCompat: { enabled: true } })],
      cardResolver: new DefaultAgentCardResolver({ fetchImpl: keyed, legacyCompat: { enabled: true } }),
    });
    return factory.createFromUrl(`${server.url}/.well-known/agent-card.json?assistant_id=${id}`, "");
  }

  it("serves a graph's agent card by meta.id and answers message/send with the graph's reply", async () => {
    const card = (await (await keyed(`${server.url}/.well-known/agent-card.json?assistant_id=weather-assistant`)).json()) as Record<string, unknown>;
    expect(card).toMatchObject({
      protocolVersion: "0.3.0",
      name: "Weather assistant",
      preferredTransport: "JSONRPC",
      capabilities: { streaming: true },
      skills: [{ id: "weather-assistant", examples: expect.arrayContaining(["What's the weather in Paris?"]) as string[] }],
      securitySchemes: { apiKey: { type: "apiKey", in: "header", name: "x-api-key" } },
    });
    expect(card.url).toMatch(new RegExp(`^${server.url}/a2a/[0-9a-f-]{36}$`));

    const client = await agent("weather-assistant");
    const task = (await client.sendMessage(send(userMessage("What's the weather in Paris?")))) as Task;
    expect(task.status?.state).toBe(TaskState.TASK_STATE_COMPLETED);
    expect(said(task.status?.message)).toBe("Right now: Sunny, 21°C, light wind in Paris.");
    expect((await client.getTask({ tenant: "", id: task.id, historyLength: undefined })).status?.state).toBe(TaskState.TASK_STATE_COMPLETED);
  });

  it("streams the reply over message/stream as artifact chunks before the task completes", async () => {
    const client = await agent("weather-assistant");
    const chunks: string[] = [];
    const states: TaskState[] = [];
    for await (const event of client.sendMessageStream(send(userMessage("What's the weather in Paris?")))) {
      if (event.payload?.$case === "artifactUpdate") chunks.push(said({ parts: event.payload.value.artifact?.parts ?? [] } as Message));
      if (event.payload?.$case === "statusUpdate" && event.payload.value.status) states.push(event.payload.value.status.state);
    }
    expect(chunks.length).toBeGreaterThan(3);
    expect(chunks.join("")).toContain("Sunny, 21°C, light wind in Paris.");
    expect(states[0]).toBe(TaskState.TASK_STATE_WORKING);
    expect(states.at(-1)).toBe(TaskState.TASK_STATE_COMPLETED);
  });

  it("pauses for approval as input-required and finishes when the task's next message answers it", async () => {
    const client = await agent("personal-assistant");
    const paused = (await client.sendMessage(send(userMessage("delete task 7")))) as Task;
    expect(paused.status?.state).toBe(TaskState.TASK_STATE_INPUT_REQUIRED);
    expect(said(paused.status?.message)).toContain("Approval needed: delete_task");
    expect(said(paused.status?.message)).toContain('{"decision":"approve"}');

    // An answer the pause does not take keeps the task waiting and says why.
    const refused = (await client.sendMessage(send(userMessage('{"decision":"maybe"}', paused)))) as Task;
    expect(refused.status?.state).toBe(TaskState.TASK_STATE_INPUT_REQUIRED);
    expect(said(refused.status?.message)).toContain('"approve", "reject" or "edit"');

    const done = (await client.sendMessage(send(userMessage('{"decision":"approve"}', paused)))) as Task;
    expect(done.id).toBe(paused.id);
    expect(done.status?.state).toBe(TaskState.TASK_STATE_COMPLETED);
    expect(said(done.status?.message)).toMatch(/task 7/i);
  });

  it("cancels a paused task with tasks/cancel", async () => {
    const client = await agent("personal-assistant");
    const paused = (await client.sendMessage(send(userMessage("delete task 3")))) as Task;
    expect(paused.status?.state).toBe(TaskState.TASK_STATE_INPUT_REQUIRED);
    const cancelled = await client.cancelTask({ tenant: "", id: paused.id, metadata: undefined });
    expect(cancelled.status?.state).toBe(TaskState.TASK_STATE_CANCELED);
  });

  it("keeps a task whose streaming client disconnected running to its end, for tasks/get", async () => {
    const request = {
      jsonrpc: "2.0",
      id: "s1",
      method: "message/stream",
      params: { message: { kind: "message", role: "user", messageId: crypto.randomUUID(), parts: [{ kind: "text", text: "What's the weather in Paris?" }] } },
    };
    const leaving = new AbortController();
    const response = await keyed(`${server.url}/a2a/weather-assistant`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(request),
      signal: leaving.signal,
    });
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    const first = new TextDecoder().decode((await reader.read()).value);
    const taskId = (JSON.parse(/data: (.*)/.exec(first)?.[1] ?? "null") as { result: { id: string } }).result.id;
    leaving.abort();

    const client = await agent("weather-assistant");
    await expect
      .poll(async () => (await client.getTask({ tenant: "", id: taskId, historyLength: undefined })).status?.state, { timeout: 30_000 })
      .toBe(TaskState.TASK_STATE_COMPLETED);
    expect(said((await client.getTask({ tenant: "", id: taskId, historyLength: undefined })).status?.message)).toContain("Paris");
  });

  it("answers malformed JSON-RPC, an unknown graph and a missing key with clear errors, and stays up", async () => {
    const post = (id: string, body: string, fetchImpl = keyed) =>
      fetchImpl(`${server.url}/a2a/${id}`, { method: "POST", headers: { "content-type": "application/json" }, body });
    const malformed = (await (await post("weather-assistant", "{not json")).json()) as { error: { code: number; message: string } };
    expect(malformed.error).toMatchObject({ code: -32700, message: expect.stringContaining("not JSON") as string });

    const noMethod = (await (await post("weather-assistant", JSON.stringify({ jsonrpc: "2.0", id: 1, method: "agent/fly", params: {} }))).json()) as {
      error: { code: number };
    };
    expect(noMethod.error.code).toBe(-32601);

    const request = JSON.stringify({ jsonrpc: "2.0", id: 2, method: "tasks/get", params: { id: "t" } });
    const unknown = (await (await post("no-such-graph", request)).json()) as { id: number; error: { code: number; message: string } };
    expect(unknown).toMatchObject({ id: 2, error: { code: -32001, message: expect.stringContaining('No graph "no-such-graph"') as string } });
    expect((await keyed(`${server.url}/.well-known/agent-card.json?assistant_id=no-such-graph`)).status).toBe(404);

    const huge = await post("weather-assistant", JSON.stringify({ ...JSON.parse(request), params: { pad: "x".repeat(1024 * 1024) } }));
    expect(huge.status).toBe(413);
    expect(((await huge.json()) as { error: { message: string } }).error.message).toContain("larger than 1048576 bytes");

    expect((await post("weather-assistant", request, fetch)).status).toBe(401);
    expect((await fetch(`${server.url}/.well-known/agent-card.json?assistant_id=weather-assistant`)).status).toBe(401);

    expect((await keyed(`${server.url}/.well-known/agent-card.json?assistant_id=weather-assistant`)).status).toBe(200);
  });
});
