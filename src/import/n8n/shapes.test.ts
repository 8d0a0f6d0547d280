/** n8n parameter shapes the fixtures do not cover: HTTP Request tool v4 with `$fromAI`, JSON-written queries, completion models, version 1 MCP. */
import { describe, expect, it } from "vitest";
import { importForeign, type ImportResult } from "../index.js";
import { IMPORT_CONTEXT } from "./testing/fixtures.js";

const chat = { parameters: {}, id: "t", name: "Chat", type: "@n8n/n8n-nodes-langchain.chatTrigger", typeVersion: 1.1, position: [0, 0] };
const agent = { parameters: {}, id: "a", name: "Agent", type: "@n8n/n8n-nodes-langchain.agent", typeVersion: 2.2, position: [200, 0] };

/** A chat trigger and an agent with `extra` plugged in through `type`. */
function withPlugged(extra: Record<string, unknown>, type: string): ImportResult {
  const workflow = {
    name: "Shapes",
    nodes: [chat, agent, { id: "x", position: [200, 200], ...extra }],
    connections: {
      Chat: { main: [[{ node: "Agent", type: "main", index: 0 }]] },
      [extra.name as string]: { [type]: [[{ node: "Agent", type, index: 0 }]] },
    },
  };
  return importForeign(JSON.stringify(workflow), IMPORT_CONTEXT);
}

describe("n8n parameter shapes", () => {
  it("reads an HTTP Request tool v4 whose URL and query come from the model through $fromAI", () => {
    const { document, report } = withPlugged(
      {
        name: "Find repo",
        type: "n8n-nodes-base.httpRequestTool",
        typeVersion: 4.2,
        parameters: {
          toolDescription: "Finds a GitHub repository",
          url: "=https://api.github.com/repos/{{ $fromAI('owner', 'The owner', 'string') }}/{{ $fromAI('repo') }}",
          sendQuery: true,
          queryParameters: { parameters: [{ name: "per_page", value: "={{ $fromAI('count', 'How many', 'number') }}" }] },
          options: {},
        },
      },
      "ai_tool",
    );
    expect(document.tools).toEqual([
      expect.objectContaining({
        kind: "http",
        name: "Find_repo",
        input_schema: {
          type: "object",
          properties: { owner: { type: "string", description: "The owner" }, repo: { type: "string" }, count: { type: "number", description: "How many" } },
        },
        config: expect.objectContaining({ url: "https://api.github.com/repos/{{ args.owner }}/{{ args.repo }}", query: { per_page: "{{ args.count }}" } }),
      }),
    ]);
    expect(report.nodes[2]).toMatchObject({ status: "mapped", to: ["Find_repo"] });
  });

  it("says when a tool's query was written as JSON, which is not carried over", () => {
    const { report } = withPlugged(
      {
        name: "Search",
        type: "@n8n/n8n-nodes-langchain.toolHttpRequest",
        typeVersion: 1.1,
        parameters: { url: "https://search.example.com/api", sendQuery: true, specifyQuery: "json", jsonQuery: '{"q": "{query}"}' },
      },
      "ai_tool",
    );
    expect(report.nodes[2]).toMatchObject({ status: "approximated", reason: expect.stringContaining("query were written as JSON") });
  });

  it("maps the older OpenAI completion model like the chat model", () => {
    const { document, report } = withPlugged(
      {
        name: "OpenAI",
        type: "@n8n/n8n-nodes-langchain.lmOpenAi",
        typeVersion: 1,
        parameters: { model: "gpt-3.5-turbo-instruct", options: { temperature: 0.9 } },
      },
      "ai_languageModel",
    );
    expect(document.models).toEqual([expect.objectContaining({ provider: "openai", model: "gpt-3.5-turbo-instruct", temperature: 0.9 })]);
    expect(report.nodes[2]).toMatchObject({ status: "mapped" });
  });

  it("reads MCP Client v1's SSE endpoint and offers all its tools through the server, saying to list them", () => {
    const { document, report } = withPlugged(
      { name: "Docs MCP", type: "@n8n/n8n-nodes-langchain.mcpClientTool", typeVersion: 1, parameters: { sseEndpoint: "https://docs.example.com/sse" } },
      "ai_tool",
    );
    expect(document.mcp_servers).toEqual([{ name: "Docs_MCP", url: "https://docs.example.com/sse", headers: {} }]);
    expect(report.nodes[2]).toMatchObject({ status: "approximated", to: ["Docs_MCP"], reason: expect.stringContaining("SSE") });
  });

  it("maps an unknown chat model provider to an OpenAI-compatible profile without a base URL", () => {
    const { document, report } = withPlugged(
      { name: "Gemini", type: "@n8n/n8n-nodes-langchain.lmChatGoogleGemini", typeVersion: 1, parameters: { modelName: "models/gemini-1.5-pro" } },
      "ai_languageModel",
    );
    expect(document.models).toEqual([expect.objectContaining({ provider: "openai", model: "gemini-1.5-pro" })]);
    expect(document.models[0]?.base_url).toBeUndefined();
    expect(report.nodes[2]).toMatchObject({ status: "approximated", reason: expect.stringContaining("no provider here") });
  });
});
