/** Pauses inside a blocking delegation: they surface on the user's thread and resume the sub-agent where it stopped. */
import { describe, expect, it } from "vitest";
import { Command, MemorySaver } from "@langchain/langgraph/web";
import type { BaseMessage } from "@langchain/core/messages";
import { collectRun, compileGraph, pendingInterrupts, type RunEvent } from "../index.js";
import { testServices, type RecordedCall } from "../../../tests/support/services.js";
import { askingTeamDoc } from "../testing/delegatedPauses.js";
import { ANSWERS_KEY } from "../delegatedPause.js";
import { ofType, statusOf } from "../testing/humanLoop.js";

function lastAnswer(events: RunEvent[]): string {
  const messages = (ofType(events, "final_state").at(-1)?.state.messages ?? []) as { content: string }[];
  return messages.at(-1)?.content ?? "";
}
const callsOf = (calls: RecordedCall[], agent: string) => calls.filter((c) => c.agent === agent).length;
/** The pauses a graph's invoke returned with (LangGraph's `__interrupt__`), by value. */
const pausesOf = (values: unknown) => ((values as { __interrupt__?: { value: unknown }[] }).__interrupt__ ?? []).map((i) => i.value);

describe("a question asked inside a blocking delegation", () => {
  it("pauses the user's thread on it, saying which sub-agent asks", async () => {
    const compiled = compileGraph(askingTeamDoc(), testServices());
    const events = await collectRun(compiled, { message: "email find invoices" }, { threadId: "q1" });
    expect(statusOf(events)).toBe("interrupted");
    const [pause] = ofType(events, "interrupt");
    expect(pause?.payload).toMatchObject({ kind: "question", question: "Which folder?", node: "Emails", via: ["Emails"] });
    expect((await pendingInterrupts(compiled, "q1")).map((p) => p.id)).toEqual([pause?.interrupt_id]);
    expect(ofType(events, "tool_result").find((e) => e.tool === "Emails")).toBeUndefined();
  });

  it("resumes the sub-agent where it paused with the answer, and the parent completes with its reply", async () => {
    const calls: RecordedCall[] = [];
    const compiled = compileGraph(askingTeamDoc(), testServices({ calls }));
    const [pause] = ofType(await collectRun(compiled, { message: "email find invoices" }, { threadId: "q2" }), "interrupt");
    expect(callsOf(calls, "Emails")).toBe(1);
    const resumed = await collectRun(
      compiled,
      { message: "", resume: { interrupt_id: pause?.interrupt_id, value: { option_id: "archive" } } },
      { threadId: "q2" },
    );
    expect(statusOf(resumed)).toBe("completed");
    // The sub-agent's first model call is not made again: it goes on from its paused tool call.
    expect(callsOf(calls, "Emails")).toBe(2);
    expect(ofType(resumed, "tool_result").find((e) => e.tool === "ask_user")?.result).toBe('{"option_id":"archive","label":"Archive folder"}');
    expect(lastAnswer(resumed)).toBe('Main heard: Emails did: {"option_id":"archive","label":"Archive folder"}');
  });

  it("resumes from a fresh compile over the same saver (a reload)", async () => {
    const saver = new MemorySaver();
    const first = compileGraph(askingTeamDoc(), { ...testServices(), checkpointer: saver });
    await collectRun(first, { message: "email find invoices" }, { threadId: "q3" });
    const reloaded = compileGraph(askingTeamDoc(), { ...testServices(), checkpointer: saver });
    const [pending] = await pendingInterrupts(reloaded, "q3");
    expect(pending?.payload).toMatchObject({ kind: "question", via: ["Emails"] });
    const resumed = await collectRun(reloaded, { message: "", resume: { value: { option_id: "inbox" } } }, { threadId: "q3" });
    expect(statusOf(resumed)).toBe("completed");
    expect(lastAnswer(resumed)).toBe('Main heard: Emails did: {"option_id":"inbox","label":"Inbox folder"}');
  });

  it("asks each of the sub-agent's questions in turn before the parent gets its reply", async () => {
    const compiled = compileGraph(askingTeamDoc({ twice: true }), testServices());
    await collectRun(compiled, { message: "email find invoices" }, { threadId: "q4" });
    const second = await collectRun(compiled, { message: "", resume: { value: { option_id: "inbox" } } }, { threadId: "q4" });
    expect(statusOf(second)).toBe("interrupted");
    expect(ofType(second, "interrupt").at(-1)?.payload).toMatchObject({ question: "How many?", via: ["Emails"] });
    const done = await collectRun(compiled, { message: "", resume: { value: { option_id: "all" } } }, { threadId: "q4" });
    expect(statusOf(done)).toBe("completed");
    expect(lastAnswer(done)).toBe('Main heard: Emails did: {"option_id":"all","label":"All"}');
  });

  it("resumes the same way when the thread is resumed with LangGraph's own resume map (as a LangGraph server is)", async () => {
    const compiled = compileGraph(askingTeamDoc(), testServices());
    const [pause] = ofType(await collectRun(compiled, { message: "email find invoices" }, { threadId: "q6" }), "interrupt");
    const final = await compiled.graph.invoke(new Command({ resume: { [pause?.interrupt_id ?? ""]: { option_id: "inbox" } } }), {
      configurable: { thread_id: "q6" },
    });
    expect((final.messages as BaseMessage[]).at(-1)?.content).toBe('Main heard: Emails did: {"option_id":"inbox","label":"Inbox folder"}');
  });

  it("takes a plain Command({ resume }) naming no interrupt as the answer to the sub-agent's question, as LangGraph does for a root one", async () => {
    const compiled = compileGraph(askingTeamDoc({ twice: true }), testServices());
    await collectRun(compiled, { message: "email find invoices" }, { threadId: "q7" });
    const config = { configurable: { thread_id: "q7" } };
    const asked = await compiled.graph.invoke(new Command({ resume: { option_id: "inbox" } }), config);
    expect(pausesOf(asked)).toMatchObject([{ question: "How many?", via: ["Emails"] }]);
    const final = await compiled.graph.invoke(new Command({ resume: { option_id: "all" } }), config);
    expect(pausesOf(final)).toEqual([]);
    expect((final.messages as BaseMessage[]).at(-1)?.content).toBe('Main heard: Emails did: {"option_id":"all","label":"All"}');
    expect(await pendingInterrupts(compiled, "q7")).toEqual([]);
  });

  it("refuses a plain resume naming no option and stays paused on the sub-agent's question", async () => {
    const compiled = compileGraph(askingTeamDoc(), testServices());
    await collectRun(compiled, { message: "email find invoices" }, { threadId: "q8" });
    const refused = await compiled.graph.invoke(new Command({ resume: { option_id: "trash" } }), { configurable: { thread_id: "q8" } });
    expect(pausesOf(refused)).toMatchObject([
      { question: "Which folder?", via: ["Emails"], error: expect.stringMatching(/"trash" is not an option/) as string },
    ]);
    const [pending] = await pendingInterrupts(compiled, "q8");
    expect(pending?.payload).toMatchObject({ question: "Which folder?" });
  });

  it("refuses an answer naming no option and stays paused on the sub-agent's question", async () => {
    const compiled = compileGraph(askingTeamDoc(), testServices());
    const [pause] = ofType(await collectRun(compiled, { message: "email find invoices" }, { threadId: "q5" }), "interrupt");
    const refused = await collectRun(compiled, { message: "", resume: { value: { option_id: "trash" } } }, { threadId: "q5" });
    expect(ofType(refused, "error")[0]?.message).toMatch(/"trash" is not an option/);
    expect(statusOf(refused)).toBe("interrupted");
    expect((await pendingInterrupts(compiled, "q5")).map((p) => p.id)).toEqual([pause?.interrupt_id]);
  });
});

describe("a delegation run again for the same message", () => {
  it("returns the answer the sub-agent already gave without running it again", async () => {
    const calls: RecordedCall[] = [];
    const compiled = compileGraph(askingTeamDoc(), testServices({ calls }));
    const request = {
      agent: "Emails",
      message: "purge",
      rootThread: "r1",
      depth: 1,
      callPath: [],
      callId: "c1",
      sink: () => undefined,
      ns: "",
      messageId: "m1",
    };
    const paused = await compiled.team.runAgent(request).catch((error: unknown) => error);
    expect(paused).toMatchObject({ name: "GraphInterrupt" });
    const [pending] = await compiled.team
      .rootGraph("Emails")
      .getState({ configurable: { thread_id: "r1::agent::Emails" } })
      .then((s) => s.tasks.flatMap((t) => t.interrupts));
    const answered = { ...request, inherited: { [ANSWERS_KEY]: { [pending?.id ?? ""]: { decision: "approve" } } } };
    expect(await compiled.team.runAgent(answered)).toBe("Emails did: Deleted task 7");
    const modelCalls = callsOf(calls, "Emails");
    expect(await compiled.team.runAgent(request)).toBe("Emails did: Deleted task 7");
    expect(callsOf(calls, "Emails")).toBe(modelCalls);
  });
});

describe("an approval inside a blocking delegation", () => {
  it("pauses the user's thread, and the approved tool runs once inside the sub-agent", async () => {
    const compiled = compileGraph(askingTeamDoc(), testServices());
    const paused = await collectRun(compiled, { message: "email purge old mail" }, { threadId: "a1" });
    expect(ofType(paused, "interrupt")[0]?.payload).toMatchObject({ kind: "approval", tool: "delete_task", agent: "Emails", via: ["Emails"] });
    const resumed = await collectRun(compiled, { message: "", resume: { value: { decision: "approve" } } }, { threadId: "a1" });
    expect(statusOf(resumed)).toBe("completed");
    expect(
      ofType(resumed, "tool_result")
        .filter((e) => e.tool === "delete_task")
        .map((e) => e.result),
    ).toEqual(["Deleted task 7"]);
    expect(lastAnswer(resumed)).toBe("Main heard: Emails did: Deleted task 7");
  });

  it("starts the sub-agent afresh on a new turn when the earlier pause was never answered", async () => {
    const compiled = compileGraph(askingTeamDoc(), testServices());
    await collectRun(compiled, { message: "email purge old mail" }, { threadId: "a2" });
    const next = await collectRun(compiled, { message: "email find invoices" }, { threadId: "a2" });
    expect(ofType(next, "interrupt")[0]?.payload).toMatchObject({ kind: "question", question: "Which folder?" });
  });
});

describe("a breakpoint inside a blocking delegation", () => {
  it("pauses the user's thread at the sub-agent's step, and Continue lets the delegation finish", async () => {
    const compiled = compileGraph(askingTeamDoc(), testServices());
    const breakpoints = [{ node_id: "emails", step: "call_model" as const, when: "before" as const }];
    const paused = await collectRun(compiled, { message: "email find invoices" }, { threadId: "bp1", breakpoints });
    expect(ofType(paused, "interrupt")[0]?.payload).toMatchObject({ kind: "breakpoint", node: "Emails", step: "call_model", via: ["Emails"] });
    const asked = await collectRun(compiled, { message: "", resume: { value: { action: "continue" } } }, { threadId: "bp1", breakpoints });
    expect(ofType(asked, "interrupt").at(-1)?.payload).toMatchObject({ kind: "question", question: "Which folder?" });
  });
});
