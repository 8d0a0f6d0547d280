import { describe, expect, it } from "vitest";
import mainAgentTeam from "../../../examples/main-agent-team.json" with { type: "json" };
import { assertValid } from "../../schema/index.js";
import { backgroundParents } from "./backgroundParents";

describe("backgroundParents", () => {
  const document = assertValid(mainAgentTeam);

  it("names the agent that queues a sub-agent's work as a background task", () => {
    expect(backgroundParents(document, "research")).toEqual(["MainAgent"]);
  });

  it("names none for a sub-agent called as a blocking tool, or a node nobody delegates to", () => {
    expect(backgroundParents(document, "emails")).toEqual([]);
    expect(backgroundParents(document, "main")).toEqual([]);
  });
});
