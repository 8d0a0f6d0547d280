import { describe, expect, it } from "vitest";
import type { InterruptPayload, RunEvent, RunEventBody } from "../../engine/index.js";
import { pendingOf, typedAnswer } from "./pendingInterrupts";
import { rootEvent } from "../../engine/testing/rootEvents.js";

const approval: InterruptPayload = {
  kind: "approval",
  tool: "delete_task",
  args: { id: 7 },
  message: "Delete?",
  allow_edit: true,
  agent: "Assistant",
  node: "Assistant",
};

function run(runId: string, bodies: RunEventBody[]): RunEvent[] {
  return bodies.map((body, seq) => rootEvent(runId, "t", { seq }, body));
}

const paused = run("r1", [
  { type: "run_start", input: "delete task 7" },
  { type: "interrupt", interrupt_id: "i1", kind: "approval", payload: approval },
  { type: "run_end", status: "interrupted", duration_ms: 3 },
]);

describe("pending interrupts from a thread's events", () => {
  it("are the interrupts of a last run that ended interrupted", () => {
    expect(pendingOf(paused)).toEqual({ interrupts: [{ interruptId: "i1", runId: "r1", payload: approval }], refusal: null });
  });

  it("are gone once a later run resumed the thread", () => {
    const resumed = run("r2", [
      { type: "run_start", input: "Approve" },
      { type: "interrupt_resolved", interrupt_id: "i1", kind: "approval", payload: approval, resume: { decision: "approve" } },
      { type: "run_end", status: "completed", duration_ms: 3 },
    ]);
    expect(pendingOf([...paused, ...resumed]).interrupts).toEqual([]);
  });

  it("are hidden while a new run is going", () => {
    expect(pendingOf([...paused, ...run("r2", [{ type: "run_start", input: "Approve" }])]).interrupts).toEqual([]);
  });

  it("stay with the reason after a refused answer", () => {
    const refused = run("r2", [
      { type: "run_start", input: "Answer" },
      { type: "error", code: "INVALID_RESUME", message: '"maybe" is not an option' },
      { type: "interrupt", interrupt_id: "i1", kind: "approval", payload: approval },
      { type: "run_end", status: "interrupted", duration_ms: 1 },
    ]);
    expect(pendingOf([...paused, ...refused])).toEqual({
      interrupts: [{ interruptId: "i1", runId: "r2", payload: approval }],
      refusal: '"maybe" is not an option',
    });
  });
});

describe("typedAnswer", () => {
  const yesNo = {
    kind: "question" as const,
    question: "Ship it?",
    options: [
      { id: "yes", label: "Yes" },
      { id: "no", label: "No" },
    ],
    node: "Confirm",
  };

  it("answers with the option a message names by its label, whatever the case and a final full stop", () => {
    expect(typedAnswer(yesNo, "yes")).toEqual({ ok: true, optionId: "yes", label: "Yes" });
    expect(typedAnswer(yesNo, "  No. ")).toEqual({ ok: true, optionId: "no", label: "No" });
  });

  it("answers with an option named by its id when no label matches", () => {
    const q = { ...yesNo, options: [{ id: "w", label: "Work calendar" }] };
    expect(typedAnswer(q, "W")).toEqual({ ok: true, optionId: "w", label: "Work calendar" });
  });

  it("refuses a message that names no option, listing the options", () => {
    expect(typedAnswer(yesNo, "maybe")).toEqual({ ok: false, message: '"maybe" does not answer "Ship it?": type Yes or No, or use its button' });
  });
});
