import { describe, expect, it } from "vitest";
import type { GraphDocument } from "../../schema/index.js";
import { blankDocument } from "./nodeFactory";
import { problemsOf } from "./selectors.js";

describe("problemsOf", () => {
  it("lists a bad field value and a missing tool together, each marked on its node", () => {
    const doc = blankDocument("g1");
    const [start, agent, ...rest] = doc.nodes;
    if (agent?.kind !== "agent" || start === undefined) throw new Error("expected Start then an agent");
    // A value the inspector's JSON fields can produce but the schema refuses.
    const broken = { ...start, position: { x: Number.NaN, y: 0 } };
    const document = { ...doc, nodes: [broken, { ...agent, data: { ...agent.data, tools: ["weather"] } }, ...rest] } as GraphDocument;
    const problems = problemsOf(document);
    expect(problems.errors.map((e) => [e.code, e.path])).toEqual([
      ["INVALID_TYPE", "$.nodes[0].position.x"],
      ["MISSING_TOOL", "$.nodes[1].data.tools[0]"],
    ]);
    expect([...problems.byNode.keys()]).toEqual(["start", "agent"]);
  });
});
