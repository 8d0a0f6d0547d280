/**
 * One malformed document per row, each proving that validation rejects (or warns about) one
 * mistake with the exact code and JSON path. Hostile documents are built from JSON text where a
 * JS object literal would not produce the same value (`__proto__`, huge nesting).
 */
import { describe, expect, it } from "vitest";
import { agentNode, conditionalEdge, delegationEdge, docWith, flowEdge, llmNode, mockTool, plainNode, scriptedProfile, toolNode } from "./fixtures/builders.js";
import { minimalDocument, minimalDocumentText } from "./fixtures/minimalDocument.js";
import type { Migration } from "./migrate.js";
import { ISSUE_CODES, type IssueCode, type ValidationResult, validate, validateText } from "./validate.js";

/** The minimal document's JSON text with `extra` spliced in as its first members. */
function textWith(extra: string): string {
  return `{${extra},${minimalDocumentText().slice(1)}`;
}

const renameGraphNodes: Migration = {
  from: 0,
  to: 1,
  up: (doc) => {
    const { graph_nodes, ...rest } = doc;
    return { ...rest, nodes: graph_nodes };
  },
};

interface Row {
  name: string;
  run: () => ValidationResult;
  code: IssueCode;
  path: string;
  /** A warning on a valid document rather than an error. */
  warning?: true;
}

const rows: Row[] = [
  // Stage 1: hostile input
  { name: "rejects a document that is null", run: () => validate(null), code: "INVALID_TYPE", path: "$" },
  { name: "rejects a document that is an array", run: () => validate([minimalDocument()]), code: "INVALID_TYPE", path: "$" },
  { name: "rejects a document that is a string", run: () => validateText('"graph"'), code: "INVALID_TYPE", path: "$" },
  { name: "rejects a document that is a number", run: () => validate(42), code: "INVALID_TYPE", path: "$" },
  {
    name: "rejects a __proto__ key inside node data",
    run: () => validateText(minimalDocumentText().replace('"name":"Assistant"', '"__proto__":{"polluted":true},"name":"Assistant"')),
    code: "FORBIDDEN_KEY",
    path: "$.nodes[1].data.__proto__",
  },
  {
    name: "rejects a constructor key at the top level",
    run: () => validateText(textWith('"constructor":{"prototype":{}}')),
    code: "FORBIDDEN_KEY",
    path: "$.constructor",
  },
  {
    name: "rejects a prototype key inside a tool's input schema",
    run: () =>
      validate(docWith((d) => (d.tools = [{ ...mockTool("t1", "lookup"), input_schema: { type: "object", properties: { prototype: { type: "string" } } } }]))),
    code: "FORBIDDEN_KEY",
    path: "$.tools[0].input_schema.properties.prototype",
  },
  {
    name: "rejects 100,000 levels of nesting without overflowing the stack",
    run: () => validateText(textWith(`"x":${"[".repeat(100_000)}${"]".repeat(100_000)}`)),
    code: "TOO_DEEP",
    path: `$.x${"[0]".repeat(63)}`,
  },
  {
    name: "rejects a string of 2,000,000 characters",
    run: () => validate(docWith((d) => (d.meta.description = "a".repeat(2_000_000)))),
    code: "TOO_LARGE",
    path: "$.meta.description",
  },
  {
    name: "rejects a document of more than 200,000 values",
    run: () => validate(docWith((d) => (d.meta.tags = new Array(200_001).fill("t")))),
    code: "TOO_LARGE",
    path: "$",
  },
  { name: "rejects JSON text over 20 MB before parsing it", run: () => validateText(" ".repeat(20 * 1024 * 1024 + 1)), code: "TOO_LARGE", path: "$" },
  { name: "rejects JSON text with a syntax error", run: () => validateText('{\n  "version": 1,\n}'), code: "JSON_SYNTAX", path: "$" },
  {
    name: "rejects a Map where JSON data belongs",
    run: () => validate(docWith((d) => (d.meta = new Map([["id", "x"]])))),
    code: "INVALID_TYPE",
    path: "$.meta",
  },

  // Stage 2: version
  { name: "rejects a document without a version", run: () => validate(docWith((d) => delete d.version)), code: "MISSING_VERSION", path: "$.version" },
  { name: "rejects a version given as a string", run: () => validate(docWith((d) => (d.version = "1"))), code: "MISSING_VERSION", path: "$.version" },
  { name: "rejects a fractional version", run: () => validate(docWith((d) => (d.version = 1.5))), code: "MISSING_VERSION", path: "$.version" },
  {
    name: "rejects a document made by a newer Graphwright",
    run: () => validate(docWith((d) => (d.version = 2))),
    code: "UNSUPPORTED_VERSION",
    path: "$.version",
  },
  {
    name: "rejects an old version that no migration upgrades",
    run: () => validate(docWith((d) => (d.version = 0))),
    code: "MIGRATION_FAILED",
    path: "$.version",
  },
  {
    name: "warns that an old document was upgraded by a migration",
    run: () =>
      validate(
        docWith((d) => {
          d.version = 0;
          d.graph_nodes = d.nodes;
          delete d.nodes;
        }),
        { migrations: [renameGraphNodes] },
      ),
    code: "MIGRATED",
    path: "$.version",
    warning: true,
  },

  // Stage 3: shape
  {
    name: "rejects an unknown node kind",
    run: () => validate(docWith((d) => (d.nodes[1].kind = "wizard"))),
    code: "UNKNOWN_NODE_KIND",
    path: "$.nodes[1].kind",
  },
  { name: "rejects a node without a kind", run: () => validate(docWith((d) => delete d.nodes[2].kind)), code: "UNKNOWN_NODE_KIND", path: "$.nodes[2].kind" },
  { name: "rejects an unknown edge kind", run: () => validate(docWith((d) => (d.edges[0].kind = "wire"))), code: "UNKNOWN_EDGE_KIND", path: "$.edges[0].kind" },
  {
    name: "rejects an unknown tool kind",
    run: () => validate(docWith((d) => (d.tools = [{ id: "t1", kind: "python", name: "run" }]))),
    code: "UNKNOWN_TOOL_KIND",
    path: "$.tools[0].kind",
  },
  {
    name: "rejects an unknown field in agent data",
    run: () => validate(docWith((d) => (d.nodes[1].data.extra = 1))),
    code: "UNKNOWN_FIELD",
    path: "$.nodes[1].data.extra",
  },
  {
    name: "rejects an unknown field whose name is not an identifier",
    run: () => validate(docWith((d) => (d.nodes[1].data["a b"] = 1))),
    code: "UNKNOWN_FIELD",
    path: '$.nodes[1].data["a b"]',
  },
  { name: "rejects an unknown top-level field", run: () => validate(docWith((d) => (d.graph = {}))), code: "UNKNOWN_FIELD", path: "$.graph" },
  {
    name: "rejects an agent without a model",
    run: () => validate(docWith((d) => delete d.nodes[1].data.model)),
    code: "MISSING_FIELD",
    path: "$.nodes[1].data.model",
  },
  { name: "rejects a document without meta", run: () => validate(docWith((d) => delete d.meta)), code: "MISSING_FIELD", path: "$.meta" },
  {
    name: "rejects an Infinity position",
    run: () => validate(docWith((d) => (d.nodes[0].position.x = Infinity))),
    code: "INVALID_TYPE",
    path: "$.nodes[0].position.x",
  },
  { name: "rejects a NaN position", run: () => validate(docWith((d) => (d.nodes[0].position.y = NaN))), code: "INVALID_TYPE", path: "$.nodes[0].position.y" },
  {
    name: "rejects an agent name that is a number",
    run: () => validate(docWith((d) => (d.nodes[1].data.name = 42))),
    code: "INVALID_TYPE",
    path: "$.nodes[1].data.name",
  },
  {
    name: "rejects a fractional max_iterations",
    run: () => validate(docWith((d) => (d.nodes[1].data.max_iterations = 2.5))),
    code: "INVALID_TYPE",
    path: "$.nodes[1].data.max_iterations",
  },
  {
    name: "rejects a function among tool arguments",
    run: () =>
      validate(
        docWith((d) => {
          d.tools = [mockTool("t1", "lookup")];
          d.nodes.push(toolNode("tn", "Lookup", "t1", { args: { f: () => 1 } }));
        }),
      ),
    code: "INVALID_TYPE",
    path: "$.nodes[3].data.args.f",
  },
  {
    name: "rejects a graph name longer than 200 characters",
    run: () => validate(docWith((d) => (d.meta.name = "n".repeat(201)))),
    code: "TOO_LARGE",
    path: "$.meta.name",
  },
  { name: "rejects more than 50 tags", run: () => validate(docWith((d) => (d.meta.tags = new Array(51).fill("t")))), code: "TOO_LARGE", path: "$.meta.tags" },
  { name: "rejects an empty graph id", run: () => validate(docWith((d) => (d.meta.id = ""))), code: "INVALID_VALUE", path: "$.meta.id" },
  {
    name: "rejects an agent name with a space",
    run: () => validate(docWith((d) => (d.nodes[1].data.name = "Research Bot"))),
    code: "INVALID_VALUE",
    path: "$.nodes[1].data.name",
  },
  {
    name: "rejects a temperature above 2",
    run: () => validate(docWith((d) => (d.models[0].temperature = 3))),
    code: "INVALID_VALUE",
    path: "$.models[0].temperature",
  },
  {
    name: "rejects a base_url that is not http(s)",
    run: () => validate(docWith((d) => (d.models[0].base_url = "file:///etc/passwd"))),
    code: "INVALID_VALUE",
    path: "$.models[0].base_url",
  },
  {
    name: "rejects an unknown reducer",
    run: () => validate(docWith((d) => (d.state = { channels: [{ name: "notes", reducer: "sum" }] }))),
    code: "INVALID_VALUE",
    path: "$.state.channels[0].reducer",
  },
  {
    name: "rejects a regex flag given twice",
    run: () => validate(docWith((d) => (d.nodes[1].data.script = { rules: [{ match: "hi", flags: "ii", reply: "hello" }] }))),
    code: "INVALID_VALUE",
    path: "$.nodes[1].data.script.rules[0].flags",
  },

  // Stage 4: meaning
  {
    name: "rejects two nodes with the same id",
    run: () => validate(docWith((d) => d.nodes.push(agentNode("assistant", "Helper")))),
    code: "DUPLICATE_ID",
    path: "$.nodes[3].id",
  },
  { name: "rejects two edges with the same id", run: () => validate(docWith((d) => (d.edges[1].id = "e1"))), code: "DUPLICATE_ID", path: "$.edges[1].id" },
  {
    name: "rejects two tools with the same id",
    run: () => validate(docWith((d) => (d.tools = [mockTool("t1", "a"), mockTool("t1", "b")]))),
    code: "DUPLICATE_ID",
    path: "$.tools[1].id",
  },
  {
    name: "rejects two model profiles with the same id",
    run: () => validate(docWith((d) => d.models.push(scriptedProfile("scripted")))),
    code: "DUPLICATE_ID",
    path: "$.models[1].id",
  },
  {
    name: "rejects agent names that differ only in case",
    run: () => validate(docWith((d) => d.nodes.push(agentNode("helper", "assistant", { hidden: true })))),
    code: "DUPLICATE_NAME",
    path: "$.nodes[3].data.name",
  },
  {
    name: "rejects an LLM node named like an agent",
    run: () => validate(docWith((d) => d.nodes.push(llmNode("l1", "ASSISTANT")))),
    code: "DUPLICATE_NAME",
    path: "$.nodes[3].data.name",
  },
  {
    name: "rejects two catalog tools with the same name",
    run: () => validate(docWith((d) => (d.tools = [mockTool("t1", "search"), mockTool("t2", "Search")]))),
    code: "DUPLICATE_NAME",
    path: "$.tools[1].name",
  },
  {
    name: "rejects two state channels with the same name",
    run: () => validate(docWith((d) => (d.state = { channels: [{ name: "notes" }, { name: "notes" }] }))),
    code: "DUPLICATE_NAME",
    path: "$.state.channels[1].name",
  },
  {
    name: "rejects two conditions with the same name",
    run: () =>
      validate(
        docWith(
          (d) =>
            (d.conditions = [
              { name: "done", expression: "true" },
              { name: "done", expression: "false" },
            ]),
        ),
      ),
    code: "DUPLICATE_NAME",
    path: "$.conditions[1].name",
  },
  {
    name: "rejects a channel named like a built-in channel",
    run: () => validate(docWith((d) => (d.state = { channels: [{ name: "messages" }] }))),
    code: "RESERVED_NAME",
    path: "$.state.channels[0].name",
  },
  {
    name: "rejects a graph without a Start node",
    run: () =>
      validate(
        docWith((d) => {
          d.nodes.splice(0, 1);
          d.edges.splice(0, 1);
        }),
      ),
    code: "MISSING_START",
    path: "$.nodes",
  },
  {
    name: "rejects a second Start node",
    run: () => validate(docWith((d) => d.nodes.push(plainNode("start2", "start")))),
    code: "MULTIPLE_STARTS",
    path: "$.nodes[3]",
  },
  {
    name: "rejects a graph without an End node",
    run: () =>
      validate(
        docWith((d) => {
          d.nodes.splice(2, 1);
          d.edges.splice(1, 1);
        }),
      ),
    code: "MISSING_END",
    path: "$.nodes",
  },
  {
    name: "rejects an edge whose target does not exist",
    run: () => validate(docWith((d) => d.edges.push(flowEdge("e3", "assistant", "n9")))),
    code: "DANGLING_EDGE",
    path: "$.edges[2].target",
  },
  {
    name: "rejects an edge whose source does not exist",
    run: () => validate(docWith((d) => d.edges.push(flowEdge("e3", "ghost", "end")))),
    code: "DANGLING_EDGE",
    path: "$.edges[2].source",
  },
  {
    name: "rejects an edge into Start",
    run: () => validate(docWith((d) => d.edges.push(flowEdge("e3", "assistant", "start")))),
    code: "INVALID_EDGE",
    path: "$.edges[2].target",
  },
  {
    name: "rejects an edge out of End",
    run: () => validate(docWith((d) => d.edges.push(flowEdge("e3", "end", "assistant")))),
    code: "INVALID_EDGE",
    path: "$.edges[2].source",
  },
  {
    name: "rejects a flow edge into a note",
    run: () =>
      validate(
        docWith((d) => {
          d.nodes.push(plainNode("n1", "note", { text: "remember" }));
          d.edges.push(flowEdge("e3", "assistant", "n1"));
        }),
      ),
    code: "INVALID_EDGE",
    path: "$.edges[2].target",
  },
  {
    name: "rejects a delegation edge from a tool node",
    run: () =>
      validate(
        docWith((d) => {
          d.tools = [mockTool("t1", "lookup")];
          d.nodes.push(toolNode("tn", "Lookup", "t1"));
          d.edges.push(delegationEdge("e3", "tn", "assistant"));
        }),
      ),
    code: "INVALID_DELEGATION",
    path: "$.edges[2].source",
  },
  {
    name: "rejects a delegation edge to End",
    run: () => validate(docWith((d) => d.edges.push(delegationEdge("e3", "assistant", "end")))),
    code: "INVALID_DELEGATION",
    path: "$.edges[2].target",
  },
  {
    name: "rejects a delegation cycle of three agents",
    run: () =>
      validate(
        docWith((d) => {
          d.nodes.push(agentNode("b", "Bee"), agentNode("c", "Cee"));
          d.edges.push(delegationEdge("e3", "assistant", "b"), delegationEdge("e4", "b", "c"), delegationEdge("e5", "c", "assistant"));
        }),
      ),
    code: "DELEGATION_CYCLE",
    path: "$.edges[4]",
  },
  {
    name: "rejects an agent that delegates to itself",
    run: () => validate(docWith((d) => d.edges.push(delegationEdge("e3", "assistant", "assistant")))),
    code: "DELEGATION_CYCLE",
    path: "$.edges[2]",
  },
  {
    name: "rejects an agent with no parent that is not in the flow",
    run: () => validate(docWith((d) => d.nodes.push(agentNode("loner", "Loner")))),
    code: "ORPHAN_AGENT",
    path: "$.nodes[3]",
  },
  {
    name: "rejects a graph whose End cannot be reached from Start",
    run: () => validate(docWith((d) => d.edges.splice(1, 1))),
    code: "UNREACHABLE_END",
    path: "$.nodes[2]",
  },
  {
    name: "warns about a tool node that no run reaches",
    run: () =>
      validate(
        docWith((d) => {
          d.tools = [mockTool("t1", "lookup")];
          d.nodes.push(toolNode("tn", "Lookup", "t1"));
        }),
      ),
    code: "UNREACHABLE_NODE",
    path: "$.nodes[3]",
    warning: true,
  },
  {
    name: "rejects an agent that uses a missing model profile",
    run: () => validate(docWith((d) => (d.nodes[1].data.model = "gpt"))),
    code: "MISSING_MODEL",
    path: "$.nodes[1].data.model",
  },
  {
    name: "rejects a fallback to a missing model profile",
    run: () => validate(docWith((d) => (d.models[0].fallbacks = ["backup"]))),
    code: "MISSING_MODEL",
    path: "$.models[0].fallbacks[0]",
  },
  {
    name: "rejects an agent that uses a missing tool",
    run: () => validate(docWith((d) => (d.nodes[1].data.tools = ["search"]))),
    code: "MISSING_TOOL",
    path: "$.nodes[1].data.tools[0]",
  },
  {
    name: "rejects an agent that searches a knowledge base the graph does not define",
    run: () => validate(docWith((d) => (d.nodes[1].data.knowledge_bases = ["kb-faq"]))),
    code: "MISSING_KNOWLEDGE_BASE",
    path: "$.nodes[1].data.knowledge_bases[0]",
  },
  {
    name: "rejects a knowledge base that embeds with a missing model profile",
    run: () => validate(docWith((d) => (d.knowledge_bases = [{ id: "kb-faq", name: "faq", embedding_profile: "embedder" }]))),
    code: "MISSING_MODEL",
    path: "$.knowledge_bases[0].embedding_profile",
  },
  {
    name: "rejects a knowledge base that embeds with a profile that is not OpenAI-compatible",
    run: () => validate(docWith((d) => (d.knowledge_bases = [{ id: "kb-faq", name: "faq", embedding_profile: "scripted" }]))),
    code: "INVALID_EMBEDDING_PROFILE",
    path: "$.knowledge_bases[0].embedding_profile",
  },
  {
    name: "rejects long-term memory that embeds with a missing model profile",
    run: () => validate(docWith((d) => (d.settings = { memory_embedding_profile: "embedder" }))),
    code: "MISSING_MODEL",
    path: "$.settings.memory_embedding_profile",
  },
  {
    name: "rejects long-term memory that embeds with a profile that is not OpenAI-compatible",
    run: () => validate(docWith((d) => (d.settings = { memory_embedding_profile: "scripted" }))),
    code: "INVALID_EMBEDDING_PROFILE",
    path: "$.settings.memory_embedding_profile",
  },
  {
    name: "rejects an agent tool that names no agent of the graph",
    run: () => validate(docWith((d) => (d.tools = [{ id: "t1", kind: "agent", name: "consult", config: { agent: "Nobody" } }]))),
    code: "MISSING_AGENT",
    path: "$.tools[0].config.agent",
  },
  {
    name: "rejects a tool node that runs a missing tool",
    run: () => validate(docWith((d) => d.nodes.push(toolNode("tn", "Lookup", "nope")))),
    code: "MISSING_TOOL",
    path: "$.nodes[3].data.tool",
  },
  {
    name: "rejects a conditional edge naming an unregistered condition",
    run: () => validate(docWith((d) => (d.edges[1] = conditionalEdge("e2", "assistant", "end", "is_done")))),
    code: "MISSING_CONDITION",
    path: "$.edges[1].condition",
  },
  {
    name: "rejects model profiles that fall back to each other",
    run: () =>
      validate(
        docWith((d) => {
          d.models[0].fallbacks = ["backup"];
          d.models.push(scriptedProfile("backup", ["scripted"]));
        }),
      ),
    code: "FALLBACK_CYCLE",
    path: "$.models[1].fallbacks[0]",
  },
  {
    name: "rejects a model profile that lists itself as a fallback",
    run: () => validate(docWith((d) => (d.models[0].fallbacks = ["scripted"]))),
    code: "FALLBACK_CYCLE",
    path: "$.models[0].fallbacks[0]",
  },
  {
    name: "rejects an edge leaving an If node from a branch it does not have",
    run: () =>
      validate(
        docWith((d) => {
          d.nodes.push(plainNode("gate", "if", { name: "gate", condition: "true" }));
          d.edges.push(
            flowEdge("e3", "assistant", "gate"),
            { ...flowEdge("e4", "gate", "end"), source_handle: "false" },
            { ...flowEdge("e5", "gate", "end"), source_handle: "maybe" },
          );
        }),
      ),
    code: "UNKNOWN_HANDLE",
    path: "$.edges[4].source_handle",
  },
  {
    name: "rejects a Loop node without an exit branch",
    run: () =>
      validate(
        docWith((d) => {
          d.nodes.push(plainNode("loop", "loop", { name: "loop", condition: "true" }));
          d.edges.push(flowEdge("e3", "assistant", "loop"), { ...flowEdge("e4", "loop", "assistant"), source_handle: "body" });
        }),
      ),
    code: "MISSING_BRANCH",
    path: "$.nodes[3]",
  },
  {
    name: "rejects a Set state node writing an undeclared channel",
    run: () =>
      validate(
        docWith((d) => {
          d.nodes.push(plainNode("set", "set_state", { name: "set", assignments: [{ channel: "score", expression: "1" }] }));
          d.edges.push(flowEdge("e3", "assistant", "set"), flowEdge("e4", "set", "end"));
        }),
      ),
    code: "MISSING_CHANNEL",
    path: "$.nodes[3].data.assignments[0].channel",
  },
  {
    name: "rejects an MCP tool naming a server the graph does not list",
    run: () =>
      validate(
        docWith((d) => {
          d.tools = [{ id: "echo", kind: "mcp", name: "echo", config: { server_url: "http://127.0.0.1:3001/mcp", tool: "echo", server: "everything" } }];
        }),
      ),
    code: "MISSING_MCP_SERVER",
    path: "$.tools[0].config.server",
  },
  {
    name: "rejects a scripted rule whose pattern is not a regular expression",
    run: () => validate(docWith((d) => (d.nodes[1].data.script = { rules: [{ match: "(unclosed", reply: "hi" }] }))),
    code: "INVALID_VALUE",
    path: "$.nodes[1].data.script.rules[0].match",
  },
];

describe("validate rejects malformed documents", () => {
  it.each(rows)("$name", ({ run, code, path, warning }) => {
    const result = run();
    if (warning) {
      expect(result.ok, JSON.stringify(result)).toBe(true);
      expect(result.ok && result.warnings[0]).toMatchObject({ code, path });
    } else {
      expect(result.ok).toBe(false);
      expect(!result.ok && result.errors[0]).toMatchObject({ code, path });
    }
  });

  it("has a row for every issue code", () => {
    const covered = new Set(rows.map((row) => row.code));
    expect(ISSUE_CODES.filter((code) => !covered.has(code))).toEqual([]);
  });
});
