import { describe, expect, it } from "vitest";
import { validate } from "../validate.js";
import type { GraphDocumentInput } from "../document.js";

const at = { x: 0, y: 0 };
const url = "http://127.0.0.1:3001/mcp";

function doc(servers: string[], toolServer: string | undefined): GraphDocumentInput {
  return {
    version: 1,
    meta: { id: "d", name: "D" },
    mcp_servers: servers.map((name) => ({ name, url })),
    tools: [{ id: "echo", kind: "mcp", name: "echo", config: { server_url: url, tool: "echo", ...(toolServer ? { server: toolServer } : {}) } }],
    nodes: [
      { id: "start", kind: "start", position: at },
      { id: "end", kind: "end", position: at },
    ],
    edges: [{ id: "e", kind: "flow", source: "start", target: "end" }],
  };
}
const errorsOf = (input: GraphDocumentInput) => {
  const result = validate(input);
  return result.ok ? [] : result.errors;
};

describe("MCP servers", () => {
  it("accepts a tool naming a server of the graph, and a v1 tool naming none", () => {
    expect(errorsOf(doc(["everything"], "everything"))).toEqual([]);
    expect(errorsOf(doc([], undefined))).toEqual([]);
  });

  it("rejects a tool naming a server the graph does not list", () => {
    expect(errorsOf(doc(["other"], "everything"))).toEqual([
      expect.objectContaining({ code: "MISSING_MCP_SERVER", path: "$.tools[0].config.server", message: expect.stringContaining('"everything"') }),
    ]);
  });

  it("rejects two servers of the same name", () => {
    expect(errorsOf(doc(["everything", "everything"], "everything"))).toEqual([
      expect.objectContaining({ code: "DUPLICATE_NAME", path: "$.mcp_servers[1].name" }),
    ]);
  });
});
