import { describe, expect, it } from "vitest";
import type { ApprovalInterrupt } from "../../engine/index.js";
import { answerLabel, askedBy, decisionLabel, parseEditedArgs } from "./interruptAnswers";

const approval: ApprovalInterrupt = {
  kind: "approval",
  tool: "delete_task",
  args: { id: 7 },
  message: "Delete?",
  allow_edit: true,
  agent: "Assistant",
  node: "Assistant",
};

describe("interrupt answers", () => {
  it("accept edited arguments that are a JSON object", () => {
    expect(parseEditedArgs('{ "id": 8 }')).toEqual({ ok: true, args: { id: 8 } });
  });

  it("refuse edited arguments that are not JSON, saying what is wrong", () => {
    const parsed = parseEditedArgs('{ "id": ');
    expect(parsed.ok).toBe(false);
    expect(!parsed.ok && parsed.message).toMatch(/^Not valid JSON: /);
  });

  it("refuse edited arguments that are JSON but not an object", () => {
    expect(parseEditedArgs("[1, 2]")).toEqual({ ok: false, message: 'The arguments must be a JSON object, like {"id": 1}' });
    expect(parseEditedArgs("null").ok).toBe(false);
  });

  it("label the resumed run by the decision and its reason", () => {
    expect(decisionLabel(approval, "reject", " not this one ")).toBe("Rejected delete_task: not this one");
    expect(decisionLabel(approval, "edit")).toBe("Approved delete_task with edited arguments");
    expect(decisionLabel({ ...approval, tool: null, node: "Gate" }, "approve")).toBe("Approved Gate");
    expect(answerLabel({ kind: "question", question: "Which?", options: [{ id: "w", label: "Work" }], node: "Q" }, "w")).toBe("Answered: Work");
  });
});

describe("who asks", () => {
  const question = { kind: "question" as const, question: "Which folder?", options: [{ id: "inbox", label: "Inbox" }], node: "Emails" };

  it("names the sub-agent or Subgraph node a pause comes from, what it ran under, and its background task", () => {
    expect(askedBy({ ...question, via: ["Emails"] })).toBe("Asked by Emails");
    expect(askedBy({ ...question, via: ["Research", "Emails"], task_id: "task_3" })).toBe("Asked by Emails (via Research) · background task task_3");
  });

  it("says nothing for the graph's own pauses", () => {
    expect(askedBy(question)).toBeNull();
  });
});
