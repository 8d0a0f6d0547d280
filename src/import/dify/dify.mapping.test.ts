/**
 * What each Dify fixture becomes, node by node: the report line of every source node, the
 * nodes, edges, tools and model profiles it produced, and that the graph validates. The
 * fixtures of loops, people, sub-flows and other versions are in dify.mapping.flows.test.ts.
 */
import { describe, expect, it } from "vitest";
import { graphDocumentSchema } from "../../schema/index.js";
import { detectImporter } from "../index.js";
import { edges, lines, nodeOf, reasonOf } from "./testing/expectations.js";
import { FIXTURES, fixtureData, importFixture, IMPORT_CONTEXT } from "./testing/fixtures.js";

function sourceIds(name: string): string[] {
  const graph = (fixtureData(name).workflow as { graph?: { nodes: { id: string }[] } } | undefined)?.graph;
  return graph ? graph.nodes.map((n) => String(n.id)) : [];
}

describe("every Dify fixture", () => {
  it.each(FIXTURES)("%s is detected as Dify, validates, and lists each source node exactly once", (name) => {
    expect(detectImporter(fixtureData(name))?.format).toBe("dify");
    const result = importFixture(name);
    expect(() => graphDocumentSchema.parse(result.document)).not.toThrow();
    expect(result.problems).toEqual([]);
    expect(result.document.meta).toMatchObject({ id: IMPORT_CONTEXT.graphId, tags: ["imported", "dify"] });
    const ids = result.report.nodes.map((n) => n.id);
    expect(new Set(ids).size).toBe(ids.length);
    const workflowIds = sourceIds(name);
    if (workflowIds.length > 0) expect([...ids].sort()).toEqual([...workflowIds].sort());
    const ours = new Set([
      ...result.document.nodes.map((n) => n.id),
      ...result.document.tools.map((t) => t.id),
      ...result.document.models.map((m) => m.id),
      ...(result.document.knowledge_bases ?? []).map((k) => k.id),
    ]);
    for (const line of result.report.nodes) for (const to of line.to) expect(ours, `${line.id} → ${to}`).toContain(to);
  });
});

describe("research-agent (chatflow with an agent, tools, an HTTP key and a note)", () => {
  const result = importFixture("research-agent");
  const { document } = result;

  it("reports each node", () => {
    expect(lines(result)).toEqual([
      "1733100000001 start mapped [start]",
      "1733100000002 http-request mapped [1733100000002, http_1733100000002]",
      "1733100000003 agent approximated [1733100000003, openai-gpt-4o, tool_eval_expression, tool_tavily_search]",
      "answer answer mapped [1733100000003]",
      "1733100000009 note mapped [note_1733100000009]",
    ]);
    expect(reasonOf(result, "1733100000003")).toContain('A mock tool stands in for "tavily/tavily_search"');
  });

  it("makes the agent with its model, instruction, iterations and tools (time as get_time_date)", () => {
    const agent = nodeOf(document, "1733100000003", "agent");
    expect(agent).toMatchObject({ name: "City_agent", model: "openai-gpt-4o", max_iterations: 5, tools: ["tool_eval_expression", "tool_tavily_search"] });
    expect(agent.default_tools).toContain("get_time_date");
    expect(agent.system_prompt).toBe(
      "You help travellers. The weather service said: {{ state.Weather_lookup_result }}\n\nUse the tools for the time, sums and anything you need to look up.",
    );
    expect(document.models).toEqual([{ id: "openai-gpt-4o", provider: "openai", model: "gpt-4o", temperature: 0.3, fallbacks: [], tool_calling: true }]);
    expect(document.tools.map((t) => [t.id, t.kind, t.name])).toEqual([
      ["http_1733100000002", "http", "Weather_lookup_request"],
      ["tool_eval_expression", "builtin", "eval_expression"],
      ["tool_tavily_search", "mock", "tavily_search"],
    ]);
  });

  it("turns the HTTP node into an HTTP tool whose key is a named secret header, with the query as an argument", () => {
    const tool = document.tools.find((t) => t.id === "http_1733100000002");
    expect(tool?.kind === "http" && tool.config).toMatchObject({
      url: "https://api.weather.example.com/v1/current",
      method: "GET",
      headers: { "X-Weather-Key": "{{ secrets.DIFY_WEATHER_LOOKUP_API_KEY }}", Accept: "application/json", "X-Client": "dify-city-agent" },
      query: { q: "{{ args.a1 }}", units: "metric" },
    });
    expect(nodeOf(document, "1733100000002", "tool")).toEqual({
      name: "Weather_lookup",
      tool: "http_1733100000002",
      args: { a1: "{{ input }}" },
      output_channel: "Weather_lookup_result",
    });
    expect(result.report.notes).toContain(
      'Secret "DIFY_WEATHER_LOOKUP_API_KEY" (HTTP request "Weather lookup"): set it in Settings → Secrets; its value is not copied from Dify.',
    );
    expect(result.report.notes.some((n) => n.startsWith('Secret environment variable "WEATHER_KEY"'))).toBe(true);
  });

  it("keeps the note's text and the flow through the agent to the End", () => {
    expect(nodeOf(document, "note_1733100000009", "note").text).toBe(
      "The weather key lives in the environment variable WEATHER_KEY.\nRotate it every quarter.\n— Ana",
    );
    expect(edges(document)).toEqual(["start -> 1733100000002", "1733100000002 -> 1733100000003", "1733100000003 -> end"]);
    expect(document.state.channels.map((c) => c.name)).toEqual(["last_city", "Weather_lookup_result"]);
    expect(document.nodes.find((n) => n.id === "1733100000003")?.position).toEqual({ x: 638 * 0.8, y: 260 * 0.8 });
  });
});

describe("support-triage (classifier, knowledge, extractor, if/elif/else, fail branch, aggregator)", () => {
  const result = importFixture("support-triage");
  const { document } = result;

  it("reports each node", () => {
    expect(lines(result)).toEqual([
      "start start mapped [start]",
      "classifier question-classifier approximated [classifier]",
      "retrieval knowledge-retrieval approximated [kb_retrieval]",
      "docs_llm llm approximated [docs_llm, openai-gpt-4o-mini]",
      "docs_answer answer mapped [docs_llm]",
      "extractor parameter-extractor approximated [extractor, openai-gpt-4o-mini2]",
      "route if-else mapped [route]",
      "lookup http-request approximated [lookup, http_lookup]",
      "refund_note template-transform mapped [refund_note]",
      "ask_id answer mapped [answer_ask_id]",
      "merge variable-aggregator approximated []",
      "order_answer answer mapped [answer_order_answer]",
      "careful_llm llm approximated [careful_llm, anthropic-claude-3-5-sonnet-20241022]",
      "careful_answer answer mapped [careful_llm]",
    ]);
    expect(reasonOf(result, "lookup")).toContain('Its fail branch (to "Ask for the order number") is not carried over');
    expect(reasonOf(result, "docs_llm")).toContain("Kept as text (no meaning here): {{#context#}}");
  });

  it("makes the classifier a Router of keyword rules whose default is the first class", () => {
    const router = nodeOf(document, "classifier", "router");
    expect(router.input).toBe("{{ input }}");
    expect(router.routes.map((r) => [r.id, r.label])).toEqual([
      ["1", "Product and documentation questions"],
      ["2", "Order status, refund or delivery"],
      ["3", "Complaints and everything else"],
    ]);
    expect(router.rules.map((r) => [r.route, r.keywords])).toEqual([
      ["1", ["product", "documentation"]],
      ["2", ["order", "status", "refund", "delivery"]],
      ["3", ["complaints", "everything", "else"]],
    ]);
  });

  it("makes if/elif/else a Router of CEL rules with ELSE as its default", () => {
    const router = nodeOf(document, "route", "router");
    expect(router.rules.map((r) => [r.route, r.match, r.expression])).toEqual([
      ["true", "cel", '(size(state.Order_details_params.order_id) > 0) && (string(state.Order_details_params.intent) == "status")'],
      ["4f1c2b3a-9d8e-4c7b-a6f5-e4d3c2b1a098", "cel", '(string(input).contains("refund"))'],
    ]);
  });

  it("makes the extractor a structured LLM call and the template a CEL string", () => {
    const extractor = nodeOf(document, "extractor", "llm");
    expect(extractor.output_channel).toBe("Order_details_params");
    expect(extractor.output_schema).toEqual({
      type: "object",
      properties: {
        order_id: { type: "string", description: "The order number" },
        intent: { type: "string", description: "What the customer wants", enum: ["status", "refund"] },
      },
      required: ["order_id"],
    });
    expect(nodeOf(document, "refund_note", "set_state").assignments).toEqual([
      {
        channel: "Refund_note_output",
        expression: '"Refund requested for order " + string(state.Order_details_params.order_id) + ": a person will reply within a day."',
      },
    ]);
    expect(nodeOf(document, "answer_order_answer", "llm")).toMatchObject({
      model: "dify-answer",
      prompt: "{{ state.Order_lookup_result }}{{ state.Refund_note_output }}",
    });
  });

  it("keeps the environment URL, a bearer header as a secret, the JSON body with its argument, and an empty knowledge base", () => {
    const tool = document.tools.find((t) => t.id === "http_lookup");
    expect(tool?.kind === "http" && tool.config).toMatchObject({
      url: "https://orders.example.com/api/orders/lookup",
      method: "POST",
      headers: { "Content-Type": "application/json", Authorization: "Bearer {{ secrets.DIFY_ORDER_LOOKUP_AUTHORIZATION }}" },
      body: '{"order": "{{ args.a1 }}"}',
      timeout_ms: 20_000,
    });
    expect(document.knowledge_bases).toEqual([
      {
        id: "kb_retrieval",
        name: "Product_docs",
        description: "Stands for the Dify knowledge base 6a5b4c3d-2e1f-4a0b-9c8d-7e6f5a4b3c2d; add its files.",
        files: [],
      },
    ]);
    expect(document.models.find((m) => m.provider === "anthropic")).toMatchObject({ model: "claude-3-5-sonnet-20241022", temperature: 0.5, max_tokens: 800 });
  });

  it("wires every class and case to where Dify's edges went, passing through the knowledge step and the aggregator", () => {
    expect(edges(document)).toEqual([
      "start -> classifier",
      "classifier:1 -> docs_llm",
      "classifier:default -> docs_llm",
      "classifier:2 -> extractor",
      "extractor -> route",
      "route:true -> lookup",
      "route:4f1c2b3a-9d8e-4c7b-a6f5-e4d3c2b1a098 -> refund_note",
      "route:default -> answer_ask_id",
      "lookup -> answer_order_answer",
      "refund_note -> answer_order_answer",
      "classifier:3 -> careful_llm",
      "docs_llm -> end",
      "answer_ask_id -> end",
      "answer_order_answer -> end",
      "careful_llm -> end",
    ]);
  });
});
