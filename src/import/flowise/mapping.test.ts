/** The Flowise importer, node by node, for every fixture: the report lines and what each node became. */
import { describe, expect, it } from "vitest";
import { graphDocumentSchema, type ModelProfile, type ToolDefinition } from "../../schema/index.js";
import type { ImportResult } from "../builder.js";
import { readForeignFile } from "../index.js";
import { edgeList, FIXTURE_FLOWS, fixtureText, importFixture, lineOf, nodeOf } from "./testing.js";

const dataOf = (result: ImportResult, id: string) => nodeOf(result.document, id).data as Record<string, unknown>;
const toolOf = (result: ImportResult, id: string) => result.document.tools.find((t) => t.id === id) as ToolDefinition;
const profileOf = (result: ImportResult, id: string) => result.document.models.find((m) => m.id === id) as ModelProfile;

describe("every fixture", () => {
  it.each(FIXTURE_FLOWS)("$label: a valid document whose problems are only on approximated or unmapped nodes", ({ file, flow }) => {
    const result = importFixture(file, flow);
    expect(() => graphDocumentSchema.parse(result.document)).not.toThrow();
    const loose = new Set(result.report.nodes.filter((n) => n.status !== "mapped").flatMap((n) => n.to));
    expect(result.problems.filter((p) => p.code !== "MIGRATED" && !(p.nodeId && loose.has(p.nodeId)))).toEqual([]);
    const ids = result.report.nodes.map((n) => n.id);
    expect(new Set(ids).size).toBe(ids.length);
    const source = JSON.parse(fixtureText(file)) as { nodes?: { id: string }[] };
    if (source.nodes) expect(ids.sort()).toEqual(source.nodes.map((n) => n.id).sort());
    expect(result.document.meta).toMatchObject({ id: "imported-flowise", tags: ["imported", "flowise"] });
  });
});

describe("agents with tools (a single exported agentflow)", () => {
  const result = importFixture("agents-with-tools.json");

  it("makes an agent with its model, prompt and each tool as a catalog tool", () => {
    expect(lineOf(result, "agentAgentflow_0")).toMatchObject({ type: "agentAgentflow", name: "Research Agent", status: "approximated" });
    expect(lineOf(result, "agentAgentflow_0").reason).toContain("tool serpAPI became a mock tool");
    const agent = dataOf(result, "agentAgentflow_0");
    expect(agent).toMatchObject({
      name: "Research_Agent",
      model: "openai-gpt-4o-mini",
      system_prompt: "You are a research assistant for ACME.\n\nToday is {{ date }}.",
    });
    expect(agent.default_tools).toContain("get_time_date");
    expect(profileOf(result, "openai-gpt-4o-mini")).toMatchObject({ provider: "openai", model: "gpt-4o-mini", temperature: 0.2 });
    expect((agent.tools as string[]).map((id) => [toolOf(result, id).kind, toolOf(result, id).name])).toEqual([
      ["builtin", "calculator"],
      ["http", "get_orders"],
      ["http", "create_ticket"],
      ["mcp", "search_docs"],
      ["mcp", "get_page"],
      ["mock", "serpAPI"],
    ]);
    expect(lineOf(result, "agentAgentflow_0").to).toEqual(["agentAgentflow_0", ...(agent.tools as string[]), "openai-gpt-4o-mini"]);
  });

  it("turns request headers and MCP headers into named secrets and keeps harmless ones", () => {
    const get = toolOf(result, "agentAgentflow_0_get_orders");
    expect(get).toMatchObject({
      kind: "http",
      config: {
        url: "https://api.example.com/orders",
        method: "GET",
        headers: {
          Authorization: "Bearer {{ secrets.GET_ORDERS_AUTHORIZATION }}",
          "X-Api-Key": "{{ secrets.GET_ORDERS_X_API_KEY }}",
          Accept: "application/json",
        },
      },
      input_schema: { type: "object", properties: { id: { type: "string", description: "Order id" } } },
    });
    expect(toolOf(result, "agentAgentflow_0_create_ticket")).toMatchObject({ destructive: true, config: { method: "POST" } });
    expect(result.document.mcp_servers).toEqual([
      {
        name: "agentAgentflow_0_mcp",
        url: "https://mcp.example.com/mcp",
        headers: { Authorization: "Bearer {{ secrets.AGENTAGENTFLOW_0_MCP_AUTHORIZATION }}" },
      },
    ]);
    expect(result.report.notes).toContain(
      "HTTP tool get_orders: fill the tool secrets GET_ORDERS_AUTHORIZATION, GET_ORDERS_X_API_KEY in Settings (header values are not carried over).",
    );
  });

  it("keeps the sticky note and wires Start → agent → End", () => {
    expect(lineOf(result, "stickyNoteAgentflow_0")).toMatchObject({ status: "mapped", to: ["stickyNoteAgentflow_0"] });
    expect(dataOf(result, "stickyNoteAgentflow_0").text).toBe("The agent picks tools by itself.\nAdd a Slack tool later.");
    expect(lineOf(result, "startAgentflow_0")).toMatchObject({ status: "mapped", to: ["startAgentflow_0"] });
    expect(edgeList(result.document)).toEqual(["agentAgentflow_0->end", "startAgentflow_0->agentAgentflow_0"]);
    expect(nodeOf(result.document, "agentAgentflow_0").position).toEqual({ x: 0, y: 80 });
  });
});

describe("a branch and a loop (the marketplace shape)", () => {
  const result = importFixture("supervisor-branch-loop.json");

  it("names the graph from the description and makes state channels from the flow state", () => {
    expect(result.report.source).toEqual({ format: "flowise", name: "A supervisor routes work to a writer or a reviewer and loops until done" });
    expect(result.document.state.channels.map((c) => c.name)).toEqual(expect.arrayContaining(["next", "instruction", "Supervisor_output"]));
  });

  it("makes the supervisor an LLM with structured output whose state updates become a Set state node", () => {
    expect(lineOf(result, "llmAgentflow_0")).toMatchObject({
      status: "approximated",
      to: ["llmAgentflow_0", "llmAgentflow_0_state", "anthropic-claude-3-5-haiku-latest"],
      reason: "it sends its prompt without the conversation so far",
    });
    expect(dataOf(result, "llmAgentflow_0")).toMatchObject({
      prompt: "Who acts next for: {{ input }}",
      output_channel: "Supervisor_output",
      output_schema: { type: "object", required: ["next", "instructions"], properties: { next: { type: "string", enum: ["FINISH", "WRITER", "REVIEWER"] } } },
    });
    expect(dataOf(result, "llmAgentflow_0_state").assignments).toEqual([
      { channel: "next", expression: "state.Supervisor_output.next" },
      { channel: "instruction", expression: "state.Supervisor_output.instructions" },
    ]);
    expect(profileOf(result, "anthropic-claude-3-5-haiku-latest")).toMatchObject({ provider: "anthropic", temperature: 0.3, max_tokens: 1024 });
  });

  it("makes the condition (stored as JSON text) a Router of CEL rules with Else as its default", () => {
    expect(lineOf(result, "conditionAgentflow_0")).toMatchObject({ status: "mapped", to: ["conditionAgentflow_0"] });
    const router = dataOf(result, "conditionAgentflow_0");
    expect((router.rules as { expression: string }[]).map((r) => r.expression)).toEqual([
      'string(state.next) == "WRITER"',
      'string(state.next).contains("REVIEW")',
    ]);
  });

  it("makes each Flowise loop a Loop whose body goes back to the supervisor and whose exit ends", () => {
    expect(dataOf(result, "loopAgentflow_0")).toMatchObject({ condition: "true", max_loops: 3, on_limit: "exit" });
    expect(lineOf(result, "loopAgentflow_1")).toMatchObject({ status: "approximated", reason: "its fallback message is not sent when the count runs out" });
    expect(lineOf(result, "agentAgentflow_3")).toMatchObject({ status: "approximated" });
    expect(lineOf(result, "agentAgentflow_3").reason).toMatch(/groqChat has no provider here/);
    expect(profileOf(result, "openai-llama-3.3-70b-versatile")).toMatchObject({ provider: "openai", model: "llama-3.3-70b-versatile" });
    expect(profileOf(result, "openai-llama-3.3-70b-versatile").base_url).toBeUndefined();
    expect(edgeList(result.document)).toEqual([
      "agentAgentflow_1->loopAgentflow_0",
      "agentAgentflow_2->loopAgentflow_1",
      "agentAgentflow_3->end",
      "conditionAgentflow_0:condition_0->agentAgentflow_1",
      "conditionAgentflow_0:condition_1->agentAgentflow_2",
      "conditionAgentflow_0:default->agentAgentflow_3",
      "llmAgentflow_0->llmAgentflow_0_state",
      "llmAgentflow_0_state->conditionAgentflow_0",
      "loopAgentflow_0:body->llmAgentflow_0",
      "loopAgentflow_0:exit->end",
      "loopAgentflow_1:body->llmAgentflow_0",
      "loopAgentflow_1:exit->end",
      "startAgentflow_0->llmAgentflow_0",
    ]);
  });
});

describe("human in the loop", () => {
  const result = importFixture("human-in-the-loop.json");

  it("makes Human Input an Approval whose proceed and reject outputs are approved and rejected", () => {
    expect(lineOf(result, "humanInputAgentflow_0")).toMatchObject({ status: "mapped", to: ["humanInputAgentflow_0"] });
    expect(dataOf(result, "humanInputAgentflow_0")).toMatchObject({ message: "Send this reply?" });
    expect(edgeList(result.document)).toEqual(
      expect.arrayContaining([
        "humanInputAgentflow_0:approved->llmAgentflow_0",
        "humanInputAgentflow_0:rejected->loopAgentflow_0",
        "loopAgentflow_0:body->agentAgentflow_0",
      ]),
    );
  });

  it("keeps form and node-output variables as text and says so", () => {
    expect(lineOf(result, "startAgentflow_0")).toMatchObject({ status: "approximated" });
    expect(dataOf(result, "agentAgentflow_0").system_prompt).toBe("Write a polite reply to [$form.from].");
    expect(lineOf(result, "toolAgentflow_0").reason).toContain("{{ llmAgentflow_0.output.subject }}");
    expect(dataOf(result, "toolAgentflow_0").args).toEqual({ to: "[$form.from]", subject: "[llmAgentflow_0.output.subject]" });
    expect(toolOf(result, "toolAgentflow_0_gmail").kind).toBe("mock");
  });
});

describe("iteration, HTTP and a custom function", () => {
  const result = importFixture("iteration-http-function.json");

  it("makes the iteration a Loop over its array whose body runs its children and comes back", () => {
    expect(dataOf(result, "iterationAgentflow_0")).toMatchObject({ condition: "passes < size(state.cities)" });
    expect(lineOf(result, "iterationAgentflow_0").status).toBe("approximated");
    expect(edgeList(result.document)).toEqual([
      "agentAgentflow_0->end",
      "customFunctionAgentflow_0->iterationAgentflow_0",
      "httpAgentflow_0->llmAgentflow_0",
      "iterationAgentflow_0:body->httpAgentflow_0",
      "iterationAgentflow_0:exit->agentAgentflow_0",
      "llmAgentflow_0->iterationAgentflow_0",
      "startAgentflow_0->customFunctionAgentflow_0",
    ]);
    // Children are stored relative to the iteration: positions come out absolute.
    expect(nodeOf(result.document, "httpAgentflow_0").position).toEqual({ x: 200, y: 80 });
  });

  it("makes the HTTP node an HTTP tool with secrets for its credential, headers and credential-named query values", () => {
    const tool = toolOf(result, "httpAgentflow_0_http");
    expect(tool).toMatchObject({
      kind: "http",
      config: {
        url: "https://weather.example.com/v1/forecast",
        query: { city: "[$iteration]", api_key: "{{ secrets.WEATHER_API_API_KEY }}", units: "metric", token: "{{ secrets.WEATHER_API_TOKEN }}" },
        headers: { Authorization: "Bearer {{ secrets.WEATHER_API_AUTHORIZATION }}", "Content-Type": "application/json" },
      },
    });
    expect(lineOf(result, "httpAgentflow_0").to).toEqual(["httpAgentflow_0", "httpAgentflow_0_http"]);
  });

  it("makes the custom function a JavaScript tool whose $variables come from arguments", () => {
    const tool = toolOf(result, "customFunctionAgentflow_0_code");
    expect(tool.kind).toBe("javascript");
    expect((tool.config as { code: string }).code.startsWith("const $text = args.text;\nconst parts = $text.split(")).toBe(true);
    expect(dataOf(result, "customFunctionAgentflow_0").args).toEqual({ text: "{{ input }}" });
  });

  it("makes chatOllama an OpenAI-compatible profile at Ollama's /v1 and notes the document store", () => {
    expect(profileOf(result, "openai-llama3.2")).toMatchObject({ provider: "openai", base_url: "http://localhost:11434/v1", temperature: 0.9 });
    expect(result.report.notes).toContain(
      'Travel Advisor: the Flowise knowledge "Travel guides" stays in Flowise; add a knowledge base here and upload its files.',
    );
  });
});

describe("an export-all file", () => {
  it("lists each flow by name", () => {
    expect(readForeignFile(fixtureText("export-all.json")).flows.map((f) => f.name)).toEqual(["Helpdesk", "Order desk", "Calculator bot"]);
  });

  it("maps the condition agent to an LLM and a Switch, the sub-flow to a Subgraph by id, and reports the retriever", () => {
    const result = importFixture("export-all.json", "Helpdesk");
    expect(lineOf(result, "conditionAgentAgentflow_0")).toMatchObject({
      status: "approximated",
      to: ["conditionAgentAgentflow_0", "conditionAgentAgentflow_0_switch", "openai-gpt-4o-mini"],
    });
    expect(dataOf(result, "conditionAgentAgentflow_0_switch")).toMatchObject({
      variable: "state.Detect_intent_choice.scenario",
      cases: [
        { id: "scenario_0", value: "User asks about an order" },
        { id: "scenario_1", value: "User asks for documentation" },
        { id: "scenario_2", value: "Anything else" },
      ],
    });
    expect(dataOf(result, "executeFlowAgentflow_0")).toMatchObject({ graph: "b7d1e0c2-orders-flow", input: "{{ input }}" });
    expect(lineOf(result, "retrieverAgentflow_0")).toMatchObject({ status: "unmapped", to: [] });
    expect(lineOf(result, "directReplyAgentflow_0").status).toBe("approximated");
    // The retriever is bridged: the docs branch goes straight on to the Docs Agent.
    expect(edgeList(result.document)).toContain("conditionAgentAgentflow_0_switch:scenario_1->agentAgentflow_0");
    expect(result.report.notes.some((n) => n.startsWith('Sub-flow "b7d1e0c2-orders-flow"'))).toBe(true);
  });
});
