/** What validation accepts, what it fills in, and how it reports: stages, node ids, messages, errors. */
import { describe, expect, it } from "vitest";
import { agentNode, conditionalEdge, delegationEdge, docWith, flowEdge, mockTool, toolNode } from "./fixtures/builders.js";
import { minimalDocument, minimalDocumentText } from "./fixtures/minimalDocument.js";
import { BUILTIN_CHANNELS, GraphValidationError, assertValid, formatIssues, validate, validateText, type ValidationResult } from "./validate.js";

function errorsOf(result: ValidationResult) {
  if (result.ok) throw new Error(`expected errors, got a valid document with warnings ${JSON.stringify(result.warnings)}`);
  return result.errors;
}

function documentOf(result: ValidationResult) {
  if (!result.ok) throw new Error(`expected a valid document:\n${formatIssues(result.errors)}`);
  return result.document;
}

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === "object") {
    for (const child of Object.values(value)) deepFreeze(child);
    Object.freeze(value);
  }
  return value;
}

describe("validate accepts valid documents", () => {
  it("accepts the minimal Start → Agent → End document without warnings", () => {
    const result = validate(minimalDocument());
    expect(result).toMatchObject({ ok: true, warnings: [] });
  });

  it("fills in defaults", () => {
    const doc = documentOf(validate(minimalDocument()));
    expect(doc.state).toEqual({ channels: [] });
    expect(doc.tools).toEqual([]);
    expect(doc.settings).toEqual({ recursion_limit: 100, max_sub_agent_depth: 5 });
    expect(doc.meta.tags).toEqual([]);
    expect(doc.models[0]).toMatchObject({ fallbacks: [], tool_calling: true });
    expect(doc.nodes[0]).toMatchObject({ kind: "start", data: { name: "Start" } });
    expect(doc.nodes[1]).toMatchObject({
      kind: "agent",
      data: {
        system_prompt: "",
        tools: [],
        max_iterations: 25,
        hidden: false,
        default_tools: ["get_time_date", "list_tools_available", "list_intents_available"],
      },
    });
  });

  it("round-trips the parsed document through JSON unchanged", () => {
    const doc = documentOf(validate(minimalDocument()));
    expect(documentOf(validate(JSON.parse(JSON.stringify(doc))))).toEqual(doc);
  });

  it("gives each document its own default objects", () => {
    const first = documentOf(validate(minimalDocument()));
    const second = documentOf(validate(minimalDocument()));
    first.state.channels.push({ name: "leak", type: "any", reducer: "replace" });
    expect(second.state.channels).toEqual([]);
  });

  it("does not modify its input", () => {
    const input = deepFreeze(minimalDocument());
    const before = JSON.stringify(input);
    expect(validate(input).ok).toBe(true);
    expect(JSON.stringify(input)).toBe(before);
  });

  it("accepts a hidden agent that has no parent and is not in the flow", () => {
    const result = validate(docWith((d) => d.nodes.push(agentNode("archivist", "Archivist", { hidden: true }))));
    expect(result).toMatchObject({ ok: true, warnings: [] });
  });

  it("accepts a sub-agent whose only way in is a delegation edge from its parent", () => {
    const result = validate(
      docWith((d) => {
        d.nodes.push(agentNode("researcher", "Researcher"));
        d.edges.push(delegationEdge("d1", "assistant", "researcher"));
      }),
    );
    expect(result).toMatchObject({ ok: true, warnings: [] });
  });

  it("accepts conditions that are registered names, true/false, or CEL expressions", () => {
    const result = validate(
      docWith((d) => {
        d.conditions = [{ name: "is_done", expression: "state.done == true" }];
        d.edges = [
          flowEdge("e1", "start", "assistant"),
          conditionalEdge("c1", "assistant", "end", "is_done"),
          conditionalEdge("c2", "assistant", "end", "false"),
          conditionalEdge("c3", "assistant", "end", "size(state.messages) > 3"),
        ];
      }),
    );
    expect(result.ok).toBe(true);
  });

  it("returns warnings alongside a valid document", () => {
    const result = validate(
      docWith((d) => {
        d.tools = [mockTool("t1", "lookup")];
        d.nodes.push(toolNode("tn", "Lookup", "t1"));
      }),
    );
    expect(result.ok).toBe(true);
    expect(result.ok && result.warnings.map((w) => w.code)).toEqual(["UNREACHABLE_NODE"]);
  });
});

describe("validate reports issues people can act on", () => {
  it("names the missing node in a dangling edge's message", () => {
    const errors = errorsOf(validate(docWith((d) => d.edges.push(flowEdge("e3", "assistant", "n9")))));
    expect(errors[0]?.message).toBe('Edge "e3" points to node "n9", which does not exist');
  });

  it("names a node by its display name rather than its id", () => {
    const errors = errorsOf(validate(docWith((d) => (d.nodes[1].data.model = "gpt"))));
    expect(errors[0]?.message).toMatch(/^Agent "Assistant" uses model profile "gpt", which does not exist/);
  });

  it("lists the known kinds when a node kind is unknown", () => {
    const errors = errorsOf(validate(docWith((d) => (d.nodes[1].kind = "wizard"))));
    expect(errors[0]?.message).toContain("known node kinds: start, end, agent, llm, tool, note");
  });

  it("names the agents of a delegation cycle in order", () => {
    const errors = errorsOf(
      validate(
        docWith((d) => {
          d.nodes.push(agentNode("b", "Bee"), agentNode("c", "Cee"));
          d.edges.push(delegationEdge("e3", "assistant", "b"), delegationEdge("e4", "b", "c"), delegationEdge("e5", "c", "assistant"));
        }),
      ),
    );
    expect(errors[0]?.message).toContain("Assistant → Bee → Cee → Assistant");
  });

  it("says a newer Graphwright made a document of a future version", () => {
    const errors = errorsOf(validate(docWith((d) => (d.version = 7))));
    expect(errors[0]?.message).toContain("made by a newer Graphwright");
  });

  it("attaches the node id to shape issues inside a node", () => {
    const errors = errorsOf(validate(docWith((d) => (d.nodes[1].data.temperature = 9))));
    expect(errors[0]).toMatchObject({ path: "$.nodes[1].data.temperature", nodeId: "assistant" });
  });

  it("attaches the node id to semantic issues about a node", () => {
    const errors = errorsOf(validate(docWith((d) => d.nodes.push(agentNode("loner", "Loner")))));
    expect(errors[0]).toMatchObject({ code: "ORPHAN_AGENT", nodeId: "loner" });
  });

  it("reports schema errors and then reference errors, not only the schema stage's", () => {
    const errors = errorsOf(
      validate(
        docWith((d) => {
          d.nodes[0].position.x = "left";
          d.edges.push(flowEdge("e3", "assistant", "n9"));
        }),
      ),
    );
    expect(errors.map((e) => e.code)).toEqual(["INVALID_TYPE", "DANGLING_EDGE"]);
  });

  it("stops after the hostile-input stage, before the version check", () => {
    const errors = errorsOf(validateText(minimalDocumentText().replace('"version":1', '"version":"one","__proto__":{}')));
    expect(errors.map((e) => e.code)).toEqual(["FORBIDDEN_KEY"]);
  });

  it("reports every semantic finding at once", () => {
    const errors = errorsOf(
      validate(
        docWith((d) => {
          d.nodes[1].data.model = "gpt";
          d.edges.push(flowEdge("e3", "assistant", "n9"));
          d.nodes.push(agentNode("loner", "Loner"));
        }),
      ),
    );
    expect(errors.map((e) => e.code).sort()).toEqual(["DANGLING_EDGE", "MISSING_MODEL", "ORPHAN_AGENT"]);
  });

  it("reports one issue per field even when zod finds several", () => {
    const errors = errorsOf(validate(docWith((d) => (d.meta.id = ""))));
    expect(errors).toHaveLength(1);
    expect(errors[0]?.message).toBe("The document: meta.id must not be empty");
  });

  it("does not let a __proto__ key reach Object.prototype", () => {
    validateText(minimalDocumentText().replace('"name":"Assistant"', '"__proto__":{"polluted":true},"name":"Assistant"'));
    expect((Object.prototype as Record<string, unknown>)["polluted"]).toBeUndefined();
  });

  it("exports the built-in channel names", () => {
    expect(BUILTIN_CHANNELS).toEqual(["messages", "active_agent", "route", "actions", "results", "system_prompt", "iteration", "branches", "loops"]);
  });
});

describe("validateText", () => {
  it("reports the line and column of a JSON syntax error", () => {
    const errors = errorsOf(validateText('{\n  "version": 1,\n  "meta": }'));
    expect(errors[0]).toMatchObject({ code: "JSON_SYNTAX", path: "$" });
    expect(errors[0]?.message).toMatch(/line 3, column 11/);
  });

  it("accepts a document that starts with a byte-order mark", () => {
    expect(validateText(`\uFEFF${minimalDocumentText()}`).ok).toBe(true);
  });

  it("validates the parsed text like validate does", () => {
    expect(validateText(minimalDocumentText())).toEqual(validate(minimalDocument()));
  });
});

describe("assertValid", () => {
  it("returns the document with defaults filled in", () => {
    expect(assertValid(minimalDocument()).settings.recursion_limit).toBe(100);
  });

  it("throws a GraphValidationError with the code, path and every issue", () => {
    const bad = docWith((d) => {
      d.nodes.splice(2, 1);
      d.edges.splice(1, 1);
    });
    let thrown: unknown;
    try {
      assertValid(bad);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(GraphValidationError);
    const error = thrown as GraphValidationError;
    expect(error).toMatchObject({ name: "GraphValidationError", code: "MISSING_END", path: "$.nodes" });
    expect(error.issues.length).toBeGreaterThanOrEqual(1);
    expect(error.message).toBe(formatIssues(error.issues));
  });
});

describe("formatIssues", () => {
  it("writes one `path: message` line per issue", () => {
    const text = formatIssues([
      { code: "MISSING_END", path: "$.nodes", message: "The graph has no End node" },
      { code: "DANGLING_EDGE", path: "$.edges[0].target", message: 'Edge "e1" points to node "x", which does not exist' },
    ]);
    expect(text).toBe('$.nodes: The graph has no End node\n$.edges[0].target: Edge "e1" points to node "x", which does not exist');
  });
});

describe("hostile-input issues", () => {
  it("carry the id of the node they were found in", () => {
    const errors = errorsOf(validateText(minimalDocumentText().replace('"name":"Assistant"', '"__proto__":{},"name":"Assistant"')));
    expect(errors[0]).toMatchObject({ code: "FORBIDDEN_KEY", nodeId: "assistant" });
  });
});
