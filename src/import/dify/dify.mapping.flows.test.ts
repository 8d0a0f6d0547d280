/**
 * What the Dify fixtures of loops, people, sub-flows, old and new DSL versions and agent apps
 * become, node by node.
 */
import { describe, expect, it } from "vitest";
import { edges, lines, nodeOf, reasonOf } from "./testing/expectations.js";
import { importFixture } from "./testing/fixtures.js";

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
      'Its input "sentence" is the user\'s message. Its input "language" became a state channel with its default: a turn here takes one message.',
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
      { channel: "Each_word_items", expression: "state.Split_words_result.words" },
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
