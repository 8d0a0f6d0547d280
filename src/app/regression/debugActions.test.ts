/**
 * Debug actions are not user turns (issue 26): a Weather thread that paused at a breakpoint and
 * went on with Step, Continue or an edit, played on the real engine, saves as a test of the
 * person's message alone that passes when run (breakpoints off), and its chat shows the actions
 * as debug markers, not as messages of the user.
 */
import { describe, expect, it } from "vitest";
import weather from "../../../examples/weather-assistant.json" with { type: "json" };
import { collectRun, compileGraph, runTests, type Breakpoint, type RunEvent, type RunEventOf } from "../../engine/index.js";
import { assertValid, describeResume, type GraphDocument, type GraphTest } from "../../schema/index.js";
import { testServices } from "../../../tests/support/services.js";
import { deriveChat } from "../playground/chatMessages";
import { debugNote, proposeTest } from "./proposeTest";

const PARIS = "What's the weather in Paris?";
const weatherDoc = assertValid({ ...weather, tests: [] });
const beforeTools: Breakpoint[] = [{ node_id: "assistant", step: "call_tools", when: "before" }];
const afterTools: Breakpoint[] = [{ node_id: "assistant", step: "call_tools", when: "after" }];

/** A thread played as the playground plays it: each run's input is what the app names it (the label of a debug action). */
function playground(document: GraphDocument, breakpoints: Breakpoint[]) {
  const compiled = compileGraph(document, testServices());
  const events: RunEvent[] = [];
  const pause = () => {
    const last = events.filter((e): e is RunEventOf<"interrupt"> => e.type === "interrupt").at(-1);
    if (!last || last.payload.kind !== "breakpoint") throw new Error(`no breakpoint pause in ${events.map((e) => e.type).join(", ")}`);
    return { interrupt_id: last.interrupt_id, payload: last.payload };
  };
  const run = async (input: Parameters<typeof collectRun>[1]) => {
    const runEvents = await collectRun(compiled, input, { threadId: "t", breakpoints });
    events.push(...runEvents);
    return runEvents;
  };
  return {
    events,
    send: (message: string) => run({ message }),
    /** Answers the pause as BreakpointForm does: the run's input is the action described. */
    act: (value: { action: "continue" | "step" | "stop"; edits?: Record<string, unknown> }) => {
      const { interrupt_id, payload } = pause();
      return run({ message: describeResume(payload, value), resume: { interrupt_id, value } });
    },
    pause,
  };
}

async function runOnly(test: GraphTest) {
  const report = await runTests({ ...weatherDoc, tests: [test] }, testServices());
  return { failed: report.results.flatMap((r) => r.assertions.filter((a) => !a.passed)), status: report.results[0]?.status };
}

describe("debug actions at breakpoints", () => {
  it("saves a thread that went on with Step and Continue as one turn of the person's message, and the test passes", async () => {
    const thread = playground(weatherDoc, beforeTools);
    await thread.send(PARIS);
    await thread.act({ action: "step" });
    await thread.act({ action: "continue" });

    const test = proposeTest(thread.events, weatherDoc, { id: "t1", name: "Paris" });
    expect(test?.turns).toEqual([{ message: PARIS }]);
    expect(test?.mode).toBe("scripted");
    expect(debugNote(thread.events)).toBe("Continue, Step and Stop at breakpoints are not turns: the test runs with breakpoints off.");
    expect(test?.assertions).toEqual([
      { kind: "tool_called", tool: "get_weather", args: { city: "Paris" } },
      { kind: "reply_contains", text: "Right now: Sunny, 21°C, light wind in Paris." },
    ]);
    if (!test) throw new Error("no test proposed");
    expect(await runOnly(test)).toEqual({ failed: [], status: "passed" });
    expect(await runOnly({ ...test, mode: "replay" })).toEqual({ failed: [], status: "passed" });
  });

  it("shows Step and Continue in the chat as debug markers, not as messages of the user", async () => {
    const thread = playground(weatherDoc, beforeTools);
    await thread.send(PARIS);
    await thread.act({ action: "step" });
    await thread.act({ action: "continue" });

    const chat = deriveChat(thread.events);
    expect(chat.filter((m) => m.kind === "user").map((m) => m.text)).toEqual([PARIS]);
    expect(chat.map((m) => [m.kind, m.author])).toEqual([
      ["user", "User"],
      ["reply", "Assistant"],
      ["debug", "Debug"],
      ["debug", "Debug"],
      ["reply", "Assistant"],
    ]);
    expect(chat.filter((m) => m.kind === "debug").map((m) => m.text)).toEqual([
      "Stepped from call_tools of Assistant",
      "Continued from call_model of Assistant",
    ]);
    // Each message shows once: the tool call in the reply that made it, the reply once.
    expect(chat.flatMap((m) => (m.kind === "reply" ? m.toolCalls.map((c) => [c.tool, c.status]) : []))).toEqual([["get_weather", "done"]]);
    expect(chat.filter((m) => m.kind === "reply" && m.text.includes("Right now"))).toHaveLength(1);
  });

  it("shows the debug marker of a thread whose run carries no label (a server's resumed run has no run_start)", async () => {
    const thread = playground(weatherDoc, beforeTools);
    await thread.send(PARIS);
    const stepped = await thread.act({ action: "step" });
    const withoutStart = thread.events.filter((e) => !(e.type === "run_start" && e.run_id === stepped[0]?.run_id));
    expect(deriveChat(withoutStart).filter((m) => m.kind !== "reply")).toMatchObject([
      { kind: "user", text: PARIS },
      { kind: "debug", text: "Stepped from call_tools of Assistant" },
    ]);
  });

  it("reads a thread stored before debug markers (its runs named 'Step from …') the same way", async () => {
    const thread = playground(weatherDoc, beforeTools);
    await thread.send(PARIS);
    await thread.act({ action: "step" });
    // The older label, as stored threads have it: the marker comes from the answer event, not the text.
    const stored = thread.events.map((e) =>
      e.type === "run_start" && e.input.startsWith("Stepped") ? { ...e, input: "Step from call_tools of Assistant" } : e,
    );
    expect(deriveChat(stored).filter((m) => m.kind === "user" || m.kind === "debug")).toMatchObject([
      { kind: "user", text: PARIS },
      { kind: "debug", text: "Stepped from call_tools of Assistant" },
    ]);
    expect(proposeTest(stored, weatherDoc, { id: "t", name: "x" })?.turns).toEqual([{ message: PARIS }]);
  });

  it("runs a test saved before the fix, whose turns answered breakpoints, as the turn before going on", async () => {
    const legacy: GraphTest = {
      id: "legacy",
      name: "Paris with Step and Continue",
      mode: "scripted",
      turns: [{ message: PARIS }, { resume: { action: "step" } }, { resume: { action: "continue" } }],
      assertions: [
        { kind: "tool_called", tool: "get_weather", args: { city: "Paris" }, turn: 2 },
        { kind: "reply_contains", text: "Right now: Sunny" },
      ],
    };
    expect(await runOnly(legacy)).toEqual({ failed: [], status: "passed" });
  });

  it("refuses a test whose first turn answers a breakpoint, saying why", async () => {
    const test: GraphTest = { id: "bp", name: "Only a step", mode: "scripted", turns: [{ resume: { action: "step" } }], assertions: [] };
    const { failed, status } = await runOnly(test);
    expect(status).toBe("failed");
    expect(failed).toEqual([
      {
        index: null,
        summary: "Turn 1 runs without an error",
        turn: 1,
        passed: false,
        expected: "a message, or an answer to an approval or question",
        actual: "an answer to a breakpoint, and tests run with breakpoints off: remove this turn",
      },
    ]);
  });

  it("saves a thread whose state was edited at a breakpoint as a replay of the recorded replies, which passes", async () => {
    const thread = playground(weatherDoc, afterTools);
    await thread.send(PARIS);
    const messages = thread.pause().payload.state.messages as { role: string; content: string }[];
    const edited = messages.map((m) => (m.role === "tool" ? { ...m, content: "Paris: Snowy, -3°C" } : m));
    await thread.act({ action: "continue", edits: { messages: edited } });
    expect(deriveChat(thread.events).find((m) => m.kind === "debug")?.text).toBe("Continued from call_tools of Assistant with messages edited");

    const test = proposeTest(thread.events, weatherDoc, { id: "t", name: "Snowy" });
    expect(test).toMatchObject({ mode: "replay", turns: [{ message: PARIS }] });
    expect(debugNote(thread.events)).toMatch(/The state was edited at a pause, which a test cannot do, so it answers with the recorded replies \(replay\)\.$/);
    expect(test?.assertions.at(-1)).toEqual({ kind: "reply_contains", text: "Right now: Paris: Snowy, -3°C." });
    if (!test) throw new Error("no test proposed");
    expect(await runOnly(test)).toEqual({ failed: [], status: "passed" });
  });

  it("leaves a run stopped at a breakpoint out of the test, shows Stop as a marker, and the next message is the next turn", async () => {
    const thread = playground(weatherDoc, beforeTools);
    await thread.send(PARIS);
    await thread.act({ action: "stop" });
    await thread.send("hello");

    expect(deriveChat(thread.events).filter((m) => m.kind !== "reply")).toMatchObject([
      { kind: "user", text: PARIS },
      { kind: "debug", text: "Stopped at call_tools of Assistant" },
      { kind: "user", text: "hello" },
    ]);
    const test = proposeTest(thread.events, weatherDoc, { id: "t", name: "x" });
    expect(test?.turns).toEqual([{ message: PARIS }, { message: "hello" }]);
    if (!test) throw new Error("no test proposed");
    expect(await runOnly(test)).toEqual({ failed: [], status: "passed" });
  });

  it("leaves a refused answer at a breakpoint out of the test, and shows it as a debug marker", async () => {
    const thread = playground(weatherDoc, afterTools);
    await thread.send(PARIS);
    const refused = await thread.act({ action: "continue", edits: { nope: 1 } });
    expect(refused.find((e) => e.type === "error")).toMatchObject({ code: "INVALID_RESUME" });
    await thread.act({ action: "continue" });

    expect(proposeTest(thread.events, weatherDoc, { id: "t", name: "x" })?.turns).toEqual([{ message: PARIS }]);
    const chat = deriveChat(thread.events);
    expect(chat.filter((m) => m.kind === "user").map((m) => m.text)).toEqual([PARIS]);
    expect(chat.filter((m) => m.kind === "debug").map((m) => m.text)).toEqual([
      "Continued from call_tools of Assistant with nope edited",
      "Continued from call_tools of Assistant",
    ]);
  });
});
