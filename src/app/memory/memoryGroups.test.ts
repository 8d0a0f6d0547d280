import { describe, expect, it } from "vitest";
import { groupByAgent, updatedLabel } from "./memoryGroups";

const at = "2026-11-26T05:00:00.000Z";

describe("groupByAgent", () => {
  it("keeps each agent's memories together, in the order listed", () => {
    const groups = groupByAgent([
      { agent: "Billing", key: "plan", content: "Pro plan", updated: at },
      { agent: "Support", key: "likes", content: "Tea", updated: at },
      { agent: "Billing", key: "card", content: "Visa", updated: at },
    ]);
    expect(groups.map((g) => [g.agent, g.memories.map((m) => m.key)])).toEqual([
      ["Billing", ["plan", "card"]],
      ["Support", ["likes"]],
    ]);
  });

  it("has no group without memories", () => {
    expect(groupByAgent([])).toEqual([]);
  });
});

describe("updatedLabel", () => {
  it("shows a date as a date and anything else as it is", () => {
    expect(updatedLabel(at)).toMatch(/2026/);
    expect(updatedLabel("soon")).toBe("soon");
  });
});
