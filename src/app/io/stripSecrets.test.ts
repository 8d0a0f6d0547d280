import { describe, expect, it } from "vitest";
import type { GraphDocument } from "../../schema/index.js";
import { documentSecrets, validate } from "../../schema/index.js";
import { blankDocument } from "../store/nodeFactory";
import { REDACTED, redactSecrets, stripSecrets } from "./stripSecrets";

const OPENAI_KEY = "sk-proj-abcDEF1234567890abcdefXYZ";
const ANTHROPIC_KEY = "sk-ant-api03-AbCdEfGhIjKlMnOpQrStUv-wxyz0123";

function withHttpTool(headers: Record<string, string>, url = "https://api.example.com/v1/items"): GraphDocument {
  const doc = blankDocument("g1");
  return {
    ...doc,
    tools: [
      {
        id: "fetch",
        kind: "http",
        name: "fetch_items",
        description: "",
        input_schema: { type: "object", properties: {} },
        return_direct: false,
        destructive: false,
        config: { url, method: "GET", query: {}, headers, timeout_ms: 30_000, max_response_chars: 20_000 },
      },
    ],
  };
}

describe("stripSecrets", () => {
  it("drops credential headers of HTTP tools whatever their case, keeping the others", () => {
    const doc = withHttpTool({ Authorization: "Bearer abc", "X-API-Key": "k1", "api-key": "k2", Accept: "application/json" });
    const { document, removed } = stripSecrets(doc);
    const tool = document.tools[0];
    expect(tool?.kind === "http" && tool.config.headers).toEqual({ Accept: "application/json" });
    expect(removed).toEqual(["$.tools[0].config.headers.Authorization", '$.tools[0].config.headers["X-API-Key"]', '$.tools[0].config.headers["api-key"]']);
  });

  it("keeps HTTP tool headers that only reference named secrets, so exported code still sends them", () => {
    const doc = withHttpTool({ Authorization: "Bearer {{ secrets.API_TOKEN }}", "X-API-Key": "{{ secrets.API_KEY }}", "api-key": "Token k-live-9" });
    const { document, removed } = stripSecrets(doc);
    const tool = document.tools[0];
    expect(tool?.kind === "http" && tool.config.headers).toEqual({ Authorization: "Bearer {{ secrets.API_TOKEN }}", "X-API-Key": "{{ secrets.API_KEY }}" });
    expect(removed).toEqual(['$.tools[0].config.headers["api-key"]']);
  });

  it("keeps MCP server headers that reference named secrets and drops credentials written out", () => {
    const doc: GraphDocument = {
      ...blankDocument("g1"),
      mcp_servers: [
        {
          name: "everything",
          url: "http://127.0.0.1:3001/mcp",
          headers: { Authorization: "Bearer {{ secrets.MCP_TOKEN }}", "X-API-Key": "k-live-123", Accept: "application/json" },
        },
      ],
    };
    const { document, removed } = stripSecrets(doc);
    expect(document.mcp_servers?.[0]?.headers).toEqual({ Authorization: "Bearer {{ secrets.MCP_TOKEN }}", Accept: "application/json" });
    expect(removed).toEqual(['$.mcp_servers[0].headers["X-API-Key"]']);
    expect(JSON.stringify(document)).not.toContain("k-live-123");
  });

  it("counts an MCP server's written-out credential as a secret, and a secret reference as none", () => {
    const headers = { Authorization: "Bearer {{ secrets.MCP_TOKEN }}", "X-API-Key": "k-live-123" };
    expect(documentSecrets({ tools: [], mcp_servers: [{ name: "s", url: "http://127.0.0.1:3001/mcp", headers }] })).toEqual(["k-live-123"]);
  });

  it("redacts OpenAI and Anthropic keys anywhere in the document", () => {
    const doc = blankDocument("g1");
    const agent = doc.nodes[1];
    if (agent?.kind !== "agent") throw new Error("fixture");
    const leaky: GraphDocument = {
      ...doc,
      meta: { ...doc.meta, description: `use ${ANTHROPIC_KEY} for Claude` },
      nodes: doc.nodes.map((n) => (n.id === agent.id ? { ...agent, data: { ...agent.data, system_prompt: `My key is ${OPENAI_KEY}.` } } : n)),
    };
    const { document, removed } = stripSecrets(leaky);
    const text = JSON.stringify(document);
    expect(text).not.toContain(OPENAI_KEY);
    expect(text).not.toContain(ANTHROPIC_KEY);
    expect(document.meta.description).toBe(`use ${REDACTED} for Claude`);
    expect(removed).toEqual(["$.meta.description", "$.nodes[1].data.system_prompt"]);
  });

  it("redacts a key in a header it keeps and credential parameters in URLs", () => {
    const doc = withHttpTool({ "X-Custom": `token ${OPENAI_KEY}` }, "https://api.example.com/items?api_key=12345abc&page=2");
    const { document } = stripSecrets(doc);
    const tool = document.tools[0];
    if (tool?.kind !== "http") throw new Error("fixture");
    expect(tool.config.headers["X-Custom"]).toBe(`token ${REDACTED}`);
    expect(tool.config.url).toBe(`https://api.example.com/items?api_key=${REDACTED}&page=2`);
  });

  it("leaves ordinary text alone, including words that start with sk-", () => {
    expect(redactSecrets("Use sk-learn and the task-runner; ask for a key")).toBe("Use sk-learn and the task-runner; ask for a key");
    expect(redactSecrets("Authorization: Bearer eyJhbGciOiJIUzI1NiJ9.payload")).toBe(`Authorization: Bearer ${REDACTED}`);
  });

  it("returns an equal document with nothing removed when there are no secrets, and never changes its input", () => {
    const doc = withHttpTool({ Accept: "application/json" });
    const before = structuredClone(doc);
    const { document, removed } = stripSecrets(doc);
    expect(removed).toEqual([]);
    expect(document).toEqual(doc);
    expect(doc).toEqual(before);
  });

  it("keeps the document valid after redacting", () => {
    const doc = withHttpTool({ Authorization: OPENAI_KEY }, `https://api.example.com/?key=${OPENAI_KEY}`);
    expect(validate(stripSecrets(doc).document).ok).toBe(true);
  });
});
