/** Human in the loop: Approval and Question nodes, destructive tools, resuming a paused thread. */
import "fake-indexeddb/auto";
import { IDBFactory } from "fake-indexeddb";
import { describe, expect, it } from "vitest";
import { ToolMessage } from "@langchain/core/messages";
import { collectRun, compileGraph, pendingInterrupts, type RunEvent, type RunEventOf } from "./index.js";
import { agentNode, at, chainDocument, flow } from "./testing/documents.js";
import { testServices, type RecordedCall } from "../../tests/support/services.js";
import type { GraphDocumentInput } from "../schema/index.js";
import { IdbSaver } from "../persistence/saver/IdbSaver.js";

function ofType<T extends RunEvent["type"]>(events: RunEvent[], type: T): RunEventOf<T>[] {
  return events.filter((e): e is RunEventOf<T> => e.type === type);
}
const statusOf = (events: RunEvent[]) => ofType(events, "run_end")[0]?.status;
const stateOf = (events: RunEvent[]) => ofType(events, "final_state")[0]?.state ?? {};

const deleteTool: NonNullable<GraphDocumentInput["tools"]>[number] = {
  id: "delete",
  kind: "mock",
  name: "delete_task",
  description: "Deletes a task",
  destructive: true,
  input_schema: { type: "object", properties: { id: { type: "number" } }, required: ["id"] },
  config: { default: "Deleted task {{ args.id }}" },
};

function assistantDoc(): GraphDocumentInput {
  return chainDocument(
    [
      agentNode("a1", {
        name: "Assistant",
        tools: ["delete"],
        default_tools: [],
        script: {
          rules: [
            { match: "delete task (?<id>\\d+)", tool_calls: [{ name: "delete_task", args: { id: "{{ match.id }}" } }] },
            { on: "tool", tool: "delete_task", reply: "Result: {{ tool_result }}" },
          ],
        },
      }),
    ],
    { tools: [deleteTool] },
  );
}

/** Start → Approval → (approved: Done tool node | rejected: End). */
function approvalDoc(): GraphDocumentInput {
  return {
    version: 1,
    meta: { id: "approval", name: "Approval" },
    tools: [{ id: "echo", kind: "builtin", name: "echo", config: { builtin: "echo" } }],
    nodes: [
      { id: "start", kind: "start", position: at },
      {
        id: "gate",
        kind: "approval",
        position: at,
        data: { name: "Gate", message: "Send {{ input }}?", payload: { text: "{{ input }}", copies: 2 } },
      },
      { id: "send", kind: "tool", position: at, data: { name: "Send", tool: "echo", args: { text: "sent {{ results.Gate.payload.text }}" } } },
      { id: "end", kind: "end", position: at },
    ],
    edges: [
      flow("start", "gate"),
      { id: "yes", kind: "flow", source: "gate", target: "send", source_handle: "approved" },
      { id: "no", kind: "flow", source: "gate", target: "end", source_handle: "rejected" },
      flow("send", "end"),
    ],
  };
}

/** Start → Question (calendar: work | home), each option to its own Tool node. */
function questionDoc(): GraphDocumentInput {
  return {
    version: 1,
    meta: { id: "question", name: "Question" },
    state: { channels: [{ name: "calendar", type: "string", reducer: "replace" }] },
    tools: [{ id: "echo", kind: "builtin", name: "echo", config: { builtin: "echo" } }],
    nodes: [
      { id: "start", kind: "start", position: at },
      {
        id: "ask",
        kind: "question",
        position: at,
        data: { name: "Which", question: "Which calendar?", options: [{ id: "work", label: "Work" }, { id: "home", label: "Home" }], output_channel: "calendar" },
      },
      { id: "w", kind: "tool", position: at, data: { name: "WorkPath", tool: "echo", args: { text: "work" } } },
      { id: "h", kind: "tool", position: at, data: { name: "HomePath", tool: "echo", args: { text: "home" } } },
      { id: "end", kind: "end", position: at },
    ],
    edges: [
      flow("start", "ask"),
      { id: "to-w", kind: "flow", source: "ask", target: "w", source_handle: "work" },
      { id: "to-h", kind: "flow", source: "ask", target: "h", source_handle: "home" },
      flow("w", "end"),
      flow("h", "end"),
    ],
  };
}

describe("Approval node", () => {
  it("pauses with its rendered message and payload and reports the run as interrupted", async () => {
    const compiled = compileGraph(approvalDoc(), testServices());
    const events = await collectRun(compiled, { message: "the report" }, { threadId: "a" });
    const [pause] = ofType(events, "interrupt");
    expect(statusOf(events)).toBe("interrupted");
    expect(pause?.kind).toBe("approval");
    expect(pause?.payload).toMatchObject({ kind: "approval", tool: null, message: "Send the report?", args: { text: "the report", copies: 2 }, allow_edit: true, node: "Gate" });
    expect(ofType(events, "tool_call")).toHaveLength(0);
    expect((await pendingInterrupts(compiled, "a")).map((p) => p.id)).toEqual([pause?.interrupt_id]);
  });

  it("follows the approved handle on approve", async () => {
    const compiled = compileGraph(approvalDoc(), testServices());
    await collectRun(compiled, { message: "the report" }, { threadId: "a" });
    const events = await collectRun(compiled, { message: "", resume: { value: { decision: "approve" } } }, { threadId: "a" });
    expect(ofType(events, "interrupt_resolved")[0]?.resume).toEqual({ decision: "approve" });
    expect(ofType(events, "tool_result")[0]?.result).toBe("sent the report");
    expect(stateOf(events).results).toMatchObject({ Gate: { decision: "approve", payload: { text: "the report", copies: 2 }, reason: null } });
    expect(statusOf(events)).toBe("completed");
    expect(await pendingInterrupts(compiled, "a")).toEqual([]);
  });

  it("follows the rejected handle on reject and keeps the reason", async () => {
    const compiled = compileGraph(approvalDoc(), testServices());
    await collectRun(compiled, { message: "the report" }, { threadId: "a" });
    const events = await collectRun(compiled, { message: "", resume: { value: { decision: "reject", reason: "not yet" } } }, { threadId: "a" });
    expect(ofType(events, "tool_call")).toHaveLength(0);
    expect(stateOf(events).results).toMatchObject({ Gate: { decision: "reject", reason: "not yet" } });
    expect(statusOf(events)).toBe("completed");
  });

  it("continues on the approved handle with the edited payload on edit", async () => {
    const compiled = compileGraph(approvalDoc(), testServices());
    await collectRun(compiled, { message: "the report" }, { threadId: "a" });
    const events = await collectRun(compiled, { message: "", resume: { value: { decision: "edit", args: { text: "the summary" } } } }, { threadId: "a" });
    expect(ofType(events, "tool_result")[0]?.result).toBe("sent the summary");
    expect(stateOf(events).results).toMatchObject({ Gate: { decision: "edit", payload: { text: "the summary" } } });
  });

  it("refuses edited arguments that are not a JSON object and stays paused", async () => {
    const compiled = compileGraph(approvalDoc(), testServices());
    await collectRun(compiled, { message: "the report" }, { threadId: "a" });
    const events = await collectRun(compiled, { message: "", resume: { value: { decision: "edit", args: [1, 2] } } }, { threadId: "a" });
    expect(ofType(events, "error")[0]).toMatchObject({ code: "INVALID_RESUME", message: expect.stringContaining("must be a JSON object") });
    expect(statusOf(events)).toBe("interrupted");
    expect(await pendingInterrupts(compiled, "a")).toHaveLength(1);
  });

  it("says there is nothing to resume on a thread that is not paused", async () => {
    const compiled = compileGraph(approvalDoc(), testServices());
    const events = await collectRun(compiled, { message: "", resume: { value: { decision: "approve" } } }, { threadId: "fresh" });
    expect(ofType(events, "error")[0]?.code).toBe("NOT_PAUSED");
    expect(statusOf(events)).toBe("error");
  });
});

describe("destructive tools", () => {
  it("pause an agent before the tool runs and resume with the edited arguments", async () => {
    const compiled = compileGraph(assistantDoc(), testServices());
    const paused = await collectRun(compiled, { message: "delete task 7" }, { threadId: "d" });
    expect(statusOf(paused)).toBe("interrupted");
    expect(ofType(paused, "interrupt")[0]).toMatchObject({ agent: "Assistant", payload: { kind: "approval", tool: "delete_task", args: { id: "7" }, agent: "Assistant" } });
    expect(ofType(paused, "tool_call")).toHaveLength(0);
    expect(ofType(paused, "tool_result")).toHaveLength(0);

    const resumed = await collectRun(compiled, { message: "", resume: { value: { decision: "edit", args: { id: 8 } } } }, { threadId: "d" });
    expect(ofType(resumed, "tool_call")[0]?.args).toEqual({ id: 8 });
    expect(ofType(resumed, "tool_result")[0]?.result).toBe("Deleted task 8");
    expect(ofType(resumed, "ai_message").at(-1)?.content).toBe("Result: Deleted task 8");
    expect(statusOf(resumed)).toBe("completed");
  });

  it("report a rejection to the model as a tool message and never run the tool", async () => {
    const calls: RecordedCall[] = [];
    const compiled = compileGraph(assistantDoc(), testServices({ calls }));
    await collectRun(compiled, { message: "delete task 7" }, { threadId: "d" });
    const resumed = await collectRun(compiled, { message: "", resume: { value: { decision: "reject", reason: "keep it" } } }, { threadId: "d" });
    const seen = calls.at(-1)?.messages.find((m): m is ToolMessage => ToolMessage.isInstance(m));
    expect(String(seen?.content)).toContain('The user rejected the call to "delete_task": keep it');
    expect(seen?.status).toBe("error");
    expect(ofType(resumed, "tool_result")[0]).toMatchObject({ tool: "delete_task", result: "", error: expect.stringContaining("was not run") });
    expect(statusOf(resumed)).toBe("completed");
  });

  it("are approved before any tool of the same model turn runs, so each tool runs once", async () => {
    const lookup = { id: "lookup", kind: "mock" as const, name: "find_task", config: { default: "task 7 is 'old notes'" } };
    const doc = chainDocument(
      [
        agentNode("a1", {
          name: "Assistant",
          tools: ["lookup", "delete"],
          default_tools: [],
          script: {
            rules: [
              { match: "clean up", tool_calls: [{ name: "find_task", args: {} }, { name: "delete_task", args: { id: 7 } }] },
              { on: "tool", reply: "Done." },
            ],
          },
        }),
      ],
      { tools: [lookup, deleteTool] },
    );
    const compiled = compileGraph(doc, testServices());
    const paused = await collectRun(compiled, { message: "clean up" }, { threadId: "turn" });
    expect(ofType(paused, "tool_result")).toHaveLength(0);
    expect(ofType(paused, "interrupt")).toHaveLength(1);
    const resumed = await collectRun(compiled, { message: "", resume: { value: { decision: "approve" } } }, { threadId: "turn" });
    expect(ofType(resumed, "tool_result").map((e) => e.tool)).toEqual(["find_task", "delete_task"]);
  });

  it("pause a handoff sub-agent inside its supervisor's loop and resume there", async () => {
    const doc = chainDocument(
      [
        agentNode("sup", { name: "Supervisor", default_tools: [], script: { rules: [{ match: "clean", tool_calls: [{ name: "transfer_to_Cleaner", args: {} }] }] } }),
        agentNode("cleaner", {
          name: "Cleaner",
          tools: ["delete"],
          default_tools: [],
          script: { rules: [{ match: "clean up task (?<id>\\d+)", tool_calls: [{ name: "delete_task", args: { id: "{{ match.id }}" } }] }, { on: "tool", tool: "delete_task", reply: "Cleaned: {{ tool_result }}" }] },
        }),
      ],
      { tools: [deleteTool], edges: [{ id: "h", kind: "delegation", source: "sup", target: "cleaner" }] },
    );
    doc.edges = (doc.edges ?? []).filter((e) => !(e.source === "sup" && e.target === "cleaner" && e.kind === "flow") && !(e.source === "cleaner" && e.target === "end"));
    doc.edges.push(flow("sup", "end"));
    const compiled = compileGraph(doc, testServices());
    const paused = await collectRun(compiled, { message: "clean up task 5" }, { threadId: "h" });
    expect(ofType(paused, "interrupt")[0]?.payload).toMatchObject({ tool: "delete_task", agent: "Cleaner", args: { id: "5" } });
    const resumed = await collectRun(compiled, { message: "", resume: { value: { decision: "approve" } } }, { threadId: "h" });
    expect(ofType(resumed, "tool_result").map((e) => [e.tool, e.result])).toEqual([["delete_task", "Deleted task 5"]]);
    expect(ofType(resumed, "ai_message").at(-1)).toMatchObject({ agent: "Cleaner", content: "Cleaned: Deleted task 5" });
  });

  it("pause a Tool node and record a rejection in its result instead of failing", async () => {
    const doc = chainDocument([{ id: "t", kind: "tool", position: at, data: { name: "Purge", tool: "delete", args: { id: 3 } } }], { tools: [deleteTool] });
    const compiled = compileGraph(doc, testServices());
    const paused = await collectRun(compiled, { message: "go" }, { threadId: "t" });
    expect(ofType(paused, "interrupt")[0]?.payload).toMatchObject({ tool: "delete_task", args: { id: 3 }, node: "Purge" });
    const resumed = await collectRun(compiled, { message: "", resume: { value: { decision: "reject" } } }, { threadId: "t" });
    expect(stateOf(resumed).results).toMatchObject({ Purge: { rejected: true } });
    expect(statusOf(resumed)).toBe("completed");
  });

  it("resume from storage with a new saver instance", async () => {
    const factory = new IDBFactory();
    const first = new IdbSaver({ name: "hitl", indexedDB: factory });
    const before = compileGraph(assistantDoc(), { ...testServices(), checkpointer: first });
    const [pause] = ofType(await collectRun(before, { message: "delete task 7" }, { threadId: "p" }), "interrupt");
    await first.close();

    const second = new IdbSaver({ name: "hitl", indexedDB: factory });
    const after = compileGraph(assistantDoc(), { ...testServices(), checkpointer: second });
    expect((await pendingInterrupts(after, "p"))[0]?.payload).toEqual(pause?.payload);
    const resumed = await collectRun(after, { message: "", resume: { interrupt_id: pause?.interrupt_id as string, value: { decision: "approve" } } }, { threadId: "p" });
    expect(ofType(resumed, "tool_result")[0]?.result).toBe("Deleted task 7");
    const messages = stateOf(resumed).messages as { role: string; content: string }[];
    expect(messages.map((m) => m.role)).toEqual(["human", "ai", "tool", "ai"]);
    await second.close();
  });
});

describe("Question node", () => {
  it("shows its options and follows the handle of the chosen option", async () => {
    const compiled = compileGraph(questionDoc(), testServices());
    const paused = await collectRun(compiled, { message: "book it" }, { threadId: "q" });
    expect(ofType(paused, "interrupt")[0]?.payload).toEqual({ kind: "question", question: "Which calendar?", options: [{ id: "work", label: "Work" }, { id: "home", label: "Home" }], node: "Which" });
    const events = await collectRun(compiled, { message: "", resume: { value: { option_id: "home" } } }, { threadId: "q" });
    expect(ofType(events, "tool_result").map((e) => e.result)).toEqual(["home"]);
    expect(stateOf(events)).toMatchObject({ calendar: "home", results: { Which: { option_id: "home", label: "Home" } } });
  });

  it("rejects an answer that names no option with a clear message and keeps the run paused", async () => {
    const compiled = compileGraph(questionDoc(), testServices());
    const [pause] = ofType(await collectRun(compiled, { message: "book it" }, { threadId: "q" }), "interrupt");
    const refused = await collectRun(compiled, { message: "", resume: { value: { option_id: "office" } } }, { threadId: "q" });
    expect(ofType(refused, "error")[0]).toMatchObject({
      code: "INVALID_RESUME",
      message: '"office" is not an option of question "Which"; choose one of "work" (Work), "home" (Home)',
    });
    expect(ofType(refused, "interrupt")[0]?.interrupt_id).toBe(pause?.interrupt_id);
    expect(statusOf(refused)).toBe("interrupted");
    expect(ofType(refused, "tool_call")).toHaveLength(0);

    const answered = await collectRun(compiled, { message: "", resume: { value: { option_id: "work" } } }, { threadId: "q" });
    expect(ofType(answered, "tool_result").map((e) => e.result)).toEqual(["work"]);
  });
});
