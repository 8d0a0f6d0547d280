import { describe, expect, it } from "vitest";
import weather from "../../../examples/weather-assistant.json" with { type: "json" };
import personal from "../../../examples/personal-assistant.json" with { type: "json" };
import { collectRun, compileGraph, runTests, type RunEvent } from "../../engine/index.js";
import { assertValid, type GraphDocument } from "../../schema/index.js";
import { testServices } from "../../../tests/support/services.js";
import { defaultTestName, keyText, newTestId, proposeTest } from "./proposeTest";
import { assertionOf, changeKind, draftOf, testDraftOf, testFromDraft, type AssertionDraft } from "./testDraft";

/** Plays turns on one thread and returns the thread's events, as the playground keeps them. */
async function thread(document: GraphDocument, turns: Parameters<typeof collectRun>[1][]): Promise<RunEvent[]> {
  const compiled = compileGraph(document, testServices());
  const events: RunEvent[] = [];
  for (const turn of turns) events.push(...(await collectRun(compiled, turn, { threadId: "t" })));
  return events;
}

const weatherDoc = assertValid({ ...weather, tests: [] });

describe("proposeTest", () => {
  it("records the thread's message, its model replies, the tool call and the reply's key text", async () => {
    const events = await thread(weatherDoc, [{ message: "What's the weather in Paris?" }]);
    const test = proposeTest(events, weatherDoc, { id: "t1", name: "Paris" });
    expect(test).toMatchObject({ id: "t1", mode: "scripted", turns: [{ message: "What's the weather in Paris?" }] });
    expect(test?.assertions).toEqual([
      { kind: "tool_called", tool: "get_weather", args: { city: "Paris" } },
      { kind: "reply_contains", text: "Right now: Sunny, 21°C, light wind in Paris." },
    ]);
    expect(test?.recording?.replies["Assistant"]?.map((r) => r.tool_calls.map((c) => c.name))).toEqual([["get_weather"], []]);
  });

  it("proposes a test that passes when run, scripted and replayed", async () => {
    const events = await thread(weatherDoc, [{ message: "What's the weather in Paris?" }, { message: "calculate 6 * (3 + 4)" }]);
    const test = proposeTest(events, weatherDoc, { id: "t1", name: "Two turns" });
    if (!test) throw new Error("no test proposed");
    expect(test.assertions.find((a) => a.kind === "tool_called" && a.tool === "get_weather")).toMatchObject({ turn: 1 });
    const document = { ...weatherDoc, tests: [test, { ...test, id: "t2", mode: "replay" as const }] };
    const report = await runTests(document, testServices());
    expect(report.results.flatMap((r) => r.assertions.filter((a) => !a.passed))).toEqual([]);
    expect(report.results.map((r) => r.status)).toEqual(["passed", "passed"]);
  });

  it("keeps an answer to a pause as a turn of its own", async () => {
    const doc = assertValid(personal);
    const events = await thread(doc, [{ message: "delete task 7" }, { message: "Approve", resume: { value: { decision: "approve" } } }]);
    const test = proposeTest(events, doc, { id: "t", name: "Delete" });
    expect(test?.turns).toEqual([{ message: "delete task 7" }, { resume: { decision: "approve" } }]);
    expect(test?.assertions).toContainEqual({ kind: "tool_called", tool: "delete_task", args: { id: "7" } });
  });

  it("keeps only the chosen turns, and only their replies in the recording", async () => {
    const events = await thread(weatherDoc, [{ message: "hello" }, { message: "What's the weather in Paris?" }]);
    const test = proposeTest(events, weatherDoc, { id: "t", name: "x" }, new Set([1]));
    expect(test?.turns).toEqual([{ message: "What's the weather in Paris?" }]);
    expect(test?.recording?.replies["Assistant"]).toHaveLength(2);
    const report = await runTests({ ...weatherDoc, tests: test ? [{ ...test, mode: "replay" }] : [] }, testServices());
    expect(report.passed).toBe(1);
  });

  it("leaves out a run that was stopped or failed", () => {
    const base = {
      thread_id: "t",
      call_id: "c",
      parent_call_id: null,
      root_call_id: "c",
      depth: 0,
      agent: null,
      node: null,
      checkpoint_id: null,
      ts: 0,
      seq: 0,
    };
    const events: RunEvent[] = [
      { ...base, id: "1", run_id: "r1", type: "run_start", input: "hello" },
      { ...base, id: "2", run_id: "r1", type: "run_end", status: "cancelled", duration_ms: 1 },
    ];
    expect(proposeTest(events, weatherDoc, { id: "t", name: "x" })).toBeNull();
  });

  it("picks the first line of substance of a reply, without Markdown marks, cut at a word", () => {
    expect(keyText("\n## **Sunny** in Paris today\nmore")).toBe("in Paris today");
    expect(keyText("6 * (3 + 4) is 42")).toBe("6 * (3 + 4) is 42");
    expect(keyText(`${"word ".repeat(30)}`)).toMatch(/^(word ){15}word$/);
  });

  it("names a test after its first message and gives it an unused id", () => {
    expect(defaultTestName({ turns: [{ message: "What's the weather in Paris?" }] })).toBe("What's the weather in Paris?");
    expect(newTestId({ tests: [{ ...weatherDoc, id: "test_1", name: "x", turns: [{ message: "" }], mode: "scripted", assertions: [] } as never] }, 1)).toBe(
      "test_1_1",
    );
  });
});

describe("test drafts", () => {
  const test = { id: "t", name: "Paris", mode: "scripted" as const, turns: [{ message: "hi" }], assertions: [] };

  it("round-trips every field of an assertion through its text", () => {
    const assertion = { kind: "tool_called" as const, tool: "get_weather", args: { city: "Paris" }, args_match: { city: "^P" }, turn: 2 };
    expect(assertionOf(draftOf(assertion), 0)).toEqual({ assertion });
  });

  it("keeps shared fields when the kind changes", () => {
    const draft = changeKind(draftOf({ kind: "tool_called", tool: "get_weather", turn: 1 }), "tool_not_called");
    expect(draft.values).toMatchObject({ tool: "get_weather", turn: "1" });
  });

  it("names the field of each problem: invalid JSON, an unsupported pattern, a missing text", () => {
    const assertions: AssertionDraft[] = [
      { kind: "tool_called" as const, values: { tool: "x", args: "{city", args_match: "", turn: "" } },
      { kind: "reply_matches" as const, values: { pattern: "(?=a)", flags: "", turn: "" } },
      { kind: "reply_contains" as const, values: { text: "", turn: "0" } },
    ];
    const draft = { ...testDraftOf(test), assertions };
    const read = testFromDraft(draft, test);
    expect("problems" in read && read.problems.map((p) => `${p.assertion}.${p.field}`)).toEqual(["0.args", "1.pattern", "2.text", "2.turn"]);
  });

  it("refuses replay for a test without a recording", () => {
    const read = testFromDraft({ ...testDraftOf(test), mode: "replay" }, test);
    expect("problems" in read && read.problems[0]?.message).toContain("recording");
  });
});
