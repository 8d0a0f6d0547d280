/**
 * What each Dify fixture becomes, node by node: the report line of every source node, the
 * nodes, edges, tools and model profiles it produced, and that the graph validates.
 */
import { describe, expect, it } from "vitest";
import { graphDocumentSchema, type GraphDocument, type NodeOfKind, type NodeKind } from "../../schema/index.js";
import type { ImportResult } from "../builder.js";
import { detectImporter, importForeign } from "../index.js";
import { difyImporter } from "./index.js";
import { FIXTURES, fixtureData, importFixture, IMPORT_CONTEXT } from "./testing/fixtures.js";

const lines = ({ report }: ImportResult) => report.nodes.map((n) => `${n.id} ${n.type} ${n.status} [${n.to.join(", ")}]`);
const edges = (document: GraphDocument) => document.edges.map((e) => `${e.source}${e.source_handle ? `:${e.source_handle}` : ""} -> ${e.target}`);
const reasonOf = ({ report }: ImportResult, id: string) => report.nodes.find((n) => n.id === id)?.reason ?? "";

function nodeOf<K extends NodeKind>(document: GraphDocument, id: string, kind: K): NodeOfKind<K>["data"] {
  const node = document.nodes.find((n) => n.id === id);
  expect(node?.kind, `node ${id}`).toBe(kind);
  return node?.data as NodeOfKind<K>["data"];
}

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
      "You help travellers. The weather service said: {{ results.Weather_lookup }}\n\nUse the tools for the time, sums and anything you need to look up.",
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
    expect(nodeOf(document, "1733100000002", "tool")).toEqual({ name: "Weather_lookup", tool: "http_1733100000002", args: { a1: "{{ input }}" } });
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
    expect(document.state.channels.map((c) => c.name)).toEqual(["last_city"]);
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
      prompt: "{{ results.Order_lookup }}{{ state.Refund_note_output }}",
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

describe("word-iteration (JavaScript code, an iteration over its output, a Jinja template)", () => {
  const result = importFixture("word-iteration");
  const { document } = result;

  it("reports each node", () => {
    expect(lines(result)).toEqual([
      "1740000000001 start approximated [start]",
      "split code mapped [split, code_split]",
      "each iteration mapped [each_prepare, each, each_item, each_next]",
      "eachstart iteration-start mapped [each_item]",
      "line llm mapped [line, openai-gpt-4o-mini]",
      "join template-transform approximated [join]",
      "summary llm mapped [summary, openai-gpt-4o-mini]",
      "1740000000009 end mapped [end]",
    ]);
    expect(reasonOf(result, "1740000000001")).toBe(
      'Its input "sentence" is the user\'s message. Its inputs "language" became state channels with their defaults: a turn here takes one message.',
    );
  });

  it("keeps the JavaScript as a tool that calls main with the node's variables", () => {
    const tool = document.tools.find((t) => t.id === "code_split");
    expect(tool?.kind).toBe("javascript");
    expect(tool?.kind === "javascript" && tool.config.code.endsWith("\nreturn main(args);")).toBe(true);
    expect(nodeOf(document, "split", "tool").args).toEqual({ text: "{{ input }}" });
  });

  it("walks the list with an index: prepare, loop, take the item, body, collect the output", () => {
    expect(nodeOf(document, "each_prepare", "set_state").assignments).toEqual([
      { channel: "Each_word_items", expression: "results.Split_words.words" },
      { channel: "Each_word_index", expression: "0" },
      { channel: "Each_word_output", expression: "[]" },
    ]);
    expect(nodeOf(document, "each", "loop").condition).toBe("state.Each_word_index < size(state.Each_word_items)");
    expect(nodeOf(document, "each_item", "set_state").assignments).toEqual([
      { channel: "Each_word_item", expression: "state.Each_word_items[state.Each_word_index]" },
    ]);
    expect(nodeOf(document, "each_next", "set_state").assignments).toEqual([
      { channel: "Each_word_output", expression: "state.Each_word_output + [state.Line_per_word_text]" },
      { channel: "Each_word_index", expression: "state.Each_word_index + 1" },
    ]);
    expect(nodeOf(document, "line", "llm")).toMatchObject({
      system_prompt: "Write one short line about the word you are given, in {{ state.language }}.",
      prompt: "Word {{ state.Each_word_index }}: {{ state.Each_word_item }}",
    });
    expect(edges(document)).toEqual([
      "each_prepare -> each",
      "each:body -> each_item",
      "each_next -> each",
      "start -> split",
      "split -> each_prepare",
      "each_item -> line",
      "each:exit -> join",
      "join -> summary",
      "summary -> end",
      "line -> each_next",
    ]);
  });
});

describe("counting-loop (loop variables, break conditions, an assigner, Loop End, a non-OpenAI model)", () => {
  const result = importFixture("counting-loop");
  const { document } = result;

  it("reports each node", () => {
    expect(lines(result)).toEqual([
      "1754827922555 start mapped [start]",
      "1754827949615 loop mapped [1754827949615_init, 1754827949615]",
      "1754827949615start loop-start mapped [1754827949615]",
      "1754827988715 assigner mapped [1754827988715]",
      "1754828000001 if-else mapped [1754828000001]",
      "1754828000002 loop-end mapped [1754828000002]",
      "1754828005000 llm approximated [1754828005000, openai-deepseek-chat]",
      "1754828005059 end approximated [outputs_1754828005059, end]",
    ]);
    expect(reasonOf(result, "1754828005000")).toContain('Model provider "langgenius/deepseek/deepseek" became an OpenAI-compatible profile');
  });

  it("sets the loop variables, loops while no break holds, counts with the assigner and breaks with a flag", () => {
    expect(nodeOf(document, "1754827949615_init", "set_state").assignments).toEqual([
      { channel: "Count_up_break", expression: "false" },
      { channel: "Count_up_num", expression: "1" },
    ]);
    expect(nodeOf(document, "1754827949615", "loop")).toMatchObject({
      condition: '!state.Count_up_break && !((double(state.Count_up_num) >= double("5")))',
      max_loops: 10,
    });
    expect(nodeOf(document, "1754827988715", "set_state").assignments).toEqual([{ channel: "Count_up_num", expression: "state.Count_up_num + 1" }]);
    expect(nodeOf(document, "1754828000001", "if").condition).toBe('(double(state.Count_up_num) == double("3"))');
    expect(nodeOf(document, "1754828000002", "set_state").assignments).toEqual([{ channel: "Count_up_break", expression: "true" }]);
    expect(document.models[0]).toMatchObject({ provider: "openai", model: "deepseek-chat", temperature: 1 });
    expect(document.models[0]?.base_url).toBeUndefined();
  });

  it("leads the body's open ends back to the Loop and says the End's outputs in one reply", () => {
    expect(edges(document)).toEqual([
      "1754827949615_init -> 1754827949615",
      "outputs_1754828005059 -> end",
      "start -> 1754827949615_init",
      "1754827949615:body -> 1754827988715",
      "1754827988715 -> 1754828000001",
      "1754828000001:true -> 1754828000002",
      "1754827949615:exit -> 1754828005000",
      "1754828005000 -> outputs_1754828005059",
      "1754828000001:false -> 1754827949615",
      "1754828000002 -> 1754827949615",
    ]);
    expect(nodeOf(document, "outputs_1754828005059", "llm").prompt).toBe("words: {{ state.Say_the_count_text }}\nnum: {{ state.Count_up_num }}");
  });
});

describe("refund-approval (human input with buttons, a timeout branch and email delivery)", () => {
  const result = importFixture("refund-approval");

  it("makes the form a Question whose options are its buttons and says what is not carried over", () => {
    expect(lines(result)).toEqual([
      "start start mapped [start]",
      "draft llm mapped [draft, openai-gpt-4.1-mini]",
      "review human-input approximated [review]",
      "approved answer mapped [answer_approved]",
      "rejected answer mapped [answer_rejected]",
    ]);
    const question = nodeOf(result.document, "review", "question");
    expect(question.options).toEqual([
      { id: "approve", label: "Approve" },
      { id: "reject", label: "Reject" },
    ]);
    expect(question.question).toContain("{{ state.Draft_decision_text }}");
    expect(question.question).toContain("Comment: [comment]");
    expect(reasonOf(result, "review")).toBe(
      'The form\'s fields (comment) are not asked: the person picks one of its buttons. Its email delivery is not carried over: the question is asked in the chat. Its branch "__timeout" is not carried over.',
    );
    expect(edges(result.document)).toEqual([
      "start -> draft",
      "draft -> review",
      "review:approve -> answer_approved",
      "review:reject -> answer_rejected",
      "answer_approved -> end",
      "answer_rejected -> end",
    ]);
  });
});

describe("parent-flow (a workflow published as a tool: a sub-flow)", () => {
  const result = importFixture("parent-flow");

  it("makes the workflow tool a Subgraph of the sub-flow's id and reads its reply", () => {
    expect(lines(result)).toEqual([
      "start start mapped [start]",
      "translate tool approximated [translate]",
      "polish llm mapped [polish, openai-gpt-4o-mini]",
      "end end mapped [end]",
    ]);
    expect(nodeOf(result.document, "translate", "subgraph")).toMatchObject({ graph: "dify-3c2b1a09-8f7e-4d6c-b5a4-938271605f4e", input: "{{ input }}" });
    expect(nodeOf(result.document, "polish", "llm").prompt).toBe("{{ results.Translate_to_French.reply }}");
    expect(result.report.notes).toContain(
      'Sub-flow "Translate to French" (Dify app 3c2b1a09-8f7e-4d6c-b5a4-938271605f4e): import that app as a graph with the id "dify-3c2b1a09-8f7e-4d6c-b5a4-938271605f4e", or pick another graph in the Subgraph node.',
    );
  });
});

describe("pricing-bot-v0.1 (DSL 0.1.0: one condition list, a string body, Python code, the old aggregator)", () => {
  const result = importFixture("pricing-bot-v0.1");
  const { document } = result;

  it("reads the old shapes", () => {
    expect(lines(result)).toEqual([
      "1711528914102 start mapped [start]",
      "1711528915811 if-else mapped [1711528915811]",
      "1711528917469 http-request mapped [1711528917469, http_1711528917469]",
      "1711528919501 code unmapped [1711528919501_code]",
      "1711528923477 llm approximated [1711528923477, openai-gpt-3.5-turbo]",
      "1711528921830 variable-assigner approximated []",
      "1711528925000 answer mapped [answer_1711528925000]",
    ]);
    expect(nodeOf(document, "1711528915811", "if").condition).toBe('(string(input).contains("price"))');
    const tool = document.tools[0];
    expect(tool?.kind === "http" && tool.config).toMatchObject({
      method: "POST",
      body: '{"query": "{{ args.a1 }}"}',
      headers: { Authorization: "Bearer {{ secrets.DIFY_PRICE_SERVICE_API_KEY }}" },
    });
  });

  it("keeps Python in a note, never in a tool, and reads the aggregator as whichever branch ran", () => {
    const note = nodeOf(document, "1711528919501_code", "note");
    expect(note.text).toContain("def main(body: str) -> dict:");
    expect(document.tools.some((t) => t.kind === "javascript")).toBe(false);
    expect(nodeOf(document, "answer_1711528925000", "llm").prompt).toBe("{{ results.Format_prices.result }}{{ state.General_answer_text }}");
    expect(edges(document)).toContain("1711528917469 -> answer_1711528925000");
  });
});

describe("travel-agent-chat (an agent app of DSL 0.1.5: model_config, tools, a dataset, input variables)", () => {
  const result = importFixture("travel-agent-chat");
  const { document } = result;

  it("lists the model setup, each tool and the dataset", () => {
    expect(lines(result)).toEqual([
      "model_config agent-chat approximated [assistant, openai-gpt-4o]",
      "tool:1:current_time tool:builtin mapped [assistant]",
      "tool:2:searchFlights tool:api approximated [tool_searchFlights]",
      "tool:3:dalle3 tool:builtin unmapped []",
      "dataset:1b2c3d4e-5f60-4718-8293-a4b5c6d7e8f9 dataset approximated [kb_1b2c3d4e-5f60-4718-8293-a4b5c6d7e8f9]",
    ]);
  });

  it("makes one agent with the prompt's variables as channels, its tools and the knowledge base", () => {
    const agent = nodeOf(document, "assistant", "agent");
    expect(agent).toMatchObject({
      model: "openai-gpt-4o",
      max_iterations: 6,
      tools: ["tool_searchFlights"],
      knowledge_bases: ["kb_1b2c3d4e-5f60-4718-8293-a4b5c6d7e8f9"],
      system_prompt: "You are a travel helper for {{ state.traveller }}. Keep answers short; the home airport is {{ state.home_airport }}.",
    });
    expect(agent.default_tools).toContain("get_time_date");
    expect(document.state.channels).toEqual([
      { name: "traveller", type: "any", reducer: "replace", default: "the traveller" },
      { name: "home_airport", type: "any", reducer: "replace", default: "CDG" },
    ]);
    expect(edges(document)).toEqual(["start -> assistant", "assistant -> end"]);
    expect(result.report.notes).toContain(
      'Custom API tool provider "Flight search API" (Dify workspace): import its OpenAPI document as HTTP tools; put its credentials in Settings as named secrets.',
    );
  });
});

describe("future-version (DSL 0.9.0 with node types this importer does not know)", () => {
  const result = importFixture("future-version");

  it("imports what it recognises, reports the rest as unmapped, and says the version is newer", () => {
    expect(lines(result)).toEqual([
      "trigger trigger-webhook approximated [start]",
      "gauge sentiment-gauge unmapped []",
      "reply llm mapped [reply, openai-gpt-5-mini]",
      "done end mapped [end]",
    ]);
    expect(result.report.notes[0]).toMatch(/^This file is Dify DSL version 0\.9\.0, newer than the versions this importer knows/);
    expect(result.report.notes).toContain('Edge "e4" points at "ghost", which is not in the file; it was left out.');
    expect(edges(result.document)).toEqual(["start -> reply", "reply -> end"]);
  });
});

describe("detection", () => {
  it("claims Dify DSL only: not Flowise, Langflow, n8n or Graphwright documents", () => {
    const others: unknown[] = [
      { nodes: [{ id: "startAgentflow_0", data: { name: "startAgentflow" } }], edges: [] },
      { description: "x", usecases: [], nodes: [], edges: [] },
      { AgentFlowV2: [{ name: "A", flowData: "{}" }] },
      { data: { nodes: [], edges: [] }, name: "Langflow flow", description: "" },
      { name: "n8n", nodes: [{ name: "When chat message received", type: "@n8n/n8n-nodes-langchain.chatTrigger" }], connections: {} },
      { version: 1, meta: { id: "g", name: "G" }, nodes: [{ id: "s", kind: "start" }] },
      { app: { name: "no mode" }, workflow: { graph: {} } },
      { app: { mode: "workflow" } },
    ];
    for (const other of others) expect(difyImporter.detect(other)).toBe(false);
    expect(difyImporter.detect({ app: { mode: "advanced-chat" }, kind: "app", version: "0.3.1", workflow: { graph: { nodes: [], edges: [] } } })).toBe(true);
  });

  it("says what is missing for a Dify file without a flow, and refuses an app of no known shape", () => {
    expect(() => difyImporter.flows({ app: { mode: "workflow" } })).toThrow(/not a Dify DSL file/);
    expect(() => importForeign("app:\n  mode: workflow\n", IMPORT_CONTEXT)).toThrow(/not a Flowise, Langflow, n8n or Dify workflow/);
  });
});
