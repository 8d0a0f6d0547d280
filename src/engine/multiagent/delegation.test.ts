/** Delegation as a tool (seed 002) on real LangGraph with the scripted model. */
import { describe, expect, it } from "vitest";
import { HumanMessage } from "@langchain/core/messages";
import { collectRun, compileGraph, type RunEvent, type RunEventOf } from "../index.js";
import { testServices, type RecordedCall } from "../../../tests/support/services.js";
import { delegationDoc } from "../testing/delegationTeam.js";

function ofType<T extends RunEvent["type"]>(events: RunEvent[], type: T): RunEventOf<T>[] {
  return events.filter((e): e is RunEventOf<T> => e.type === type);
}
function lastAnswer(events: RunEvent[]): string {
  const messages = (ofType(events, "final_state").at(-1)?.state.messages ?? []) as { content: string }[];
  return messages.at(-1)?.content ?? "";
}
function textsOf(call: RecordedCall | undefined): string[] {
  return (call?.messages ?? []).map((m) => String(m.content));
}

describe("delegation as a tool", () => {
  it("returns a blocking sub-agent's final answer as the tool result", async () => {
    const events = await collectRun(compileGraph(delegationDoc(), testServices()), { message: "email from Acme" }, { threadId: "t1" });
    expect(ofType(events, "tool_result")[0]).toMatchObject({ tool: "Emails", error: null, result: "Emails found 2 messages about: from Acme" });
    expect(lastAnswer(events)).toBe("Emails found 2 messages about: from Acme");
  });

  it("nests the sub-agent's call under the tool call that started it, and its tool calls under it", async () => {
    const events = await collectRun(compileGraph(delegationDoc(), testServices()), { message: "dig markets" }, { threadId: "t1" });
    const main = ofType(events, "agent_start").find((e) => e.agent === "Main");
    const delegate = ofType(events, "tool_call").find((e) => e.tool === "Research");
    const research = ofType(events, "agent_start").find((e) => e.agent === "Research");
    const deepCall = ofType(events, "tool_call").find((e) => e.tool === "Deep");
    const deep = ofType(events, "agent_start").find((e) => e.agent === "Deep");
    expect(delegate).toMatchObject({ parent_call_id: main?.call_id, depth: 2 });
    expect(research).toMatchObject({ parent_call_id: delegate?.call_id, depth: 3, root_call_id: main?.root_call_id });
    expect(deepCall).toMatchObject({ parent_call_id: research?.call_id, agent: "Research" });
    expect(deep).toMatchObject({ parent_call_id: deepCall?.call_id, depth: 5 });
    expect(
      ofType(events, "ai_message")
        .filter((e) => e.agent === "Deep")
        .map((e) => e.call_id),
    ).toEqual([deep?.call_id]);
    expect(new Set(events.map((e) => e.id)).size).toBe(events.length);
    expect(events.every((e) => e.root_call_id === main?.root_call_id)).toBe(true);
  });

  it("rejects delegation from a non-parent with a clear error", async () => {
    const events = await collectRun(compileGraph(delegationDoc(), testServices()), { message: "tasks ask emails" }, { threadId: "t1" });
    const refused = ofType(events, "tool_result").find((e) => e.tool === "Emails");
    expect(refused?.error).toBe("Tasks cannot call Emails (NOT_A_PARENT): Emails is callable only from its parent agents (Main)");
    expect(lastAnswer(events)).toContain("Tasks got: Error: Tasks cannot call Emails");
  });

  it("ends delegation deeper than settings.max_sub_agent_depth with a clear error", async () => {
    const events = await collectRun(compileGraph(delegationDoc({ maxDepth: 1 }), testServices()), { message: "dig markets" }, { threadId: "t1" });
    const refused = ofType(events, "tool_result").find((e) => e.tool === "Deep");
    expect(refused?.error).toBe(
      "Sub-agent depth limit reached (SUB_AGENT_DEPTH_EXCEEDED): Research calling Deep would nest sub-agents 2 deep, and settings.max_sub_agent_depth is 1",
    );
    expect(ofType(events, "agent_start").some((e) => e.agent === "Deep")).toBe(false);
  });

  it("applies per-call model and temperature overrides to the sub-agent only", async () => {
    const seen: { agent: string; profile: string; temperature: number | undefined }[] = [];
    const services = testServices({
      wrap: (model, request) => ({
        ...model,
        stream: (messages, options) => {
          seen.push({ agent: request.agent, profile: request.profile.id, temperature: options.temperature });
          return model.stream(messages, options);
        },
      }),
    });
    await collectRun(compileGraph(delegationDoc(), services), { message: "precise email from Acme" }, { threadId: "t1" });
    expect(seen.find((s) => s.agent === "Emails")).toEqual({ agent: "Emails", profile: "precise", temperature: 0.1 });
    expect(seen.filter((s) => s.agent === "Main").every((s) => s.profile === "scripted" && s.temperature === undefined)).toBe(true);
  });

  it("runs a hidden agent through a tool of kind agent", async () => {
    const events = await collectRun(compileGraph(delegationDoc(), testServices()), { message: "council patience" }, { threadId: "t1" });
    expect(ofType(events, "tool_result")[0]).toMatchObject({ tool: "jedi_council", error: null, result: "The council says: trust patience" });
    expect(ofType(events, "agent_start").find((e) => e.agent === "Jedi")?.parent_call_id).toBe(ofType(events, "tool_call")[0]?.call_id);
  });

  it("gives a sub-agent its own earlier delegations in this thread, not the parent's scratchpad or its siblings'", async () => {
    const calls: RecordedCall[] = [];
    const compiled = compileGraph(delegationDoc(), testServices({ calls }));
    await collectRun(compiled, { message: "email first question" }, { threadId: "t1" });
    await collectRun(compiled, { message: "tasks buy milk" }, { threadId: "t1" });
    await collectRun(compiled, { message: "email second question" }, { threadId: "t1" });
    const emails = calls.filter((c) => c.agent === "Emails");
    expect(emails).toHaveLength(2);
    const seen = textsOf(emails[1]);
    expect(seen.slice(1)).toEqual(["first question", "Emails found 2 messages about: first question", "second question"]);
    expect(seen.join("\n")).not.toMatch(/email first question|buy milk|Tasks noted|You orchestrate/);
    // Another thread starts the sub-agent's history afresh.
    await collectRun(compiled, { message: "email other thread" }, { threadId: "t2" });
    expect(textsOf(calls.filter((c) => c.agent === "Emails").at(-1)).slice(1)).toEqual(["other thread"]);
  });

  it("runs any agent directly as the root with its own scoped history, by option or by @name", async () => {
    const calls: RecordedCall[] = [];
    const compiled = compileGraph(delegationDoc(), testServices({ calls }));
    const first = await collectRun(compiled, { message: "email delegated first" }, { threadId: "t1" });
    const direct = await collectRun(compiled, { message: "direct question" }, { threadId: "t1", agent: "Emails" });
    // Checkpoints of the scoped thread cannot be inspected from this thread: direct-run events name none.
    expect(first.at(-1)?.checkpoint_id).toEqual(expect.any(String));
    expect(direct.every((e) => e.checkpoint_id === null)).toBe(true);
    expect(ofType(direct, "agent_start")[0]).toMatchObject({ agent: "Emails", depth: 1 });
    expect(lastAnswer(direct)).toBe("Emails found 2 messages about: direct question");
    expect(textsOf(calls.at(-1)).slice(1)).toEqual(["delegated first", "Emails found 2 messages about: delegated first", "direct question"]);
    const mentioned = await collectRun(compiled, { message: "@Emails third" }, { threadId: "t1" });
    expect(ofType(mentioned, "agent_start").map((e) => e.agent)).toEqual(["Emails"]);
    expect(calls.filter((c) => c.agent === "Main")).toHaveLength(2);
    const unknown = await collectRun(compiled, { message: "hi" }, { threadId: "t1", agent: "Nobody" });
    expect(ofType(unknown, "error")[0]).toMatchObject({ code: "UNKNOWN_AGENT" });
  });
});

describe("the scoped history message type", () => {
  it("is a HumanMessage per delegation", async () => {
    const compiled = compileGraph(delegationDoc(), testServices());
    await collectRun(compiled, { message: "email hello" }, { threadId: "t9" });
    const state = await compiled.team.rootGraph("Emails").getState({ configurable: { thread_id: "t9::agent::Emails" } });
    expect((state.values as { messages: unknown[] }).messages[0]).toBeInstanceOf(HumanMessage);
  });
});
