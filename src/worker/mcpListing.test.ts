import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEverythingServer, type EverythingServer } from "../tools/testing/everythingServer.js";
import { listMcpTools } from "./mcpListing";

let server: EverythingServer;
beforeAll(async () => {
  server = await startEverythingServer();
});
afterAll(async () => {
  await server.close();
});

const noSecrets = { get: async () => undefined, allows: async () => false };

describe("listing an MCP server's tools for Connect", () => {
  it("answers with the server's tools and their schemas", async () => {
    const result = await listMcpTools({ type: "mcp_list_tools", requestId: "r1", server: { name: "everything", url: server.url, headers: {} } }, noSecrets);
    expect(result).toMatchObject({ type: "mcp_tools_result", requestId: "r1", ok: true, error: null });
    expect(result.tools.find((t) => t.name === "echo")?.input_schema).toMatchObject({ properties: { message: { type: "string" } } });
  });

  it("answers with the reason when the server fails", async () => {
    const result = await listMcpTools(
      { type: "mcp_list_tools", requestId: "r2", server: { name: "broken", url: `${server.origin}/fail500`, headers: {} } },
      noSecrets,
    );
    expect(result).toMatchObject({ ok: false, tools: [], error: expect.stringContaining('MCP server "broken"') });
    expect(result.error).toContain("HTTP 500");
  });
});
