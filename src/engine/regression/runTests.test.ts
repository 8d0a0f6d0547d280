import { describe, expect, it } from "vitest";
import weather from "../../../examples/weather-assistant.json" with { type: "json" };
import routed from "../../../examples/routed-support.json" with { type: "json" };
import { assertValid, recordingOf, type GraphDocument, type GraphTestInput } from "../../schema/index.js";
import { collectRun, compileGraph, runTests, type TestProgress } from "../index.js";
import { assistantDoc } from "../testing/humanLoop.js";
import { agentNode, chainDocument } from "../testing/documents.js";
import { InMemoryStore } from "@langchain/langgraph/web";
import { memoryNamespace } from "../multiagent/memoryTools.js";
import { testServices } from "../../../tests/support/services.js";

/** A document with these tests, its models as they are. */
function withTests(source: unknown, tests: GraphTestInput[], patch: (doc: GraphDocument) => void = () => undefined): GraphDocument {
  const doc = assertValid({ ...(source as object), tests });
  patch(doc);
  return doc;
}

const paris = (assertions: GraphTestInput["assertions"], extra: Partial<GraphTestInput> = {}): GraphTestInput => ({
  id: "paris",
  name: "Paris",
  turns: [{ message: "What's the weather in Paris?" }],
  assertions,
  ...extra,
});

describe("runTests", () => {
  it("passes a scripted test whose reply and tool call hold", async () => {
    const doc = withTests(weather, [
      paris([
        { kind: "reply_contains", text: "Sunny" },
        { kind: "tool_called", tool: "get_weather", args: { city: "Paris" } },
        { kind: "tool_called", tool: "get_weather", args_match: { city: "^Par" } },
        { kind: "tool_not_called", tool: "calculator" },
        { kind: "reply_matches", pattern: "sunny, \\d+°c", flags: "i" },
      ]),
    ]);
    const report = await runTests(doc, testServices());
    expect(report).toMatchObject({ passed: 1, failed: 0 });
    expect(report.results[0]?.assertions.every((a) => a.passed)).toBe(true);
  });

  it("fails an assertion that does not hold and says what was expected and what the reply was", async () => {
    const doc = withTests(weather, [paris([{ kind: "reply_contains", text: "Rainy" }])]);
    const [result] = (await runTests(doc, testServices())).results;
    expect(result?.status).toBe("failed");
    expect(result?.assertions[0]).toMatchObject({
      passed: false,
      summary: 'Reply contains "Rainy"',
      turn: 1,
      expected: 'a reply containing "Rainy"',
      actual: "Right now: Sunny, 21°C, light wind in Paris.",
    });
  });

  it("lists the calls a turn made when a tool call with those arguments is missing", async () => {
    const doc = withTests(weather, [paris([{ kind: "tool_called", tool: "get_weather", args: { city: "London" } }])]);
    const [result] = (await runTests(doc, testServices())).results;
    expect(result?.assertions[0]).toMatchObject({ passed: false, actual: 'get_weather {"city":"Paris"}' });
  });

  it("checks each assertion against the turn it names", async () => {
    const doc = withTests(weather, [
      paris(
        [
          { kind: "tool_called", tool: "get_weather", turn: 1 },
          { kind: "tool_called", tool: "calculator" },
          { kind: "tool_not_called", tool: "get_weather" },
          { kind: "reply_contains", text: "x", turn: 3 },
        ],
        { turns: [{ message: "What's the weather in Paris?" }, { message: "calculate 6 * (3 + 4)" }] },
      ),
    ]);
    const [result] = (await runTests(doc, testServices())).results;
    expect(result?.assertions.map((a) => a.passed)).toEqual([true, true, true, false]);
    expect(result?.assertions[3]).toMatchObject({ actual: "the test has 2 turns" });
  });

  it("evaluates a CEL expression over the final state, and fails one that does not parse", async () => {
    const doc = withTests(weather, [
      paris([
        { kind: "state", expression: "state.messages.size() >= 4" },
        { kind: "state", expression: "state.messages.size() >" },
      ]),
    ]);
    const [result] = (await runTests(doc, testServices())).results;
    expect(result?.assertions[0]?.passed).toBe(true);
    expect(result?.assertions[1]).toMatchObject({ passed: false, expected: "true" });
    expect(result?.assertions[1]?.actual).toMatch(/^CEL_SYNTAX/);
  });

  it("checks the route a Router took", async () => {
    const doc = withTests(routed, [
      {
        id: "billing",
        name: "Billing",
        turns: [{ message: "I want a refund for my invoice" }],
        assertions: [
          { kind: "route", route: "billing" },
          { kind: "route", route: "crisis" },
        ],
      },
    ]);
    const [result] = (await runTests(doc, testServices())).results;
    expect(result?.assertions.map((a) => a.passed)).toEqual([true, false]);
    expect(result?.assertions[1]?.actual).toBe("billing");
  });

  it("answers a pause with the next turn's answer", async () => {
    const doc = withTests(assistantDoc(), [
      {
        id: "approve",
        name: "Approve the delete",
        turns: [{ message: "delete task 7" }, { resume: { decision: "approve" } }],
        assertions: [
          { kind: "reply_contains", text: "Deleted task 7", turn: 2 },
          // A destructive call runs once approved: in the turn that answers the pause.
          { kind: "tool_not_called", tool: "delete_task", turn: 1 },
          { kind: "tool_called", tool: "delete_task", args_match: { id: "^7$" }, turn: 2 },
        ],
      },
    ]);
    const [result] = (await runTests(doc, testServices())).results;
    expect(result?.status).toBe("passed");
  });

  it("replays recorded model replies while the tools run again", async () => {
    const recorded = assertValid(weather);
    const events = await collectRun(compileGraph(recorded, testServices()), { message: "What's the weather in London?" }, { threadId: "rec" });
    const recording = recordingOf(events);
    // The recording asked about London: the replayed model calls get_weather for London whatever the message says.
    const doc = withTests(weather, [
      paris(
        [
          { kind: "tool_called", tool: "get_weather", args: { city: "London" } },
          { kind: "reply_contains", text: "Drizzle" },
        ],
        { mode: "replay", recording },
      ),
    ]);
    const [result] = (await runTests(doc, testServices())).results;
    expect(result?.status).toBe("passed");
  });

  it("fails a replay whose graph asks its model more often than the recording answered", async () => {
    const doc = withTests(weather, [paris([], { mode: "replay", recording: { replies: { Assistant: [] } } })]);
    const [result] = (await runTests(doc, testServices())).results;
    expect(result?.status).toBe("failed");
    expect(result?.assertions[0]).toMatchObject({ summary: "Turn 1 runs without an error", passed: false });
    expect(result?.assertions[0]?.actual).toContain("The recording has no further reply");
  });

  it("cannot replay without a recording", async () => {
    const [result] = (await runTests(withTests(weather, [paris([], { mode: "replay" })]), testServices())).results;
    expect(result).toMatchObject({ status: "error", error: expect.stringContaining("needs a recording") });
  });

  it("keeps a scripted test offline: a profile of another provider is refused, not called", async () => {
    const doc = withTests(weather, [paris([{ kind: "reply_contains", text: "Sunny" }])], (d) => {
      d.models = [{ ...d.models[0]!, provider: "openai", model: "gpt-4o-mini" }];
    });
    const [result] = (await runTests(doc, testServices())).results;
    expect(result?.status).toBe("failed");
    expect(result?.assertions[0]?.actual).toContain("a scripted test runs offline");
  });

  it("runs a live test on the models the caller passes", async () => {
    const doc = withTests(weather, [paris([{ kind: "reply_contains", text: "Sunny" }], { mode: "live" })]);
    expect((await runTests(doc, testServices())).passed).toBe(1);
  });

  it("runs each test on a fresh thread", async () => {
    const first = paris([{ kind: "state", expression: "state.messages.size() == 4" }]);
    const doc = withTests(weather, [first, { ...first, id: "again", name: "Again" }]);
    const report = await runTests(doc, testServices());
    expect(report.results.map((r) => r.status)).toEqual(["passed", "passed"]);
  });

  it("runs each test with a long-term memory of its own: the caller's memories are neither read nor written", async () => {
    const agent = agentNode("a", {
      name: "Support",
      memory: true,
      script: {
        rules: [
          { match: "I like (?<what>\\w+)", tool_calls: [{ name: "remember", args: { key: "likes", content: "likes {{ match.what }}" } }] },
          { match: "what do I like", tool_calls: [{ name: "recall", args: {} }] },
          { on: "tool", reply: "Memory: {{ tool_result }}" },
        ],
      },
    });
    const doc = withTests({ ...chainDocument([agent]), meta: { id: "mem", name: "Mem" } }, [
      { id: "ask", name: "Ask", turns: [{ message: "what do I like?" }], assertions: [{ kind: "reply_contains", text: "Nothing in long-term memory" }] },
      {
        id: "tell",
        name: "Tell",
        turns: [{ message: "I like tea" }, { message: "what do I like?" }],
        assertions: [{ kind: "reply_contains", text: "likes tea" }],
      },
    ]);
    const store = new InMemoryStore();
    await store.put(memoryNamespace("mem", "Support"), "likes", { content: "likes coffee" });
    const report = await runTests(doc, { ...testServices(), store });
    expect(report.results.map((r) => r.status)).toEqual(["passed", "passed"]);
    expect((await store.search(memoryNamespace("mem", "Support"))).map((item) => item.value.content)).toEqual(["likes coffee"]);
  });

  it("reports progress, runs only the chosen tests and stops when asked", async () => {
    const doc = withTests(weather, [paris([]), { ...paris([]), id: "two", name: "Two" }, { ...paris([]), id: "three", name: "Three" }]);
    const progress: TestProgress[] = [];
    const only = await runTests(doc, testServices(), { only: ["two"], onProgress: (p) => progress.push(p) });
    expect(only.results.map((r) => r.id)).toEqual(["two"]);
    expect(progress.map((p) => p.type)).toEqual(["test_start", "test_end"]);

    const controller = new AbortController();
    const stopped = await runTests(doc, testServices(), { signal: controller.signal, onProgress: (p) => p.type === "test_end" && controller.abort() });
    expect(stopped.results).toHaveLength(1);
  });
});
