import { describe, expect, it } from "vitest";
import { graphDocumentSchema } from "../../../schema/index.js";
import { addMcpTools, catalogName, parseHeaderLines } from "./mcpCatalog";

const empty = graphDocumentSchema.parse({ version: 1, meta: { id: "g", name: "G" }, nodes: [] });
const server = { name: "everything", url: "http://127.0.0.1:3001/mcp", headers: { Authorization: "Bearer {{ secrets.TOKEN }}" } };
const sum = { name: "get-sum", description: "Adds", input_schema: { type: "object", properties: { a: { type: "number" } } } };

describe("adding MCP tools to the catalog", () => {
  it("caches the server's schema in an mcp tool that names its server", () => {
    const next = addMcpTools(empty, server, [sum]);
    expect(next.mcp_servers).toEqual([server]);
    expect(next.tools).toEqual([
      expect.objectContaining({
        id: "get-sum",
        kind: "mcp",
        name: "get-sum",
        input_schema: sum.input_schema,
        config: { server_url: server.url, tool: "get-sum", server: "everything" },
      }),
    ]);
    expect(graphDocumentSchema.safeParse(next).success).toBe(true);
  });

  it("gives a tool a free, valid catalog name", () => {
    expect(catalogName("get-sum", new Set(["get-sum"]))).toBe("get-sum_2");
    expect(catalogName("files.read", new Set())).toBe("files_read");
    expect(catalogName("9lives", new Set())).toBe("t_9lives");
  });

  it("replaces a server of the same name instead of listing it twice", () => {
    const once = addMcpTools(empty, server, []);
    const twice = addMcpTools(once, { ...server, url: "http://127.0.0.1:3002/mcp" }, []);
    expect(twice.mcp_servers).toEqual([{ ...server, url: "http://127.0.0.1:3002/mcp" }]);
  });

  it("reads header lines and names the first that is not one", () => {
    expect(parseHeaderLines("Authorization: Bearer {{ secrets.T }}\n\nX-Team: a:b")).toEqual({
      ok: true,
      headers: { Authorization: "Bearer {{ secrets.T }}", "X-Team": "a:b" },
    });
    expect(parseHeaderLines("no colon here")).toEqual({ ok: false, line: "no colon here" });
  });
});
