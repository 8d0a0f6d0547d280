/**
 * MCP servers that fail in the middle of a call (issue 26, item 8): one that dies while a call
 * is in flight and one that never answers. Each fails the call with a sentence naming the
 * server and the tool, within its deadline, and the next call (or message) goes through.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { collectRun, compileGraph, type RunEvent } from "../engine/index.js";
import { validate } from "../schema/index.js";
import { testServices } from "../../tests/support/services.js";
import { McpSessionPool } from "./mcpSessions.js";
import { createToolResolver } from "./resolver.js";
import { scriptedAgentGraph } from "./testing/scriptedAgentGraph.js";
import { startFaultyMcpServer, type FaultyMcpServer } from "./testing/faultyMcpServer.js";
import { errorMessage } from "../schema/errorMessage.js";

let server: FaultyMcpServer;
let pool: McpSessionPool;
beforeEach(async () => {
  server = await startFaultyMcpServer();
});
afterEach(async () => {
  await pool?.close();
  await server.close();
});

const settle = <T>(promise: Promise<T>) =>
  promise.then(
    (value) => ({ value, error: null }),
    (error: unknown) => ({ value: null, error: errorMessage(error) }),
  );

describe("an MCP server that fails in the middle of a call", () => {
  it("fails a call whose server dies mid-call at once, saying the connection broke; after a restart the next call answers", async () => {
    pool = new McpSessionPool();
    const endpoint = { url: server.url, name: "faulty" };
    await expect(pool.callTool(endpoint, "echo", { message: "one" })).resolves.toMatchObject({ content: [{ text: "Echo: one" }] });

    const call = settle(pool.callTool(endpoint, "hang", {}));
    await server.called("hang");
    await server.kill();
    const { error } = await call;
    expect(error).toMatch(
      /^The connection to MCP server "faulty" \(http:\/\/127\.0\.0\.1:\d+\) broke during the call of "hang" \(.+\): the server may have stopped, and the tool may or may not have run\.$/,
    );

    // Down: the next call says it cannot reach the server, without waiting for a deadline.
    expect((await settle(pool.callTool(endpoint, "echo", { message: "down" }))).error).toMatch(/^Could not reach MCP server "faulty"/);

    await server.restart();
    await expect(pool.callTool(endpoint, "echo", { message: "two" })).resolves.toMatchObject({ content: [{ text: "Echo: two" }] });
  });

  it("gives up on a call the server never answers at the deadline, naming server and tool; the same session answers the next call", async () => {
    pool = new McpSessionPool({}, { requestTimeoutMs: 1_000 });
    const endpoint = { url: server.url, name: "faulty" };
    const started = performance.now();
    const { error } = await settle(pool.callTool(endpoint, "hang", {}));
    const waited = performance.now() - started;
    expect(error).toMatch(
      /^MCP server "faulty" \(http:\/\/127\.0\.0\.1:\d+\) did not answer the call of "hang" within 1 s, so it was given up \(it may still be running on the server\)\.$/,
    );
    expect(waited).toBeGreaterThanOrEqual(950);
    expect(waited).toBeLessThan(10_000);
    await expect(pool.callTool(endpoint, "echo", { message: "next" })).resolves.toMatchObject({ content: [{ text: "Echo: next" }] });
  });

  it("a run whose MCP server dies during a tool call shows the failed call, tells the model and completes; the next message's call goes through", async () => {
    const tool = (name: string) => ({
      id: name,
      kind: "mcp",
      name,
      description: name,
      input_schema: { type: "object", properties: name === "echo" ? { message: { type: "string" } } : {} },
      config: { server_url: server.url, tool: name },
    });
    const checked = validate(
      scriptedAgentGraph({
        id: "mcp-faults",
        name: "MCP faults",
        tools: [tool("echo"), tool("hang")],
        agentTools: ["echo", "hang"],
        rules: [
          { match: "^wait", tool_calls: [{ name: "hang", args: {} }] },
          { match: "^echo (?<word>\\w+)", tool_calls: [{ name: "echo", args: { message: "{{ match.word }}" } }] },
          { on: "tool", tool: "hang", reply: "The tool said: {{ tool_result }}" },
          { on: "tool", tool: "echo", reply: "Done: {{ tool_result }}" },
        ],
      }),
    );
    if (!checked.ok) throw new Error(JSON.stringify(checked.errors));
    pool = new McpSessionPool();
    const compiled = compileGraph(checked.document, { ...testServices(), tools: createToolResolver({ mcpSessions: pool }) });

    const first = collectRun(compiled, { message: "wait for it" }, { threadId: "t-mcp", runId: "run_1" });
    await server.called("hang");
    await server.kill();
    const events = await first;
    const result = events.find((e): e is Extract<RunEvent, { type: "tool_result" }> => e.type === "tool_result");
    expect(result?.error).toMatch(/The connection to MCP server .* broke during the call of "hang"/);
    expect(events.at(-1)).toMatchObject({ type: "run_end", status: "completed" });
    const reply = events.filter((e) => e.type === "ai_message").at(-1) as { content: string } | undefined;
    expect(reply?.content).toMatch(/^The tool said: .*broke during the call of "hang"/);

    await server.restart();
    const next = await collectRun(compiled, { message: "echo hello" }, { threadId: "t-mcp", runId: "run_2" });
    expect(next.at(-1)).toMatchObject({ type: "run_end", status: "completed" });
    expect((next.filter((e) => e.type === "ai_message").at(-1) as { content: string } | undefined)?.content).toBe("Done: Echo: hello");
    // Nothing of the first turn is lost or told twice: one user message each, in order.
    const state = next.find((e) => e.type === "final_state") as { state: { messages: { role: string; content: string }[] } } | undefined;
    expect(state?.state.messages.filter((m) => m.role === "human").map((m) => m.content)).toEqual(["wait for it", "echo hello"]);
  });
});
