/** Validation lists schema problems and reference problems together, each once, at its path in the input. */
import { describe, expect, it } from "vitest";
import { checkSemantics } from "./checks/semanticChecks.js";
import { graphDocumentSchema } from "./document.js";
import { agentNode, docWith, flowEdge, mockTool, plainNode } from "./fixtures/builders.js";
import { validate, type ValidationResult } from "./validate.js";

function problems(result: ValidationResult): [string, string][] {
  if (result.ok) throw new Error("expected errors, got a valid document");
  return result.errors.map((issue) => [issue.code, issue.path]);
}

describe("validate reports every problem at once", () => {
  it("lists an unknown node kind, a bad field value, a dangling edge and a missing tool, each at its path", () => {
    const doc = docWith((d) => {
      d.nodes.unshift(plainNode("mystery", "teleport"));
      d.nodes.push(agentNode("helper", "Helper", { temperature: 5 }));
      d.nodes[2].data.tools = ["weather"];
      d.edges.push(flowEdge("e3", "assistant", "nowhere"), flowEdge("e4", "assistant", "mystery"), flowEdge("e5", "assistant", "helper"));
    });
    expect(problems(validate(doc))).toEqual([
      ["UNKNOWN_NODE_KIND", "$.nodes[0].kind"],
      ["INVALID_VALUE", "$.nodes[4].data.temperature"],
      ["DANGLING_EDGE", "$.edges[2].target"],
      ["MISSING_TOOL", "$.nodes[2].data.tools[0]"],
    ]);
  });

  it("gives reference problems the paths of the input even when earlier items failed the schema", () => {
    const doc = docWith((d) => {
      d.edges.unshift({ id: "odd", kind: "teleport", source: "start", target: "end" });
      d.edges.push(flowEdge("e3", "assistant", "nowhere"));
    });
    expect(problems(validate(doc))).toEqual([
      ["UNKNOWN_EDGE_KIND", "$.edges[0].kind"],
      ["DANGLING_EDGE", "$.edges[3].target"],
    ]);
  });

  it("keeps the node id on a reference problem found beside schema problems", () => {
    const doc = docWith((d) => {
      d.meta.name = "";
      d.nodes[1].data.tools = ["weather"];
    });
    const result = validate(doc);
    expect(!result.ok && result.errors[1]).toMatchObject({ code: "MISSING_TOOL", nodeId: "assistant" });
  });

  it("does not call an edge dangling when the node it names failed the schema", () => {
    const doc = docWith((d) => (d.nodes[2].position = { x: "right", y: 0 }));
    expect(problems(validate(doc))).toEqual([["INVALID_TYPE", "$.nodes[2].position.x"]]);
  });

  it("does not call a tool missing when the catalog entry with its id failed the schema", () => {
    const doc = docWith((d) => {
      d.tools = [mockTool("weather", "get_weather", { latency_ms: -1 })];
      d.nodes[1].data.tools = ["weather"];
    });
    expect(problems(validate(doc))).toEqual([["INVALID_VALUE", "$.tools[0].config.latency_ms"]]);
  });

  it("does not call a model missing when the profile with its id failed the schema", () => {
    const doc = docWith((d) => (d.models[0].provider = "acme"));
    expect(problems(validate(doc))).toEqual([["INVALID_VALUE", "$.models[0].provider"]]);
  });

  it("does not call an agent tool's agent missing when that agent's node failed the schema", () => {
    const doc = docWith((d) => {
      d.nodes.push(agentNode("helper", "Helper", { hidden: "yes" }));
      d.tools = [{ id: "ask", kind: "agent", name: "ask_helper", config: { agent: "Helper" } }];
    });
    expect(problems(validate(doc))).toEqual([["INVALID_TYPE", "$.nodes[3].data.hidden"]]);
  });

  it("leaves out checks over the whole graph while an item is missing, as a missing End may only have failed the schema", () => {
    const doc = docWith((d) => (d.nodes[2].kind = "finish"));
    expect(problems(validate(doc))).toEqual([["UNKNOWN_NODE_KIND", "$.nodes[2].kind"]]);
  });

  it("runs every check when only the meta failed, since every item could be read", () => {
    const doc = docWith((d) => {
      d.meta.name = "";
      d.nodes.push(agentNode("loner", "Loner"));
    });
    expect(problems(validate(doc))).toEqual([
      ["INVALID_VALUE", "$.meta.name"],
      ["ORPHAN_AGENT", "$.nodes[3]"],
    ]);
  });

  it("does not call a written channel undeclared when the state failed the schema", () => {
    const doc = docWith((d) => {
      d.state = { channels: [{ name: "topic", type: "text" }] };
      d.nodes.push(plainNode("set", "set_state", { name: "Remember", assignments: [{ channel: "topic", expression: "input" }] }));
    });
    expect(problems(validate(doc))).toEqual([["INVALID_VALUE", "$.state.channels[0].type"]]);
  });

  it("reports only the schema problem when a collection is not a list, as nothing it names can be checked", () => {
    const doc = docWith((d) => (d.models = "scripted"));
    expect(problems(validate(doc))).toEqual([["INVALID_TYPE", "$.models"]]);
  });

  it("reports a document with only reference problems exactly as the semantic checks do", () => {
    const doc = docWith((d) => {
      d.nodes[1].data.model = "gpt";
      d.nodes[1].data.tools = ["weather"];
      d.edges.push(flowEdge("e3", "assistant", "nowhere"));
    });
    const result = validate(doc);
    expect(!result.ok && result.errors).toEqual(checkSemantics(graphDocumentSchema.parse(doc)).errors);
    expect(problems(result)).toEqual([
      ["DANGLING_EDGE", "$.edges[2].target"],
      ["MISSING_MODEL", "$.nodes[1].data.model"],
      ["MISSING_TOOL", "$.nodes[1].data.tools[0]"],
    ]);
  });
});
