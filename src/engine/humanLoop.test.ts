/** Human in the loop: Approval and Question nodes pause, route by the answer and refuse bad answers. */
import { describe, expect, it } from "vitest";
import { collectRun, compileGraph, pendingInterrupts } from "./index.js";
import { at, flow } from "./testing/documents.js";
import { ofType, stateOf, statusOf } from "./testing/humanLoop.js";
import { testServices } from "../../tests/support/services.js";
import type { GraphDocumentInput } from "../schema/index.js";

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
        data: {
          name: "Which",
          question: "Which calendar?",
          options: [
            { id: "work", label: "Work" },
            { id: "home", label: "Home" },
          ],
          output_channel: "calendar",
        },
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
    expect(pause?.payload).toMatchObject({
      kind: "approval",
      tool: null,
      message: "Send the report?",
      args: { text: "the report", copies: 2 },
      allow_edit: true,
      node: "Gate",
    });
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

describe("Question node", () => {
  it("shows its options and follows the handle of the chosen option", async () => {
    const compiled = compileGraph(questionDoc(), testServices());
    const paused = await collectRun(compiled, { message: "book it" }, { threadId: "q" });
    expect(ofType(paused, "interrupt")[0]?.payload).toEqual({
      kind: "question",
      question: "Which calendar?",
      options: [
        { id: "work", label: "Work" },
        { id: "home", label: "Home" },
      ],
      node: "Which",
    });
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
