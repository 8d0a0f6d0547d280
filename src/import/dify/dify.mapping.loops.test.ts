/**
 * What the Dify fixtures of iterations and loops become, node by node: the steps a list walk
 * and a loop are made of, and where their bodies lead back.
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

describe("nested-drafts (a loop inside an iteration, DSL 0.4.0)", () => {
  const result = importFixture("nested-drafts");

  it("leads the inner loop's exit to the iteration's next item and its body back into the loop", () => {
    expect(lines(result)).toEqual([
      "start start mapped [start]",
      "topics code mapped [topics, code_topics]",
      "each iteration approximated [each_prepare, each, each_item, each_next]",
      "eachstart iteration-start mapped [each_item]",
      "revise loop mapped [revise_init, revise]",
      "revisestart loop-start mapped [revise]",
      "draft llm mapped [draft, openai-gpt-4o-mini]",
      "bump assigner mapped [bump]",
      "end end approximated [outputs_end, end]",
    ]);
    expect(reasonOf(result, "each")).toContain("Its items run one after another, not in parallel.");
    expect(edges(result.document)).toEqual(
      expect.arrayContaining([
        "each_item -> revise_init",
        "revise:body -> draft",
        "draft -> bump",
        "bump -> revise",
        "revise:exit -> each_next",
        "each:exit -> outputs_end",
      ]),
    );
    expect(nodeOf(result.document, "bump", "set_state").assignments).toEqual([
      { channel: "Revise_round", expression: "state.Revise_round + 1" },
      { channel: "Revise_draft_text", expression: "state.Draft_text" },
    ]);
    expect(nodeOf(result.document, "each_next", "set_state").assignments[0]).toEqual({
      channel: "Each_topic_output",
      expression: "state.Each_topic_output + [state.Revise_draft_text]",
    });
  });
});
