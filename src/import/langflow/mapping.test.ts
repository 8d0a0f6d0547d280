/** Each Langflow fixture, node by node: what the report says, and the nodes, edges, tools and profiles it became. */
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { graphDocumentSchema, type GraphDocument, type NodeOfKind, type NodeKind } from "../../schema/index.js";
import { importForeign, type ImportResult } from "../index.js";

const context = { graphId: "imported-langflow", now: "2026-12-05T00:00:00.000Z" };

function imported(fixture: string, flow?: string): ImportResult {
  const text = readFileSync(path.join(import.meta.dirname, "fixtures", fixture), "utf8");
  return importForeign(text, { ...context, ...(flow ? { flow } : {}) });
}

const lines = (r: ImportResult) => r.report.nodes.map((n) => [n.id, n.status, n.to]);
const kinds = (d: GraphDocument) => d.nodes.map((n) => `${n.kind}:${n.id}`);
const edges = (d: GraphDocument) => d.edges.map((e) => `${e.source}${e.source_handle ? `[${e.source_handle}]` : ""} -${e.kind}-> ${e.target}`);
function data<K extends NodeKind>(d: GraphDocument, id: string, kind: K): NodeOfKind<K>["data"] {
  const node = d.nodes.find((n) => n.id === id && n.kind === kind);
  if (!node) throw new Error(`no ${kind} ${id}`);
  return node.data as NodeOfKind<K>["data"];
}

/** The graph is a valid document with no problems (every fixture maps cleanly enough to run). */
function valid(r: ImportResult): GraphDocument {
  expect(graphDocumentSchema.parse(r.document)).toEqual(r.document);
  expect(r.problems).toEqual([]);
  return r.document;
}

describe("Langflow fixtures, node by node", () => {
  it("an agent with calculator, URL, API Request and MCP tools, and a note", () => {
    const r = imported("agent-tools.json");
    const d = valid(r);
    expect(lines(r)).toEqual([
      ["ChatInput-2YUmA", "mapped", ["ChatInput-2YUmA"]],
      ["Agent-qYZ9W", "mapped", ["Agent-qYZ9W"]],
      ["CalculatorComponent-x1Q2w", "mapped", ["tool_evaluate_expression"]],
      ["URL-o7GEq", "approximated", ["tool_fetch_content"]],
      ["APIRequest-Hk3vT", "approximated", ["tool_get_orders"]],
      ["MCPTools-4aB7c", "approximated", ["mcp_create_ticket"]],
      ["ChatOutput-aHj8n", "mapped", ["ChatOutput-aHj8n"]],
      ["note-Qx7aP", "mapped", ["note-Qx7aP"]],
    ]);
    expect(kinds(d)).toEqual(["start:ChatInput-2YUmA", "agent:Agent-qYZ9W", "end:ChatOutput-aHj8n", "note:note-Qx7aP"]);
    expect(edges(d)).toEqual(["ChatInput-2YUmA -flow-> Agent-qYZ9W", "Agent-qYZ9W -flow-> ChatOutput-aHj8n"]);
    expect(data(d, "Agent-qYZ9W", "agent")).toMatchObject({
      name: "Support_Agent",
      model: "openai-gpt-4o-mini",
      max_iterations: 15,
      system_prompt: "You are the support agent of Example Shop. Use the tools to look up orders and open tickets.",
      tools: ["tool_evaluate_expression", "tool_fetch_content", "tool_get_orders", "mcp_create_ticket"],
    });
    expect(d.models).toEqual([{ id: "openai-gpt-4o-mini", provider: "openai", model: "gpt-4o-mini", temperature: 0.1, fallbacks: [], tool_calling: true }]);
    const [calculator, fetcher, http, mcp] = d.tools;
    expect(calculator).toMatchObject({ kind: "builtin", name: "evaluate_expression", config: { builtin: "calculator" } });
    expect(fetcher).toMatchObject({ kind: "builtin", config: { builtin: "http_fetch" } });
    expect(http).toMatchObject({
      kind: "http",
      name: "get_orders",
      description: "Look up a customer's recent orders.",
      config: {
        url: "https://api.orders.example.com/v2/orders",
        method: "GET",
        query: { region: "eu", limit: "20" },
        headers: { Accept: "application/json", Authorization: "{{ secrets.GET_ORDERS_AUTHORIZATION }}" },
      },
    });
    expect(mcp).toMatchObject({
      kind: "mcp",
      name: "create_ticket",
      config: { server_url: "https://mcp.tickets.example.com/mcp", tool: "create_ticket", server: "tickets" },
    });
    expect(d.mcp_servers).toEqual([
      { name: "tickets", url: "https://mcp.tickets.example.com/mcp", headers: { "X-Api-Key": "{{ secrets.TICKETS_X_API_KEY }}" } },
    ]);
    expect(data(d, "note-Qx7aP", "note")).toEqual({
      text: "# Support agent\n\nAnswers **customers** with the order tools.\n\n* Ask for the order number first",
      color: "blue",
    });
    expect(d.nodes.find((n) => n.id === "Agent-qYZ9W")?.position).toEqual({ x: 620, y: 300 });
    expect(r.report.notes).toEqual([
      'Support Agent (Agent) had a credential in "OpenAI API Key"; it was not copied: set the OpenAI key in Settings',
      'Tool "get_orders" reads the secrets GET_ORDERS_AUTHORIZATION: add them in Settings → Secrets (their values were not copied from Langflow)',
      'MCP server "tickets" sends the secrets TICKETS_X_API_KEY: add them in Settings → Secrets (their values were not copied from Langflow)',
    ]);
  });

  it("prompts folded into two model steps, the first reply passed on through a channel", () => {
    const r = imported("prompt-chain.json");
    const d = valid(r);
    expect(lines(r)).toEqual([
      ["ChatInput-Pc41r", "mapped", ["ChatInput-Pc41r"]],
      ["Memory-mN2b8", "approximated", ["OpenAIModel-dR4ft"]],
      ["TextInput-t0N3e", "approximated", ["OpenAIModel-dR4ft"]],
      ["Prompt-Ab12C", "approximated", ["OpenAIModel-dR4ft"]],
      ["OpenAIModel-dR4ft", "mapped", ["OpenAIModel-dR4ft"]],
      ["Prompt-Xy98Z", "mapped", ["AnthropicModel-p0L1s"]],
      ["AnthropicModel-p0L1s", "mapped", ["AnthropicModel-p0L1s"]],
      ["ChatOutput-f1N4l", "mapped", ["ChatOutput-f1N4l"]],
    ]);
    expect(edges(d)).toEqual([
      "ChatInput-Pc41r -flow-> OpenAIModel-dR4ft",
      "OpenAIModel-dR4ft -flow-> AnthropicModel-p0L1s",
      "AnthropicModel-p0L1s -flow-> ChatOutput-f1N4l",
    ]);
    expect(data(d, "OpenAIModel-dR4ft", "llm")).toMatchObject({
      model: "openai-gpt-4o",
      temperature: 0.7,
      output_channel: "OpenAI_reply",
      prompt: 'Conversation so far:\n\n\nWrite a first draft answering: {{ input }}\nKeep it friendly and concise. Output JSON like {"draft": "..."}.',
    });
    expect(data(d, "AnthropicModel-p0L1s", "llm")).toMatchObject({
      model: "anthropic-claude-3-5-haiku-latest",
      prompt: "Improve this draft for clarity, then give only the final text:\n\n{{ state.OpenAI_reply }}\n\nAudience: customers of a bike shop",
    });
    expect(d.state.channels).toEqual([{ name: "OpenAI_reply", type: "string", reducer: "replace" }]);
    expect(d.models.map((m) => [m.id, m.provider, m.model, m.temperature, m.max_tokens, m.base_url])).toEqual([
      ["openai-gpt-4o", "openai", "gpt-4o", 0.7, undefined, undefined],
      ["anthropic-claude-3-5-haiku-latest", "anthropic", "claude-3-5-haiku-latest", 0.2, 4096, undefined],
    ]);
    expect(r.report.nodes.find((n) => n.id === "Prompt-Ab12C")?.reason).toMatch(/^\{history\}: the chat history \(Memory\) is left out/);
  });

  it("If-Else as an If with both branches, an agent whose model is a connected Anthropic component", () => {
    const r = imported("refund-router.json");
    const d = valid(r);
    expect(lines(r)).toEqual([
      ["ChatInput-b1Rch", "mapped", ["ChatInput-b1Rch"]],
      ["ConditionalRouter-r9Ft2", "mapped", ["ConditionalRouter-r9Ft2"]],
      ["Agent-rEfnd", "mapped", ["Agent-rEfnd"]],
      ["AnthropicModel-cL4ud", "mapped", ["anthropic-claude-3-5-sonnet-latest"]],
      ["LanguageModelComponent-kQ2z1", "mapped", ["LanguageModelComponent-kQ2z1"]],
      ["ChatOutput-tRu3o", "mapped", ["ChatOutput-tRu3o"]],
      ["ChatOutput-fA1se", "mapped", ["ChatOutput-fA1se"]],
    ]);
    expect(edges(d)).toEqual([
      "ChatInput-b1Rch -flow-> ConditionalRouter-r9Ft2",
      "ConditionalRouter-r9Ft2[true] -flow-> Agent-rEfnd",
      "ConditionalRouter-r9Ft2[false] -flow-> LanguageModelComponent-kQ2z1",
      "Agent-rEfnd -flow-> ChatOutput-tRu3o",
      "LanguageModelComponent-kQ2z1 -flow-> ChatOutput-fA1se",
    ]);
    expect(data(d, "ConditionalRouter-r9Ft2", "if").condition).toBe('input.lowerAscii().contains("refund")');
    expect(data(d, "Agent-rEfnd", "agent").model).toBe("anthropic-claude-3-5-sonnet-latest");
    expect(data(d, "LanguageModelComponent-kQ2z1", "llm")).toMatchObject({
      model: "openai-gpt-4o-mini",
      system_prompt: "Answer general questions about Example Shop briefly.",
    });
    expect(d.models.map((m) => [m.provider, m.model, m.temperature])).toEqual([
      ["anthropic", "claude-3-5-sonnet-latest", 0],
      ["openai", "gpt-4o-mini", 0.3],
    ]);
  });

  it("Loop as a Loop whose body leads back into it, unknown steps passed over", () => {
    const r = imported("loop-summaries.json");
    const d = valid(r);
    expect(lines(r)).toEqual([
      ["ChatInput-lO0p9", "mapped", ["ChatInput-lO0p9"]],
      ["SplitText-s9Lt1", "unmapped", []],
      ["LoopComponent-lP0o1", "approximated", ["LoopComponent-lP0o1"]],
      ["Prompt-sUm3r", "approximated", ["OpenAIModel-l00pS"]],
      ["OpenAIModel-l00pS", "mapped", ["OpenAIModel-l00pS"]],
      ["ParserComponent-pR5e2", "approximated", []],
      ["ChatOutput-d0n3X", "mapped", ["ChatOutput-d0n3X"]],
    ]);
    expect(edges(d)).toEqual([
      "ChatInput-lO0p9 -flow-> LoopComponent-lP0o1",
      "OpenAIModel-l00pS -flow-> LoopComponent-lP0o1",
      "LoopComponent-lP0o1[body] -flow-> OpenAIModel-l00pS",
      "LoopComponent-lP0o1[exit] -flow-> ChatOutput-d0n3X",
    ]);
    expect(data(d, "LoopComponent-lP0o1", "loop")).toMatchObject({ condition: "passes < max_loops", max_loops: 3, on_limit: "exit" });
    expect(data(d, "OpenAIModel-l00pS", "llm").prompt).toBe("Summarise this passage in one sentence:\n\n{{ input }}");
    expect(r.report.nodes.find((n) => n.id === "SplitText-s9Lt1")?.reason).toContain("Python is not run or translated");
  });

  it("Human Input with Approve and Reject as an Approval; a tool that requires approval is destructive", () => {
    const r = imported("human-review.json");
    const d = valid(r);
    expect(lines(r).map(([id, status]) => `${id as string}:${status as string}`)).toEqual([
      "ChatInput-h1tL0:mapped",
      "Agent-dRaFt:mapped",
      "APIRequest-rFnd1:mapped",
      "HumanInput-hU7mN:mapped",
      "Agent-r3Vis:mapped",
      "ChatOutput-s3Nt0:mapped",
      "ChatOutput-r3v1s:mapped",
    ]);
    expect(edges(d)).toEqual([
      "ChatInput-h1tL0 -flow-> Agent-dRaFt",
      "Agent-dRaFt -flow-> HumanInput-hU7mN",
      "HumanInput-hU7mN[rejected] -flow-> Agent-r3Vis",
      "HumanInput-hU7mN[approved] -flow-> ChatOutput-s3Nt0",
      "Agent-r3Vis -flow-> ChatOutput-r3v1s",
    ]);
    expect(data(d, "HumanInput-hU7mN", "approval")).toMatchObject({ message: "Review this reply before it is sent to the customer.", allow_edit: false });
    expect(d.tools).toMatchObject([
      {
        id: "tool_issue_refund",
        kind: "http",
        destructive: true,
        config: { method: "POST", headers: { "X-Api-Key": "{{ secrets.ISSUE_REFUND_X_API_KEY }}" } },
      },
    ]);
    expect(data(d, "Agent-dRaFt", "agent").tools).toEqual(["tool_issue_refund"]);
  });

  it("agents wired as tools into a manager become its sub-agents by delegation", () => {
    const r = imported("agent-team.json");
    const d = valid(r);
    expect(lines(r)).toEqual([
      ["ChatInput-mGr01", "mapped", ["ChatInput-mGr01"]],
      ["Agent-mAnGr", "mapped", ["Agent-mAnGr"]],
      ["Agent-rSrch", "mapped", ["Agent-rSrch"]],
      ["Agent-wRitr", "mapped", ["Agent-wRitr"]],
      ["TavilySearchComponent-t4V1y", "approximated", ["tool_search"]],
      ["ChatOutput-mGr02", "mapped", ["ChatOutput-mGr02"]],
      ["note-T34m1", "mapped", ["note-T34m1"]],
    ]);
    expect(edges(d)).toEqual([
      "Agent-mAnGr -delegation-> Agent-rSrch",
      "Agent-mAnGr -delegation-> Agent-wRitr",
      "ChatInput-mGr01 -flow-> Agent-mAnGr",
      "Agent-mAnGr -flow-> ChatOutput-mGr02",
    ]);
    expect(d.edges.filter((e) => e.kind === "delegation")).toMatchObject([
      { mode: "tool", blocking: true },
      { mode: "tool", blocking: true },
    ]);
    expect(data(d, "Agent-mAnGr", "agent")).toMatchObject({ model: "openai-gpt-4.1", max_iterations: 20, tools: [] });
    expect(data(d, "Agent-rSrch", "agent")).toMatchObject({ description: "Finds facts on the web and cites sources.", tools: ["tool_search"] });
    expect(data(d, "Agent-wRitr", "agent").model).toBe("anthropic-claude-3-5-sonnet-latest");
    expect(d.tools).toMatchObject([{ id: "tool_search", kind: "mock" }]);
  });

  it("a project of two flows: Run Flow of a flow in the file is a Subgraph, of one outside it unmapped and passed over", () => {
    const r = imported("project-subflows.json", "Ticket Intake");
    const d = valid(r);
    expect(lines(r)).toEqual([
      ["ChatInput-iNt4k", "mapped", ["ChatInput-iNt4k"]],
      ["RunFlow-sUmM1", "approximated", ["RunFlow-sUmM1"]],
      ["RunFlow-aRcH1", "unmapped", []],
      ["ChatOutput-iNt4k", "mapped", ["ChatOutput-iNt4k"]],
    ]);
    expect(edges(d)).toEqual(["ChatInput-iNt4k -flow-> RunFlow-sUmM1", "RunFlow-sUmM1 -flow-> ChatOutput-iNt4k"]);
    expect(data(d, "RunFlow-sUmM1", "subgraph").graph).toBe("langflow-Ticket_Summary");
    expect(r.report.notes).toContain('Run Flow runs the Langflow flow "Archive Ticket", which is not in this file: it stays in Langflow');
    const other = imported("project-subflows.json", "Ticket Summary");
    expect(kinds(valid(other))).toEqual(["start:ChatInput-sUm01", "llm:OpenAIModel-sUm02", "end:ChatOutput-sUm03"]);
    expect(data(other.document, "OpenAIModel-sUm02", "llm").system_prompt).toBe("Summarise the support ticket in two sentences.");
  });

  it("an old export with œ-string handles only and no version reads as the 1.x format, with a note", () => {
    const r = imported("legacy-librarian.json");
    const d = valid(r);
    expect(lines(r)).toEqual([
      ["ChatInput-0ldIn", "mapped", ["ChatInput-0ldIn"]],
      ["Prompt-0ldPr", "mapped", ["OpenAIModel-0ldMd"]],
      ["OpenAIModel-0ldMd", "mapped", ["OpenAIModel-0ldMd"]],
      ["ChatOutput-0ldOt", "mapped", ["ChatOutput-0ldOt"]],
    ]);
    expect(edges(d)).toEqual(["ChatInput-0ldIn -flow-> OpenAIModel-0ldMd", "OpenAIModel-0ldMd -flow-> ChatOutput-0ldOt"]);
    expect(data(d, "OpenAIModel-0ldMd", "llm").prompt).toBe("You are a librarian. Recommend one book about: {{ input }}");
    expect(r.report.notes[0]).toMatch(/names no Langflow version \(an export from before 1\.0/);
  });

  it("a newer version: what is recognisable is imported, the unknown component reported and passed over", () => {
    const r = imported("future-version.json");
    const d = valid(r);
    expect(lines(r)).toEqual([
      ["ChatInput-nEw00", "mapped", ["ChatInput-nEw00"]],
      ["AgentWorkbench-nEw01", "unmapped", []],
      ["Agent-nEw02", "mapped", ["Agent-nEw02"]],
      ["ChatOutput-nEw03", "mapped", ["ChatOutput-nEw03"]],
    ]);
    expect(edges(d)).toEqual(["ChatInput-nEw00 -flow-> Agent-nEw02", "Agent-nEw02 -flow-> ChatOutput-nEw03"]);
    expect(r.report.notes[0]).toMatch(/saved by Langflow 2\.1\.0, newer than the 1\.x format/);
  });
});
