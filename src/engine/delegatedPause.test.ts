/** How a child thread's run goes on for the message its node hands it (see delegatedPause.ts). */
import { describe, expect, it } from "vitest";
import { childMessageId, nextChildStep, type ChildState } from "./delegatedPause.js";
import type { PendingInterrupt } from "./interrupts.js";

const question: PendingInterrupt = { id: "i1", payload: { kind: "question", question: "Which?", options: [{ id: "a", label: "A" }], node: "Q" } };
const child = (patch: Partial<ChildState>): ChildState => ({ next: [], pending: [], messageIds: new Set(["m1"]), checkpointId: "c1", values: {}, ...patch });

describe("the next step of a child thread", () => {
  it("starts when the thread does not hold the message, even if an older run there is paused", () => {
    expect(nextChildStep(child({ messageIds: new Set(["old"]), next: ["Emails"], pending: [question] }), "m1", {}).kind).toBe("start");
  });

  it("runs nothing when the thread already finished the message", () => {
    expect(nextChildStep(child({}), "m1", {}).kind).toBe("done");
  });

  it("continues a run of the message that was cut off", () => {
    expect(nextChildStep(child({ next: ["Emails"] }), "m1", {}).kind).toBe("continue");
  });

  it("stays waiting without an answer to its pause, and resumes with one", () => {
    const paused = child({ next: ["Emails"], pending: [question] });
    expect(nextChildStep(paused, "m1", { other: 1 })).toEqual({ kind: "waiting", pending: [question] });
    const step = nextChildStep(paused, "m1", { i1: { option_id: "a" } });
    expect(step).toMatchObject({ kind: "answer", interrupt: question, value: { option_id: "a" } });
  });
});

describe("a child's message id", () => {
  it("is the same for a task run again and differs between tasks", () => {
    const config = (ns: string) => ({ configurable: { checkpoint_ns: ns } });
    expect(childMessageId(config("Main:t1|call_tools:t2"), "call_1")).toBe("call_1@t2");
    expect(childMessageId(config("Main:t1|call_tools:t3"), "call_1")).toBe("call_1@t3");
  });
});
