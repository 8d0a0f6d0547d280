import { describe, expect, it } from "vitest";
import { validate } from "../validate.js";
import type { GraphDocumentInput } from "../document.js";

const at = { x: 0, y: 0 };
type NodeInput = GraphDocumentInput["nodes"][number];

function doc(node: NodeInput, handles: string[], channels: string[] = []): GraphDocumentInput {
  return {
    version: 1,
    meta: { id: "d", name: "D" },
    state: { channels: channels.map((name) => ({ name })) },
    nodes: [{ id: "start", kind: "start", position: at }, node, { id: "end", kind: "end", position: at }],
    edges: [
      { id: "in", kind: "flow", source: "start", target: node.id },
      ...handles.map((h) => ({ id: `out-${h}`, kind: "flow" as const, source: node.id, target: "end", source_handle: h })),
    ],
  };
}
const errorsOf = (input: GraphDocumentInput) => {
  const result = validate(input);
  return result.ok ? [] : result.errors;
};

const question = (data: Record<string, unknown> = {}): NodeInput =>
  ({
    id: "q",
    kind: "question",
    position: at,
    data: {
      name: "Pick",
      question: "Which?",
      options: [
        { id: "a", label: "A" },
        { id: "b", label: "B" },
      ],
      ...data,
    },
  }) as NodeInput;
const approval = (data: Record<string, unknown> = {}): NodeInput =>
  ({ id: "ok", kind: "approval", position: at, data: { name: "Gate", ...data } }) as NodeInput;

describe("Approval and Question node checks", () => {
  it("accept an Approval wired from approved and rejected and a Question wired from its options", () => {
    expect(errorsOf(doc(approval({ output_channel: "decision" }), ["approved", "rejected"], ["decision"]))).toEqual([]);
    expect(errorsOf(doc(question({ output_channel: "choice" }), ["a", "b"], ["choice"]))).toEqual([]);
  });

  it("report answers stored in undeclared channels", () => {
    const errors = errorsOf(doc(question({ output_channel: "choice" }), ["a", "b"]));
    expect(errors.filter((e) => e.code === "MISSING_CHANNEL").map((e) => e.path)).toEqual(["$.nodes[1].data.output_channel"]);
    expect(errorsOf(doc(approval({ output_channel: "decision" }), ["approved"])).map((e) => e.code)).toContain("MISSING_CHANNEL");
  });

  it("refuse a Question without options or with repeated option ids", () => {
    expect(validate(doc(question({ options: [] }), [])).ok).toBe(false);
    expect(
      validate(
        doc(
          question({
            options: [
              { id: "a", label: "A" },
              { id: "a", label: "Again" },
            ],
          }),
          ["a"],
        ),
      ).ok,
    ).toBe(false);
  });

  it("report an edge leaving a Question from a handle that is not one of its options", () => {
    expect(errorsOf(doc(question(), ["a", "maybe"])).length).toBeGreaterThan(0);
  });
});
