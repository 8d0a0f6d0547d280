import { describe, expect, it } from "vitest";
import { validate } from "../validate.js";
import type { GraphDocumentInput } from "../document.js";
import { framedDoc, handleEdge } from "../fixtures/builders.js";

const at = { x: 0, y: 0 };
type NodeInput = GraphDocumentInput["nodes"][number];

const doc = framedDoc;
const edge = handleEdge;
function codes(input: GraphDocumentInput): { code: string; path: string; message: string }[] {
  const result = validate(input);
  return result.ok ? [] : result.errors;
}

describe("flow node checks", () => {
  const ifNode: NodeInput = { id: "gate", kind: "if", position: at, data: { name: "gate", condition: "input == 'x'" } };

  it("accepts an If with both branches", () => {
    expect(validate(doc([ifNode], [edge("start", "gate"), edge("gate", "end", "true"), edge("gate", "end", "false")])).ok).toBe(true);
  });

  it("reports an If without a false branch at the node", () => {
    const errors = codes(doc([ifNode], [edge("start", "gate"), edge("gate", "end", "true")]));
    expect(errors).toContainEqual(
      expect.objectContaining({ code: "MISSING_BRANCH", path: "$.nodes[1]", message: expect.stringMatching(/If node "gate" has no "false" branch/) }),
    );
  });

  it("reports an edge leaving a branching node from a handle it does not have", () => {
    const errors = codes(doc([ifNode], [edge("start", "gate"), edge("gate", "end", "true"), edge("gate", "end", "false"), edge("gate", "end", "maybe")]));
    expect(errors).toContainEqual(
      expect.objectContaining({
        code: "UNKNOWN_HANDLE",
        path: "$.edges[3].source_handle",
        message: expect.stringMatching(/branch "maybe"; it has "true", "false"/),
      }),
    );
  });

  it("reports a Switch without default and a Loop without exit", () => {
    const nodes: NodeInput[] = [
      { id: "sw", kind: "switch", position: at, data: { name: "sw", variable: "state.mode", cases: [{ id: "a", value: "a" }] } },
      { id: "loop", kind: "loop", position: at, data: { name: "loop", condition: "true" } },
    ];
    const errors = codes(doc(nodes, [edge("start", "sw"), edge("sw", "loop", "a"), edge("loop", "loop", "body")]));
    expect(errors.filter((e) => e.code === "MISSING_BRANCH").map((e) => e.message)).toEqual([
      expect.stringMatching(/Switch node "sw" has no "default" branch/),
      expect.stringMatching(/Loop node "loop" has no "exit" branch/),
    ]);
  });

  it("rejects duplicate switch case ids and a case named default", () => {
    const sw = (cases: unknown[]): NodeInput => ({ id: "sw", kind: "switch", position: at, data: { name: "sw", variable: "1", cases } }) as NodeInput;
    expect(
      validate(
        doc(
          [
            sw([
              { id: "a", value: 1 },
              { id: "a", value: 2 },
            ]),
          ],
          [],
        ),
      ).ok,
    ).toBe(false);
    expect(validate(doc([sw([{ id: "default", value: 1 }])], [])).ok).toBe(false);
  });

  it("reports a bare condition name that is not registered, and accepts a registered one", () => {
    const loop = (condition: string): NodeInput => ({ id: "loop", kind: "loop", position: at, data: { name: "loop", condition } });
    const edges = [edge("start", "loop"), edge("loop", "loop", "body"), edge("loop", "end", "exit")];
    expect(codes(doc([loop("task_not_completed")], edges))).toContainEqual(
      expect.objectContaining({ code: "MISSING_CONDITION", path: "$.nodes[1].data.condition" }),
    );
    expect(validate(doc([loop("task_not_completed")], edges, { conditions: [{ name: "task_not_completed", expression: "!state.done" }] })).ok).toBe(true);
  });

  it("reports Set state and Subgraph writes to undeclared channels", () => {
    const nodes: NodeInput[] = [
      {
        id: "set",
        kind: "set_state",
        position: at,
        data: {
          name: "set",
          assignments: [
            { channel: "score", expression: "1" },
            { channel: "results", expression: "{}" },
          ],
        },
      },
      { id: "sub", kind: "subgraph", position: at, data: { name: "sub", graph: "g", output_channel: "answer" } },
    ];
    const errors = codes(doc(nodes, [edge("start", "set"), edge("set", "sub"), edge("sub", "end")], { state: { channels: [{ name: "answer" }] } }));
    expect(errors.filter((e) => e.code === "MISSING_CHANNEL").map((e) => [e.path, e.message])).toEqual([
      ["$.nodes[1].data.assignments[0].channel", expect.stringMatching(/add "score" under State/)],
      ["$.nodes[1].data.assignments[1].channel", expect.stringMatching(/"results" is a built-in channel/)],
    ]);
  });
});
