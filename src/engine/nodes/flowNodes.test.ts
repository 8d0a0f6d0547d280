import { describe, expect, it } from "vitest";
import { collectRun, compileGraph, type GraphLibrary } from "../index.js";
import { at, chainDocument } from "../testing/documents.js";
import { testServices, type RecordedCall } from "../../../tests/support/services.js";
import type { GraphDocumentInput } from "../../schema/index.js";
import { errorOf, stateOf } from "../testing/humanLoop.js";

const final = stateOf;

describe("LLM node with structured output", () => {
  const schema = {
    type: "object",
    properties: { done: { type: "boolean" }, score: { type: "number" } },
    required: ["done", "score"],
    additionalProperties: false,
  };
  const judgeDoc = (reply: string) =>
    chainDocument(
      [
        {
          id: "judge",
          kind: "llm",
          position: at,
          data: { name: "judge", model: "scripted", output_schema: schema, output_channel: "verdict", script: { rules: [{ reply }] } },
        },
      ],
      {
        state: { channels: [{ name: "verdict", type: "object" }] },
      },
    );

  it("asks for JSON matching the schema and stores the parsed value in its output channel and results", async () => {
    const calls: RecordedCall[] = [];
    const events = await collectRun(
      compileGraph(judgeDoc('```json\n{"done": true, "score": 0.9}\n```'), testServices({ calls })),
      { message: "judge this" },
      { threadId: "so-ok" },
    );
    const state = final(events);
    expect(state.verdict).toEqual({ done: true, score: 0.9 });
    expect((state.results as Record<string, unknown>).judge).toEqual({ done: true, score: 0.9 });
    expect(String(calls[0]?.messages[0]?.content)).toContain('"required":["done","score"]');
  });

  it("fails with STRUCTURED_OUTPUT_ERROR quoting the reply when the model returns junk", async () => {
    const events = await collectRun(compileGraph(judgeDoc("Sure! It looks done to me."), testServices()), { message: "judge this" }, { threadId: "so-junk" });
    expect(errorOf(events)).toMatchObject({ code: "STRUCTURED_OUTPUT_ERROR" });
    expect(errorOf(events)?.message).toMatch(/LLM "judge" was asked for JSON but replied "Sure! It looks done to me\."/);
  });

  it("fails with STRUCTURED_OUTPUT_ERROR naming the field when the JSON does not match the schema", async () => {
    const events = await collectRun(compileGraph(judgeDoc('{"done": "yes", "score": 1}'), testServices()), { message: "judge this" }, { threadId: "so-bad" });
    expect(errorOf(events)).toMatchObject({ code: "STRUCTURED_OUTPUT_ERROR" });
    expect(errorOf(events)?.message).toMatch(/does not match its output schema — \/done: /);
  });
});

describe("Subgraph node", () => {
  const childDoc: GraphDocumentInput = {
    ...chainDocument([
      { id: "echo", kind: "llm", position: at, data: { name: "echo", model: "scripted", script: { rules: [{ reply: "Child heard: {{ input }}" }] } } },
    ]),
    meta: { id: "child", name: "Child" },
  };
  const parentDoc = (graph: string, outputs: { from: string; to: string }[] = []): GraphDocumentInput => ({
    ...chainDocument(
      [{ id: "sub", kind: "subgraph", position: at, data: { name: "sub", graph, input: "Topic: {{ input }}", output_channel: "answer", outputs } }],
      {
        state: {
          channels: [
            { name: "answer", type: "string" },
            { name: "child_messages", type: "array" },
          ],
        },
      },
    ),
    meta: { id: "parent", name: "Parent" },
  });
  const library = (docs: Record<string, GraphDocumentInput>): GraphLibrary => ({ load: async (id) => docs[id] ?? null });

  it("runs the saved graph on the rendered input and maps its reply and channels back", async () => {
    const services = { ...testServices(), graphs: library({ child: childDoc }) };
    const events = await collectRun(
      compileGraph(parentDoc("child", [{ from: "messages", to: "child_messages" }]), services),
      { message: "tides" },
      { threadId: "sub-ok" },
    );
    const state = final(events);
    expect(errorOf(events)).toBeUndefined();
    expect(state.answer).toBe("Child heard: Topic: tides");
    expect((state.messages as { role: string; content: string }[]).at(-1)).toMatchObject({ role: "ai", content: "Child heard: Topic: tides" });
    expect((state.child_messages as { role: string }[]).map((m) => m.role)).toEqual(["human", "ai"]);
    expect(events.find((e) => e.type === "ai_message" && e.node === "sub")).toMatchObject({ content: "Child heard: Topic: tides" });
    expect(events.filter((e) => e.type === "ai_message")).toHaveLength(1);
  });

  it("shows the saved graph's tool calls under the Subgraph node", async () => {
    const withTool: GraphDocumentInput = {
      ...chainDocument([{ id: "look", kind: "tool", position: at, data: { name: "look", tool: "kb", args: { q: "{{ input }}" } } }], {
        tools: [{ id: "kb", kind: "mock", name: "kb_search", config: { default: "3 articles" } }],
      }),
      meta: { id: "child", name: "Child with a tool" },
    };
    const services = { ...testServices(), graphs: library({ child: withTool }) };
    const events = await collectRun(compileGraph(parentDoc("child"), services), { message: "tides" }, { threadId: "sub-tools" });
    expect(events.find((e) => e.type === "tool_call")).toMatchObject({ node: "sub", tool: "kb_search", args: { q: "Topic: tides" } });
    expect(events.find((e) => e.type === "tool_result")).toMatchObject({ node: "sub", result: "3 articles" });
  });

  it("fails with SUBGRAPH_NOT_FOUND for a graph that is not saved", async () => {
    const services = { ...testServices(), graphs: library({}) };
    const events = await collectRun(compileGraph(parentDoc("nowhere"), services), { message: "x" }, { threadId: "sub-missing" });
    expect(errorOf(events)).toMatchObject({ code: "SUBGRAPH_NOT_FOUND" });
    expect(errorOf(events)?.message).toMatch(/Subgraph "sub": there is no saved graph "nowhere"/);
  });

  it("fails with SUBGRAPH_CYCLE when saved graphs run each other", async () => {
    const loopBack: GraphDocumentInput = { ...parentDoc("parent"), meta: { id: "child", name: "Child that calls its parent" } };
    const services = { ...testServices(), graphs: library({ child: loopBack, parent: parentDoc("child") }) };
    const events = await collectRun(compileGraph(parentDoc("child"), services), { message: "x" }, { threadId: "sub-cycle" });
    expect(errorOf(events)).toMatchObject({ code: "SUBGRAPH_CYCLE" });
    expect(errorOf(events)?.message).toMatch(/parent → child → parent/);
  });

  it("reports the inner failure of the saved graph with SUBGRAPH_FAILED", async () => {
    const broken: GraphDocumentInput = {
      ...childDoc,
      nodes: childDoc.nodes.map((n) => (n.id === "echo" ? { ...n, data: { ...(n.data as object), model: "gone" } } : n)) as GraphDocumentInput["nodes"],
    };
    const services = { ...testServices(), graphs: library({ child: broken }) };
    const events = await collectRun(compileGraph(parentDoc("child"), services), { message: "x" }, { threadId: "sub-broken" });
    expect(errorOf(events)).toMatchObject({ code: "SUBGRAPH_FAILED" });
    expect(errorOf(events)?.message).toMatch(/saved graph "child" cannot run/);
  });
});
