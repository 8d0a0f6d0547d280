// The A2A routes keep their tasks in the bounded store: a task is there for tasks/get, and gone
// once idle past the limit. Against a stand-in LangGraph API that has the Weather graph published;
// a message with no text is refused by the graph's executor without a run, so no server runs.
import { readFile } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DOCUMENT_KEY, RUNTIME_GRAPH_ID } from "../client/publish.js";
import { a2aRoutes } from "./a2aRoutes.js";

const ASSISTANT_ID = "0b7a6f8e-5d3c-4b2a-9e1f-2c3d4e5f6a7b";
const WEATHER = path.resolve(import.meta.dirname, "../../../examples/weather-assistant.json");

describe("A2A tasks on the runtime server", () => {
  let api: Server;
  let url: string;
  beforeAll(async () => {
    const document: unknown = JSON.parse(await readFile(WEATHER, "utf8"));
    const assistant = {
      assistant_id: ASSISTANT_ID,
      graph_id: RUNTIME_GRAPH_ID,
      version: 1,
      name: "Weather",
      config: { configurable: { [DOCUMENT_KEY]: document } },
      metadata: {},
    };
    api = createServer((request, response) => {
      request.resume();
      response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(assistant));
    });
    await new Promise<void>((resolve) => api.listen(0, "127.0.0.1", resolve));
    url = `http://127.0.0.1:${(api.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => api.close(() => resolve())));

  const rpc = async (app: ReturnType<typeof a2aRoutes>, method: string, params: unknown) => {
    const response = await app.request(`http://127.0.0.1/a2a/${ASSISTANT_ID}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
    });
    return (await response.json()) as { result?: { id: string; status: { state: string } }; error?: { code: number; message: string } };
  };
  const emptyMessage = () => ({ message: { kind: "message", messageId: crypto.randomUUID(), role: "user", parts: [{ kind: "text", text: "  " }] } });

  it("answers tasks/get for a recent task and forgets one left idle past the limit", async () => {
    let now = 1_000_000;
    const app = a2aRoutes({ url, tasks: { idleMs: 60_000, clock: () => now } });
    const sent = await rpc(app, "message/send", emptyMessage());
    expect(sent.result?.status.state).toBe("rejected");
    const id = sent.result!.id;
    now += 59_000;
    expect((await rpc(app, "tasks/get", { id })).result).toMatchObject({ id, status: { state: "rejected" } });
    now += 60_001;
    expect((await rpc(app, "tasks/get", { id })).error?.message).toMatch(/not found/i);
  });

  it("keeps at most the configured number of tasks, the least recently used forgotten first", async () => {
    const app = a2aRoutes({ url, tasks: { maxTasks: 2 } });
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push((await rpc(app, "message/send", emptyMessage())).result!.id);
    expect((await rpc(app, "tasks/get", { id: ids[0] })).error?.message).toMatch(/not found/i);
    for (const id of ids.slice(1)) expect((await rpc(app, "tasks/get", { id })).result).toMatchObject({ id });
  });
});
