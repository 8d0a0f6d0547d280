/** The two multi-agent templates (seeds 000 and 002) behave as their descriptions promise, offline. */
import { describe, expect, it } from "vitest";
import { collectRun, compileGraph, runFollowUp, type RunEvent } from "../src/engine/index.js";
import { findTemplate } from "../src/app/templates/catalog.js";
import { templateDocument } from "../src/app/templates/instantiate.js";
import { testServices } from "./support/services.js";

function compiled(id: string) {
  const template = findTemplate(id);
  if (!template) throw new Error(`no template ${id}`);
  return compileGraph(templateDocument(template), testServices({ unpaced: true }));
}
const speakers = (events: RunEvent[]) => [...new Set(events.flatMap((e) => (e.type === "ai_message" && e.content ? [e.agent] : [])))];
const lastReply = (events: RunEvent[]) => events.filter((e) => e.type === "ai_message").at(-1);
const noErrors = (events: RunEvent[]) => {
  expect(events.filter((e) => e.type === "error" || (e.type === "tool_result" && e.error))).toEqual([]);
  expect(events.at(-1)).toMatchObject({ type: "run_end", status: "completed" });
};

describe("Supervisor with Analytics and Report agents (handoff)", () => {
  it("hands a metrics question over with transfer_to_Analytics; Analytics runs nested under the Supervisor's call", async () => {
    const events = await collectRun(compiled("supervisor-team"), { message: "What was revenue last month?" }, { threadId: "h1" });
    noErrors(events);
    const handoff = events.find((e) => e.type === "handoff");
    expect(handoff).toMatchObject({ from: "Supervisor", to: "Analytics", reason: "transfer" });
    const supervisor = events.find((e) => e.type === "agent_start" && e.agent === "Supervisor");
    const analytics = events.find((e) => e.type === "agent_start" && e.agent === "Analytics");
    expect(analytics?.parent_call_id).toBe(supervisor?.call_id);
    const query = events.find((e) => e.type === "tool_call" && e.tool === "query_metrics");
    expect(query?.parent_call_id).toBe(analytics?.call_id);
    expect(query?.depth).toBeGreaterThanOrEqual(3);
    expect(lastReply(events)).toMatchObject({ agent: "Analytics", content: expect.stringContaining("$1.24M") });
  });

  it("escalates with request_help when the active specialist is asked for another's work, and the Supervisor re-routes in the same turn", async () => {
    const team = compiled("supervisor-team");
    await collectRun(team, { message: "@Analytics hi" }, { threadId: "h2" });
    const events = await collectRun(team, { message: "Write a weekly report" }, { threadId: "h2" });
    noErrors(events);
    expect(events.filter((e) => e.type === "handoff").map((e) => (e.type === "handoff" ? `${e.from}>${e.to}:${e.reason}` : ""))).toEqual([
      "Supervisor>Analytics:resume",
      "Analytics>Supervisor:request_help",
      "Supervisor>Report:transfer",
    ]);
    expect(lastReply(events)).toMatchObject({ agent: "Report", content: expect.stringContaining("RPT-1042") });
  });
});

describe("MainAgent with Emails, Meetings, Tasks and Research sub-agents (delegation)", () => {
  it("delegates email work as a blocking tool call: the sub-agent's answer is the tool result MainAgent quotes", async () => {
    const events = await collectRun(compiled("main-agent-team"), { message: "Any unread emails?" }, { threadId: "d1" });
    noErrors(events);
    const call = events.find((e) => e.type === "tool_call" && e.tool === "EmailsAgent");
    expect(call).toMatchObject({ agent: "MainAgent", args: { message: "Any unread emails?", blocking: true } });
    const emails = events.find((e) => e.type === "agent_start" && e.agent === "EmailsAgent");
    expect(emails?.parent_call_id).toBe(call?.call_id);
    const search = events.find((e) => e.type === "tool_call" && e.tool === "search_emails");
    expect(search?.parent_call_id).toBe(emails?.call_id);
    const result = events.find((e) => e.type === "tool_result" && e.tool === "EmailsAgent");
    expect(result).toMatchObject({ result: expect.stringContaining("3 unread") });
    expect(lastReply(events)).toMatchObject({ agent: "MainAgent", content: expect.stringContaining("From EmailsAgent: 3 unread") });
  });

  it("queues research in the background with a task handle, then reports the findings in a follow-up turn", async () => {
    const team = compiled("main-agent-team");
    const events = await collectRun(team, { message: "Research Acme's latest news" }, { threadId: "d2" });
    noErrors(events);
    const queued = events.find((e) => e.type === "delegation_queued");
    expect(queued).toMatchObject({ sub_agent: "ResearchAgent", agent: "MainAgent" });
    const handle = events.find((e) => e.type === "tool_result" && e.tool === "ResearchAgent");
    expect(handle?.type === "tool_result" && JSON.parse(handle.result)).toMatchObject({ status: "queued", mode: "non_blocking" });
    expect(lastReply(events)).toMatchObject({ content: expect.stringContaining("in the background") });

    const taskId = queued?.type === "delegation_queued" ? queued.task_id : "";
    const task = await team.team.tasks.settled(taskId);
    expect(task.status).toBe("completed");
    const followUp: RunEvent[] = [];
    for await (const event of runFollowUp(team, taskId, { threadId: "d2" })) followUp.push(event);
    noErrors(followUp);
    expect(followUp.find((e) => e.type === "delegation_completed")).toMatchObject({ task_id: taskId, status: "completed" });
    expect(lastReply(followUp)).toMatchObject({ agent: "MainAgent", content: expect.stringContaining("Acme Cloud Vault") });
  });

  it("reaches the hidden JediAgent only through the jedi_council tool", async () => {
    const team = compiled("main-agent-team");
    const events = await collectRun(team, { message: "Should I renew the Acme contract?" }, { threadId: "d3" });
    noErrors(events);
    expect(speakers(events)).toEqual(["JediAgent", "MainAgent"]);
    expect(lastReply(events)).toMatchObject({ content: expect.stringContaining("one year rather than three") });
    // A mention does not reach a hidden agent: MainAgent takes the turn and consults the council as a tool.
    const mention = await collectRun(team, { message: "@JediAgent should I renew?" }, { threadId: "d4" });
    noErrors(mention);
    expect(mention.find((e) => e.type === "agent_start")).toMatchObject({ agent: "MainAgent" });
    const council = mention.find((e) => e.type === "tool_call" && e.tool === "jedi_council");
    expect(mention.find((e) => e.type === "agent_start" && e.agent === "JediAgent")?.parent_call_id).toBe(council?.call_id);
  });

  it("runs a specialist directly for @TasksAgent, without MainAgent", async () => {
    const events = await collectRun(compiled("main-agent-team"), { message: "@TasksAgent remind me to call Dana" }, { threadId: "d5" });
    noErrors(events);
    expect(speakers(events)).toEqual(["TasksAgent"]);
    expect(lastReply(events)).toMatchObject({ content: 'Task TSK-58 created: "call Dana".' });
  });
});
