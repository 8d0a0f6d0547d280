/**
 * What the Dify fixtures of people, sub-flows, old and new DSL versions and agent apps become,
 * node by node (iterations and loops: dify.mapping.loops.test.ts).
 */
import { describe, expect, it } from "vitest";
import { edges, lines, nodeOf, reasonOf } from "./testing/expectations.js";
import { importFixture } from "./testing/fixtures.js";

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
    expect(nodeOf(result.document, "polish", "llm").prompt).toBe("{{ state.Translate_to_French_result }}");
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
    expect(nodeOf(document, "answer_1711528925000", "llm").prompt).toBe("{{ state.Format_prices_result.result }}{{ state.General_answer_text }}");
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
