/** Langflow fixtures of agents, tools, sub-agents and a person's review, node by node: the report, and the nodes, edges, tools and profiles they became. */
import { describe, expect, it } from "vitest";
import { data, edges, imported, kinds, lines, valid } from "./testing/mapped.js";

describe("Langflow agents and tools, node by node", () => {
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
    expect(d.nodes.find((n) => n.id === "Agent-qYZ9W")?.position).toEqual({ x: 310, y: 150 });
    expect(r.report.notes).toEqual([
      'Support Agent (Agent) had a credential in "OpenAI API Key"; it was not copied: set the OpenAI key in Settings',
      'Tool "get_orders" reads the secrets GET_ORDERS_AUTHORIZATION: add them in Settings → Secrets (their values were not copied from Langflow)',
      'MCP server "tickets" sends the secrets TICKETS_X_API_KEY: add them in Settings → Secrets (their values were not copied from Langflow)',
    ]);
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
});
