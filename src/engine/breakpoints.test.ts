/** Breakpoints: pause before/after nodes and agent loop steps, edit state, continue, step, stop. */
import { describe, expect, it } from "vitest";
import { MemorySaver } from "@langchain/langgraph/web";
import weather from "../../examples/weather-assistant.json" with { type: "json" };
import { AIMessage, HumanMessage } from "@langchain/core/messages";
import { collectRun, compileGraph, editedValues, type Breakpoint, type CompiledDocument, type RunEvent } from "./index.js";
import { agentNode, at, chainDocument } from "./testing/documents.js";
import { ofType, stateOf, statusOf } from "./testing/humanLoop.js";
import { testServices } from "../../tests/support/services.js";
import type { BreakpointInterrupt } from "./interrupts.js";

const PARIS = "What's the weather in Paris?";

function weatherGraph(): CompiledDocument {
  return compileGraph(weather, { ...testServices(), checkpointer: new MemorySaver() });
}

function pauseOf(events: RunEvent[]): { id: string; payload: BreakpointInterrupt } {
  const event = ofType(events, "interrupt").at(-1);
  if (!event || event.payload.kind !== "breakpoint") throw new Error(`expected a breakpoint pause, got ${events.map((e) => e.type).join(", ")}`);
  return { id: event.interrupt_id, payload: event.payload };
}

const reply = (events: RunEvent[]) => ofType(events, "ai_message").at(-1)?.content ?? "";
const toolRuns = (events: RunEvent[]) => ofType(events, "tool_result").map((e) => e.tool);

describe("breakpoints", () => {
  it("pauses after an agent's tool step when its condition holds, and continues with edited messages", async () => {
    const compiled = weatherGraph();
    const breakpoints: Breakpoint[] = [{ node_id: "assistant", step: "call_tools", when: "after", condition: "state.messages.size() > 2" }];
    const first = await collectRun(compiled, { message: PARIS }, { threadId: "t1", breakpoints });
    expect(statusOf(first)).toBe("interrupted");
    const { id, payload } = pauseOf(first);
    expect(payload).toMatchObject({ node: "Assistant", node_id: "assistant", step: "call_tools", when: "after", reason: "breakpoint" });
    const messages = payload.state.messages as { id: string; role: string; content: string }[];
    const result = messages.find((m) => m.role === "tool");
    expect(result?.content).toContain("Sunny");
    // The model has not answered yet: the pause comes before call_model reads the tool result.
    expect(ofType(first, "ai_message").every((m) => m.tool_calls.length > 0)).toBe(true);

    const edited = messages.map((m) => (m === result ? { ...m, content: "Paris: Snowy, -3°C" } : m));
    const second = await collectRun(
      compiled,
      { message: "", resume: { interrupt_id: id, value: { action: "continue", edits: { messages: edited } } } },
      { threadId: "t1", breakpoints },
    );
    expect(statusOf(second)).toBe("completed");
    expect(reply(second)).toContain("Snowy");
    // The tool did not run again: answering the pause reuses the step's result.
    expect(toolRuns(second)).toEqual([]);
    const edit = ofType(second, "state_edited")[0];
    expect(edit).toMatchObject({ node: "Assistant", step: "call_tools", when: "after", channels: ["messages"] });
    const stored = stateOf(second).messages as { role: string; content: string }[];
    expect(stored.find((m) => m.role === "tool")?.content).toBe("Paris: Snowy, -3°C");
  });

  it("does not pause when the condition is false", async () => {
    const events = await collectRun(
      weatherGraph(),
      { message: PARIS },
      { threadId: "t1", breakpoints: [{ node_id: "assistant", step: "call_tools", when: "before", condition: "state.messages.size() > 50" }] },
    );
    expect(statusOf(events)).toBe("completed");
    expect(reply(events)).toContain("Sunny");
  });

  it("pauses before a step with the state it will read, and Step advances exactly one node", async () => {
    const compiled = weatherGraph();
    const breakpoints: Breakpoint[] = [{ node_id: "assistant", step: "call_tools", when: "before" }];
    const first = await collectRun(compiled, { message: PARIS }, { threadId: "t1", breakpoints });
    const before = pauseOf(first);
    expect(before.payload).toMatchObject({ step: "call_tools", when: "before" });
    expect(toolRuns(first)).toEqual([]);

    const stepped = await collectRun(
      compiled,
      { message: "", resume: { interrupt_id: before.id, value: { action: "step" } } },
      { threadId: "t1", breakpoints },
    );
    expect(statusOf(stepped)).toBe("interrupted");
    // One node ran (call_tools), and the run paused before the next one (call_model).
    expect(toolRuns(stepped)).toEqual(["get_weather"]);
    expect(pauseOf(stepped).payload).toMatchObject({ node: "Assistant", step: "call_model", when: "before", reason: "step" });
    expect(ofType(stepped, "ai_message")).toEqual([]);

    const done = await collectRun(compiled, { message: "", resume: { value: { action: "continue" } } }, { threadId: "t1", breakpoints });
    expect(statusOf(done)).toBe("completed");
    expect(reply(done)).toContain("Sunny");
  });

  it("Stop at a breakpoint ends the run as cancelled, and the thread takes the next message", async () => {
    const compiled = weatherGraph();
    const breakpoints: Breakpoint[] = [{ node_id: "assistant", step: "call_tools", when: "before" }];
    const first = await collectRun(compiled, { message: PARIS }, { threadId: "t1", breakpoints });
    const stopped = await collectRun(
      compiled,
      { message: "", resume: { interrupt_id: pauseOf(first).id, value: { action: "stop" } } },
      { threadId: "t1", breakpoints },
    );
    expect(statusOf(stopped)).toBe("cancelled");
    expect(toolRuns(stopped)).toEqual([]);
    const next = await collectRun(compiled, { message: "hello" }, { threadId: "t1" });
    expect(statusOf(next)).toBe("completed");
    expect(reply(next)).toContain("Hello!");
  });

  it("pauses before a root node and applies edits to a typed channel, refusing a value of the wrong type", async () => {
    const doc = chainDocument(
      [{ id: "set", kind: "set_state", position: at, data: { name: "Count", assignments: [{ channel: "total", expression: "state.seed * 2" }] } }],
      {
        state: {
          channels: [
            { name: "seed", type: "number", reducer: "replace", default: 1 },
            { name: "total", type: "number", reducer: "replace", default: 0 },
          ],
        },
      },
    );
    const compiled = compileGraph(doc, { ...testServices(), checkpointer: new MemorySaver() });
    const breakpoints: Breakpoint[] = [{ node_id: "set", when: "before", condition: "state.seed == 1" }];
    const first = await collectRun(compiled, { message: "go" }, { threadId: "t1", breakpoints });
    const { id, payload } = pauseOf(first);
    expect(payload.channels).toMatchObject({ messages: "messages", seed: "number", total: "number" });
    const refused = await collectRun(
      compiled,
      { message: "", resume: { interrupt_id: id, value: { action: "continue", edits: { seed: "five" } } } },
      { threadId: "t1", breakpoints },
    );
    expect(ofType(refused, "error")[0]?.message).toContain('Channel "seed" must be a number');
    expect(statusOf(refused)).toBe("interrupted");
    const done = await collectRun(
      compiled,
      { message: "", resume: { interrupt_id: id, value: { action: "continue", edits: { seed: 5 } } } },
      { threadId: "t1", breakpoints },
    );
    expect(statusOf(done)).toBe("completed");
    expect(stateOf(done)).toMatchObject({ seed: 5, total: 10 });
  });

  it("pauses inside a handoff sub-agent's loop", async () => {
    const doc = chainDocument(
      [
        agentNode("boss", {
          name: "Boss",
          script: { rules: [{ match: "weather", tool_calls: [{ name: "transfer_to_Forecaster", args: {} }] }], fallback: "ok" },
        }),
        agentNode("fc", {
          name: "Forecaster",
          tools: ["get_weather"],
          script: {
            rules: [
              { match: "weather in (?<c>\\w+)", tool_calls: [{ name: "get_weather", args: { city: "{{ match.c }}" } }] },
              { on: "tool", tool: "get_weather", reply: "Now: {{ tool_result }}" },
            ],
          },
        }),
      ],
      {
        tools: weather.tools as never,
        edges: [{ id: "d", kind: "delegation", source: "boss", target: "fc", mode: "handoff" }] as never,
      },
    );
    // Forecaster is only a handoff child of Boss: the chain's flow edges skip it.
    doc.edges = (doc.edges ?? []).filter((e) => e.kind === "delegation" || (e.source !== "fc" && e.target !== "fc"));
    doc.edges.push({ id: "boss-end", kind: "flow", source: "boss", target: "end" });
    const compiled = compileGraph(doc, { ...testServices(), checkpointer: new MemorySaver() });
    const breakpoints: Breakpoint[] = [{ node_id: "fc", step: "call_tools", when: "before" }];
    const first = await collectRun(compiled, { message: "weather in Oslo" }, { threadId: "t1", breakpoints });
    expect(pauseOf(first).payload).toMatchObject({ node: "Forecaster", step: "call_tools", agent: "Forecaster" });
    const done = await collectRun(compiled, { message: "", resume: { value: { action: "continue" } } }, { threadId: "t1", breakpoints });
    expect(statusOf(done)).toBe("completed");
    expect(reply(done)).toContain("Now:");
  });
});

describe("editedValues", () => {
  it("applies an edited message list (changed, deleted, added) and replaces other channels", () => {
    const values = { messages: [new HumanMessage({ id: "m1", content: "hi" }), new AIMessage({ id: "m2", content: "Hello!" })], count: 1 };
    const next = editedValues(
      values,
      {
        messages: [
          { id: "m2", role: "ai", content: "Bonjour!" },
          { role: "human", content: "and you?" },
        ],
        count: 2,
      },
      () => "m9",
    );
    const messages = next.messages as (HumanMessage | AIMessage)[];
    expect(messages.map((m) => [m.id, m.getType(), m.content])).toEqual([
      ["m2", "ai", "Bonjour!"],
      ["m9", "human", "and you?"],
    ]);
    expect(next.count).toBe(2);
    // The original state is untouched.
    expect(values.messages.map((m) => m.content)).toEqual(["hi", "Hello!"]);
  });
});
