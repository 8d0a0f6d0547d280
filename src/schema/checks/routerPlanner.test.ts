import { describe, expect, it } from "vitest";
import { validate } from "../validate.js";
import type { GraphDocumentInput, RouterRule } from "../document.js";
import { framedDoc, handleEdge } from "../fixtures/builders.js";

const at = { x: 0, y: 0 };
type NodeInput = GraphDocumentInput["nodes"][number];
type EdgeInput = NonNullable<GraphDocumentInput["edges"]>[number];
type RuleInput = Partial<RouterRule> & Pick<RouterRule, "id" | "route" | "match">;

const edge = handleEdge;
const doc = (nodes: NodeInput[], edges: EdgeInput[], extra: Partial<GraphDocumentInput> = {}): GraphDocumentInput =>
  framedDoc(nodes, edges, {
    models: [{ id: "scripted", provider: "scripted", model: "scripted" }],
    tools: [{ id: "lookup", kind: "mock", name: "lookup", config: {} }],
    ...extra,
  });
function errors(input: GraphDocumentInput) {
  const result = validate(input);
  return result.ok ? [] : result.errors;
}
const router = (rules: RuleInput[]): NodeInput => ({ id: "r", kind: "router", position: at, data: { name: "Gate", routes: [{ id: "crisis" }], rules } });
const routed = (rules: RuleInput[]) => doc([router(rules)], [edge("start", "r"), edge("r", "end", "crisis"), edge("r", "end", "default")]);

describe("router and planner checks", () => {
  it("accepts a router whose rules are complete and whose default is connected", () => {
    expect(validate(routed([{ id: "k", route: "crisis", match: "keyword", keywords: ["help"], gate: true }])).ok).toBe(true);
  });

  it("reports an invalid regex at the rule's pattern", () => {
    expect(errors(routed([{ id: "x", route: "crisis", match: "regex", pattern: "(a" }]))).toContainEqual(
      expect.objectContaining({
        code: "INVALID_VALUE",
        path: "$.nodes[1].data.rules[0].pattern",
        message: expect.stringContaining('rule "x": the pattern is not a valid regular expression'),
      }),
    );
  });

  it("reports a lookahead the linear-time engine refuses, naming it at the rule's pattern", () => {
    expect(errors(routed([{ id: "x", route: "crisis", match: "regex", pattern: "help(?=me)" }]))).toContainEqual(
      expect.objectContaining({
        code: "INVALID_VALUE",
        path: "$.nodes[1].data.rules[0].pattern",
        message: expect.stringMatching(
          /rule "x": the pattern uses a lookahead \(`\(\?=`\), which the linear-time regex engine \(RE2 syntax\) does not support/,
        ),
      }),
    );
  });

  it("reports a rule without keywords, pattern or expression for its match", () => {
    const found = errors(
      routed([
        { id: "a", route: "crisis", match: "keyword" },
        { id: "b", route: "crisis", match: "regex" },
        { id: "c", route: "crisis", match: "cel" },
      ]),
    );
    expect(found.filter((e) => e.code === "MISSING_FIELD").map((e) => e.path)).toEqual([
      "$.nodes[1].data.rules[0].keywords",
      "$.nodes[1].data.rules[1].pattern",
      "$.nodes[1].data.rules[2].expression",
    ]);
  });

  it("reports a CEL rule naming an unregistered condition", () => {
    expect(errors(routed([{ id: "c", route: "crisis", match: "cel", expression: "is_urgent" }]))).toContainEqual(
      expect.objectContaining({ code: "MISSING_CONDITION", path: "$.nodes[1].data.rules[0].expression" }),
    );
  });

  it("reports a rule selecting a route the router lacks, and a router without its default branch", () => {
    const found = errors(
      doc([router([{ id: "b", route: "billing", match: "keyword", keywords: ["bill"] }])], [edge("start", "r"), edge("r", "end", "crisis")]),
    );
    expect(found).toContainEqual(expect.objectContaining({ code: "INVALID_VALUE", path: "$.nodes[1].data.rules[0].route" }));
    expect(found).toContainEqual(
      expect.objectContaining({ code: "MISSING_BRANCH", message: expect.stringContaining('Router "Gate" has no "default" branch') }),
    );
  });

  it("reports a planner's missing model and tools", () => {
    const planner: NodeInput = { id: "p", kind: "planner", position: at, data: { name: "Plan", model: "gpt", tools: ["lookup", "nope"] } };
    const found = errors(doc([planner], [edge("start", "p"), edge("p", "end")]));
    expect(found).toContainEqual(expect.objectContaining({ code: "MISSING_MODEL", path: "$.nodes[1].data.model" }));
    expect(found).toContainEqual(expect.objectContaining({ code: "MISSING_TOOL", path: "$.nodes[1].data.tools[1]" }));
  });

  it("reports a forced tool that is not one of the agent's tools", () => {
    const agent: NodeInput = { id: "a", kind: "agent", position: at, data: { name: "A", model: "scripted", forced_tool: { tool: "lookup", fallback: "" } } };
    expect(errors(doc([agent], [edge("start", "a"), edge("a", "end")]))).toContainEqual(
      expect.objectContaining({ code: "INVALID_VALUE", path: "$.nodes[1].data.forced_tool.tool", message: expect.stringContaining("not one of its tools") }),
    );
  });
});
