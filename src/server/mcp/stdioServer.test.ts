import path from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { afterAll, describe, expect, it } from "vitest";
import { builtCli } from "../../cli/testing/builtCli.js";

const ROOT = path.resolve(import.meta.dirname, "../../..");

/** `npm run cli -- mcp <graph>` as an MCP client starts it: a child process spoken to over stdio. */
async function connect(graph: string): Promise<Client> {
  const client = new Client({ name: "stdio-test", version: "1.0.0" });
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [await builtCli(), "mcp", path.join(ROOT, "examples", graph)],
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? "" },
    stderr: "pipe",
  });
  await client.connect(transport);
  return client;
}

describe("npm run cli -- mcp <graph.json>", () => {
  const clients: Client[] = [];
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.close()));
  });

  it("offers the graph as one tool and answers the weather in Paris", async () => {
    const client = await connect("weather-assistant.json");
    clients.push(client);
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual(["weather-assistant"]);
    expect(tools[0]?.description).toContain("What's the weather in Paris?");
    const result = await client.callTool({ name: "weather-assistant", arguments: { message: "What's the weather in Paris?" } });
    expect(result.isError).toBe(false);
    expect(result.content).toEqual([{ type: "text", text: "Right now: Sunny, 21°C, light wind in Paris." }]);
    expect(result.structuredContent).toMatchObject({ status: "completed", thread_id: expect.any(String) });
  }, 60_000);

  it("pauses a Personal assistant deletion and completes it when the second call answers", async () => {
    const client = await connect("personal-assistant.json");
    clients.push(client);
    const paused = await client.callTool({ name: "personal-assistant", arguments: { message: "Delete task 7" } });
    const pause = paused.structuredContent as { thread_id: string; status: string; pending: { kind: string; answer_example: unknown }[] };
    expect(pause).toMatchObject({ status: "paused", pending: [{ kind: "approval", answer_example: { decision: "approve" } }] });
    expect((paused.content as { text: string }[])[0]?.text).toContain('Approval needed: delete_task {"id":"7"}');

    const done = await client.callTool({ name: "personal-assistant", arguments: { thread_id: pause.thread_id, answer: { decision: "approve" } } });
    expect(done.structuredContent).toMatchObject({ status: "completed", thread_id: pause.thread_id });
    expect(done.content).toEqual([{ type: "text", text: "Deleted task 7. Your open tasks now: File the expense report, Book the dentist." }]);
  }, 60_000);
});
