/** Handoff (seed 000) on real LangGraph with the scripted model. */
import { describe, expect, it } from "vitest";
import { MemorySaver } from "@langchain/langgraph/web";
import { SystemMessage } from "@langchain/core/messages";
import { collectRun, compileGraph, type RunEvent, type RunEventOf } from "../index.js";
import { agentNode, chainDocument } from "../testing/documents.js";
import { testServices, type RecordedCall } from "../../../tests/support/services.js";
import type { GraphDocumentInput } from "../../schema/index.js";

const multiDefaults = ["list_subagents_available", "get_current_active_agent", "get_supervisor_agent", "request_help"] as const;

function teamDoc(settings?: GraphDocumentInput["settings"]): GraphDocumentInput {
  return chainDocument(
    [
      agentNode("sup", {
        name: "Supervisor",
        description: "Team lead",
        system_prompt: "You lead the team.",
        default_tools: [...multiDefaults],
        script: {
          rules: [
            { match: "revenue|deep", tool_calls: [{ name: "transfer_to_Analytics", args: {} }] },
            { match: "who works here", tool_calls: [{ name: "list_subagents_available", args: {} }] },
            { on: "tool", tool: "list_subagents_available", reply: "Team: {{ tool_result }}" },
            { on: "tool", tool: "request_help", reply: "Supervisor here: I will take it from here." },
          ],
          fallback: "Supervisor answering.",
        },
      }),
    ],
    {
      ...(settings ? { settings } : {}),
      nodes: [
        agentNode("ana", {
          name: "Analytics",
          description: "Answers metric questions.",
          system_prompt: "You are Analytics.",
          default_tools: [...multiDefaults],
          script: {
            rules: [
              { match: "revenue", reply: "Revenue is $1.2M." },
              { match: "churn", reply: "Churn is 2%." },
              { match: "hard", tool_calls: [{ name: "request_help", args: { reason: "outside my role" } }] },
              { match: "deep", tool_calls: [{ name: "transfer_to_Deep", args: {} }] },
              { match: "boss", tool_calls: [{ name: "get_supervisor_agent", args: {} }] },
              { match: "active", tool_calls: [{ name: "get_current_active_agent", args: {} }] },
              { on: "tool", reply: "Tool says: {{ tool_result }}" },
            ],
          },
        }),
        agentNode("deep", { name: "Deep", description: "Digs deep.", script: { rules: [{ match: ".", reply: "Deep answer." }] } }),
      ],
      edges: [
        { id: "d1", kind: "delegation", source: "sup", target: "ana", mode: "handoff" },
        { id: "d2", kind: "delegation", source: "ana", target: "deep", mode: "handoff" },
      ],
    },
  );
}

function ofType<T extends RunEvent["type"]>(events: RunEvent[], type: T): RunEventOf<T>[] {
  return events.filter((e): e is RunEventOf<T> => e.type === type);
}
function lastAnswer(events: RunEvent[]) {
  const messages = (ofType(events, "final_state").at(-1)?.state.messages ?? []) as { role: string; content: string; name?: string }[];
  return messages.at(-1);
}
function activeAgent(events: RunEvent[]) {
  return ofType(events, "final_state").at(-1)?.state.active_agent;
}

describe("handoff", () => {
  it("hands the turn to a sub-agent with transfer_to_<name>, which answers in the same turn", async () => {
    const compiled = compileGraph(teamDoc(), testServices());
    const events = await collectRun(compiled, { message: "What was revenue?" }, { threadId: "t1" });
    expect(ofType(events, "tool_call").map((e) => e.tool)).toEqual(["transfer_to_Analytics"]);
    expect(ofType(events, "handoff")).toMatchObject([{ from: "Supervisor", to: "Analytics", reason: "transfer" }]);
    expect(lastAnswer(events)).toMatchObject({ role: "ai", name: "Analytics", content: "Revenue is $1.2M." });
    expect(ofType(events, "error")).toEqual([]);
  });

  it("runs the sub-agent's graph as a node of its parent's graph (nested checkpoint namespace)", async () => {
    const checkpointer = new MemorySaver();
    const compiled = compileGraph(teamDoc(), { ...testServices(), checkpointer });
    await collectRun(compiled, { message: "What was revenue?" }, { threadId: "t-ns" });
    const namespaces = new Set<string>();
    for await (const tuple of checkpointer.list({ configurable: { thread_id: "t-ns" } }))
      namespaces.add(String(tuple.config.configurable?.checkpoint_ns ?? ""));
    expect([...namespaces].some((ns) => /^Supervisor:[^|]+\|Analytics:[^|]+$/.test(ns))).toBe(true);
  });

  it("nests the sub-agent's call under its parent's call in the event tree", async () => {
    const compiled = compileGraph(teamDoc(), testServices());
    const events = await collectRun(compiled, { message: "What was revenue?" }, { threadId: "t1" });
    const supervisor = ofType(events, "agent_start").find((e) => e.agent === "Supervisor");
    const analytics = ofType(events, "agent_start").find((e) => e.agent === "Analytics");
    expect(analytics).toMatchObject({ parent_call_id: supervisor?.call_id, depth: 2, root_call_id: supervisor?.root_call_id });
    const answer = ofType(events, "ai_message").find((e) => e.agent === "Analytics");
    expect(answer).toMatchObject({ call_id: analytics?.call_id, parent_call_id: supervisor?.call_id });
    expect(ofType(events, "agent_end").find((e) => e.agent === "Analytics")?.call_id).toBe(analytics?.call_id);
  });

  it("prepends the SUPERVISOR SYSTEM PROMPT block to the sub-agent's prompt", async () => {
    const calls: RecordedCall[] = [];
    await collectRun(compileGraph(teamDoc(), testServices({ calls })), { message: "What was revenue?" }, { threadId: "t1" });
    const system = calls.find((c) => c.agent === "Analytics")?.messages[0];
    expect(system).toBeInstanceOf(SystemMessage);
    expect(String(system?.content)).toMatch(
      /^SUPERVISOR SYSTEM PROMPT:\nRemember, you are a specialized agent working under Supervisor\.\nStay focused on your role\. Use `request_help` if uncertain\.\n\nSUBAGENT SYSTEM PROMPT:\nYou are Analytics\./,
    );
    expect(String(calls.find((c) => c.agent === "Supervisor")?.messages[0]?.content)).not.toContain("SUPERVISOR SYSTEM PROMPT");
  });

  it("keeps the active agent in thread state and resumes it on the next turn", async () => {
    const calls: RecordedCall[] = [];
    const compiled = compileGraph(teamDoc(), testServices({ calls }));
    const first = await collectRun(compiled, { message: "What was revenue?" }, { threadId: "t1" });
    expect(activeAgent(first)).toBe("Analytics");
    calls.length = 0;
    const second = await collectRun(compiled, { message: "And churn?" }, { threadId: "t1" });
    expect(calls.map((c) => c.agent)).toEqual(["Analytics"]);
    expect(lastAnswer(second)).toMatchObject({ name: "Analytics", content: "Churn is 2%." });
    expect(ofType(second, "handoff")).toMatchObject([{ from: "Supervisor", to: "Analytics", reason: "resume" }]);
  });

  it("jumps straight to a nested agent named by @name at the start of the message", async () => {
    const calls: RecordedCall[] = [];
    const events = await collectRun(compileGraph(teamDoc(), testServices({ calls })), { message: "@Deep what is down there?" }, { threadId: "t1" });
    expect(calls.map((c) => c.agent)).toEqual(["Deep"]);
    expect(lastAnswer(events)).toMatchObject({ name: "Deep", content: "Deep answer." });
    expect(activeAgent(events)).toBe("Deep");
    const deep = ofType(events, "agent_start").find((e) => e.agent === "Deep");
    const analytics = ofType(events, "agent_start").find((e) => e.agent === "Analytics");
    expect(deep?.parent_call_id).toBe(analytics?.call_id);
  });

  it("returns control to the supervisor with request_help, which answers in the same turn", async () => {
    const compiled = compileGraph(teamDoc(), testServices());
    await collectRun(compiled, { message: "What was revenue?" }, { threadId: "t1" });
    const events = await collectRun(compiled, { message: "This one is hard" }, { threadId: "t1" });
    expect(ofType(events, "handoff").at(-1)).toMatchObject({ from: "Analytics", to: "Supervisor", reason: "request_help" });
    expect(lastAnswer(events)).toMatchObject({ name: "Supervisor", content: "Supervisor here: I will take it from here." });
    expect(activeAgent(events)).toBe("Supervisor");
  });

  it("answers the multi-agent default tools from the hierarchy and the thread state", async () => {
    const compiled = compileGraph(teamDoc(), testServices());
    const team = await collectRun(compiled, { message: "who works here" }, { threadId: "t1" });
    expect(lastAnswer(team)?.content).toBe("Team: - Analytics (handoff: transfer_to_Analytics): Answers metric questions.");
    await collectRun(compiled, { message: "What was revenue?" }, { threadId: "t2" });
    const boss = await collectRun(compiled, { message: "who is your boss" }, { threadId: "t2" });
    expect(lastAnswer(boss)?.content).toBe("Tool says: Supervisor");
    const active = await collectRun(compiled, { message: "who is active" }, { threadId: "t2" });
    expect(lastAnswer(active)?.content).toBe("Tool says: Analytics");
  });

  it("stops a handoff deeper than settings.max_sub_agent_depth with a clear error", async () => {
    const compiled = compileGraph(teamDoc({ recursion_limit: 100, max_sub_agent_depth: 1 }), testServices());
    const events = await collectRun(compiled, { message: "go deep" }, { threadId: "t1" });
    expect(ofType(events, "error")[0]).toMatchObject({ code: "SUB_AGENT_DEPTH_EXCEEDED" });
    expect(ofType(events, "error")[0]?.message).toContain("settings.max_sub_agent_depth is 1");
  });
});
