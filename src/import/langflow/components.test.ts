/** Single Langflow components in small flows: If-Else operators, providers, Human Input's actions, toolkits, agents as tools, groups. */
import { describe, expect, it } from "vitest";
import { evaluateCondition } from "../../engine/index.js";
import { importForeign, type ImportResult } from "../index.js";
import { component, flowText, link } from "./testing/flows.js";

const context = { graphId: "imported-langflow", now: "2026-12-05T00:00:00.000Z" };
const around = (inner: unknown[], edges: unknown[]): ImportResult =>
  importForeign(flowText([component("ChatInput-1", "ChatInput"), ...inner, component("ChatOutput-1", "ChatOutput")], edges), context);
const line = (r: ImportResult, id: string) => r.report.nodes.find((n) => n.id === id);

describe("Langflow components one by one", () => {
  it.each([
    ["regex", "^refund\\s+\\d+$", true, 'input.matches("^refund\\\\s+\\\\d+$")', ""],
    ["starts with", "Hi", true, 'input.startsWith("Hi")', ""],
    ["contains", "Order", undefined, 'input.contains("Order")', ""],
    ["not equals", "STOP", false, 'input.lowerAscii() != "stop"', ""],
    ["regex", "refund", true, 'input.matches("^(?:refund)")', ""],
    ["greater than", "10", true, 'input.matches("^-?[0-9]+([.][0-9]+)?$") && double(input) > 10.0', ""],
    ["less than or equal", "2.5", true, 'input.matches("^-?[0-9]+([.][0-9]+)?$") && double(input) <= 2.5', ""],
    ["sounds like", "x", true, 'input == "x"', 'its operator "sounds like" is not known here; the condition compares for equality'],
  ])("If-Else %s becomes the CEL condition its operator means", (operator, match, caseSensitive, condition, reason) => {
    const router = component("ConditionalRouter-1", "ConditionalRouter", {
      operator: { value: operator },
      match_text: { value: match },
      case_sensitive: { value: caseSensitive },
    });
    const r = around(
      [router],
      [link("ChatInput-1", "message", "ConditionalRouter-1", "input_text"), link("ConditionalRouter-1", "true_result", "ChatOutput-1", "input_value")],
    );
    const node = r.document.nodes.find((n) => n.id === "ConditionalRouter-1");
    expect(node?.data).toMatchObject({ condition });
    expect(line(r, "ConditionalRouter-1")).toMatchObject({ status: reason ? "approximated" : "mapped", reason });
    // The false branch had no edge in Langflow: it ends the turn here.
    expect(r.document.edges.map((e) => `${e.source}[${e.source_handle ?? ""}]->${e.target}`)).toEqual([
      "ChatInput-1[]->ConditionalRouter-1",
      "ConditionalRouter-1[true]->ChatOutput-1",
      "ConditionalRouter-1[false]->ChatOutput-1",
    ]);
    expect(r.problems).toEqual([]);
  });

  it.each([
    ["contains", "refund", false, "I want a REFUND please", true],
    ["equals", "yes", true, "Yes", false],
    ["regex", "order", true, "my order", false],
    ["regex", "order", true, "order 42", true],
    ["greater than", "10", true, "12.5", true],
    ["greater than", "10", true, "twelve", false],
  ])("If-Else %s %j (case sensitive: %s) on %j runs as Langflow compared: %s", (operator, match, caseSensitive, message, expected) => {
    const router = component("ConditionalRouter-1", "ConditionalRouter", {
      operator: { value: operator },
      match_text: { value: match },
      case_sensitive: { value: caseSensitive },
    });
    const r = around([router], [link("ChatInput-1", "message", "ConditionalRouter-1", "input_text")]);
    const condition = (r.document.nodes.find((n) => n.id === "ConditionalRouter-1")?.data as { condition: string }).condition;
    expect(evaluateCondition(condition, { input: message, state: {}, results: {} })).toBe(expected);
  });

  it("model providers: Ollama through its OpenAI-compatible URL, Groq as an OpenAI-compatible profile to fill in", () => {
    const ollama = component("OllamaModel-1", "OllamaModel", {
      base_url: { value: "http://localhost:11434" },
      model_name: { value: "llama3.2" },
      temperature: { value: 0.4 },
    });
    const groq = component("Agent-1", "Agent", { agent_llm: { value: "Groq" }, model_name: { value: "llama-3.3-70b-versatile" } });
    const r = around(
      [ollama, groq],
      [
        link("ChatInput-1", "message", "OllamaModel-1", "input_value"),
        link("OllamaModel-1", "text_output", "Agent-1", "input_value"),
        link("Agent-1", "response", "ChatOutput-1", "input_value"),
      ],
    );
    expect(r.document.models.map((m) => [m.provider, m.model, m.base_url])).toEqual([
      ["openai", "llama3.2", "http://localhost:11434/v1"],
      ["openai", "llama-3.3-70b-versatile", undefined],
    ]);
    expect(line(r, "OllamaModel-1")).toMatchObject({
      status: "approximated",
      reason: "Ollama is reached through its OpenAI-compatible endpoint http://localhost:11434/v1",
    });
    expect(line(r, "Agent-1")?.reason).toMatch(/^Groq is not a provider here: the profile is OpenAI-compatible with no base URL/);
  });

  it("Human Input with other actions is a Question, one option per action; its fallback branch is not drawn", () => {
    const human = component("HumanInput-1", "HumanInput", {
      form_content: { value: "How should this ticket go on?" },
      user_actions: { value: ["Approve", "Request Changes", "Escalate"] },
      enable_fallback: { value: true },
    });
    const r = around(
      [human],
      [
        link("ChatInput-1", "message", "HumanInput-1", "input_value"),
        link("HumanInput-1", "approve", "ChatOutput-1", "input_value"),
        link("HumanInput-1", "request_changes", "ChatOutput-1", "input_value"),
        link("HumanInput-1", "fallback", "ChatOutput-1", "input_value"),
      ],
    );
    expect(r.document.nodes.find((n) => n.id === "HumanInput-1")).toMatchObject({
      kind: "question",
      data: {
        question: "How should this ticket go on?",
        options: [
          { id: "approve", label: "Approve" },
          { id: "request_changes", label: "Request Changes" },
          { id: "escalate", label: "Escalate" },
        ],
      },
    });
    expect(r.document.edges.filter((e) => e.source === "HumanInput-1").map((e) => e.source_handle)).toEqual(["approve", "request_changes", "escalate"]);
    expect(line(r, "HumanInput-1")?.reason).toBe(
      'its timeout fallback branch is not carried over: a run waits for the answer; a person picks one of its actions as a Question\'s options; its "fallback" branch is not carried over',
    );
    expect(r.problems).toEqual([]);
  });

  it("MCP Tools offering several actions gives one MCP tool each; a stdio server is unmapped", () => {
    const http = component(
      "MCPTools-1",
      "MCPTools",
      { mcp_server: { value: { name: "docs", config: { url: "https://mcp.docs.example.com/mcp" } } } },
      {
        toolMode: true,
        tools: [
          { name: "search_docs", status: true },
          { name: "read_page", status: true },
          { name: "delete_page", status: false },
        ],
      },
    );
    const stdio = component(
      "MCPTools-2",
      "MCPTools",
      { mcp_server: { value: { name: "files", config: { command: "uvx", args: ["mcp-files"] } } } },
      { toolMode: true },
    );
    const agent = component("Agent-1", "Agent", { agent_llm: { value: "OpenAI" }, model_name: { value: "gpt-4o" } });
    const r = around(
      [http, stdio, agent],
      [
        link("ChatInput-1", "message", "Agent-1", "input_value"),
        link("MCPTools-1", "component_as_tool", "Agent-1", "tools"),
        link("MCPTools-2", "component_as_tool", "Agent-1", "tools"),
        link("Agent-1", "response", "ChatOutput-1", "input_value"),
      ],
    );
    expect(r.document.tools.map((t) => [t.id, t.kind, t.name])).toEqual([
      ["mcp_search_docs", "mcp", "search_docs"],
      ["mcp_read_page", "mcp", "read_page"],
    ]);
    expect(line(r, "MCPTools-1")?.to).toEqual(["mcp_search_docs", "mcp_read_page"]);
    expect(line(r, "MCPTools-2")).toMatchObject({ status: "unmapped", to: [] });
    expect(r.report.notes).toContain(
      'MCP server "files" of MCPTools is started by a command (stdio) in Langflow; only Streamable HTTP servers are reached here',
    );
  });

  it("an agent in the flow that is also wired as a tool is delegated to as well", () => {
    const helper = component("Agent-2", "Agent", { agent_llm: { value: "OpenAI" }, model_name: { value: "gpt-4o-mini" } });
    const lead = component("Agent-1", "Agent", { agent_llm: { value: "OpenAI" }, model_name: { value: "gpt-4o" } });
    const r = around(
      [lead, helper],
      [
        link("ChatInput-1", "message", "Agent-1", "input_value"),
        link("Agent-2", "component_as_tool", "Agent-1", "tools"),
        link("Agent-1", "response", "Agent-2", "input_value"),
        link("Agent-2", "response", "ChatOutput-1", "input_value"),
      ],
    );
    expect(r.document.edges.map((e) => `${e.source}-${e.kind}->${e.target}`)).toEqual([
      "Agent-1-delegation->Agent-2",
      "ChatInput-1-flow->Agent-1",
      "Agent-1-flow->Agent-2",
      "Agent-2-flow->ChatOutput-1",
    ]);
  });

  it("agents offered to each other as tools in a ring keep one direction of the ring", () => {
    const a = component("Agent-A", "Agent", { agent_llm: { value: "OpenAI" }, model_name: { value: "gpt-4o" } });
    const b = component("Agent-B", "Agent", { agent_llm: { value: "OpenAI" }, model_name: { value: "gpt-4o" } });
    const r = around(
      [a, b],
      [
        link("ChatInput-1", "message", "Agent-A", "input_value"),
        link("Agent-A", "response", "ChatOutput-1", "input_value"),
        link("Agent-B", "component_as_tool", "Agent-A", "tools"),
        link("Agent-A", "component_as_tool", "Agent-B", "tools"),
      ],
    );
    expect(r.document.edges.filter((e) => e.kind === "delegation").map((e) => `${e.source}->${e.target}`)).toEqual(["Agent-A->Agent-B"]);
    expect(line(r, "Agent-A")).toMatchObject({
      status: "approximated",
      reason: "it was also a tool of Agent, which would delegate in a circle; that link is left out",
    });
    expect(r.problems).toEqual([]);
  });

  it("a Webhook starts the flow as Start does, the payload becoming the message", () => {
    const r = importForeign(
      flowText(
        [component("Webhook-1", "Webhook", { data: { value: "" } }), component("Agent-1", "Agent"), component("ChatOutput-1", "ChatOutput")],
        [link("Webhook-1", "output_data", "Agent-1", "input_value"), link("Agent-1", "response", "ChatOutput-1", "input_value")],
      ),
      context,
    );
    expect(r.document.nodes.map((n) => `${n.kind}:${n.id}`)).toEqual(["start:Webhook-1", "agent:Agent-1", "end:ChatOutput-1"]);
    expect(line(r, "Webhook-1")).toMatchObject({ status: "approximated", to: ["Webhook-1"] });
    expect(r.problems).toEqual([]);
  });

  it("a group of components is unmapped with what to do, and a Prompt that feeds nothing carried over loses its text", () => {
    const group = {
      ...component("GroupNode-1", "GroupNode"),
      data: { id: "GroupNode-1", type: "GroupNode", node: { display_name: "Group", template: {}, flow: { data: { nodes: [], edges: [] } } } },
    };
    const prompt = component("Prompt-1", "Prompt", { template: { value: "Summarise {text}" } });
    const r = around(
      [group, prompt],
      [
        link("ChatInput-1", "message", "GroupNode-1", "input_value"),
        link("GroupNode-1", "out", "ChatOutput-1", "input_value"),
        link("Prompt-1", "prompt", "GroupNode-1", "x"),
      ],
    );
    expect(line(r, "GroupNode-1")).toMatchObject({
      status: "unmapped",
      reason: expect.stringMatching(/^a group of components is not opened here: ungroup it in Langflow/) as string,
    });
    expect(line(r, "Prompt-1")).toMatchObject({ status: "unmapped", reason: "it feeds no Agent or model step that was carried over; its text is lost" });
    expect(r.document.edges.map((e) => `${e.source}->${e.target}`)).toEqual(["ChatInput-1->ChatOutput-1"]);
  });
});
