/** Which files are Langflow's, how handles and prompt variables read, and bad input: empty, dangling, duplicated, big. */
import { describe, expect, it } from "vitest";
import { detectImporter, importForeign } from "../index.js";
import { readEdge } from "./edges.js";
import { langflowImporter } from "./index.js";
import { promptVariables, rewrite } from "./prompts.js";
import { component, flowText, link } from "./testing/flows.js";
import { refusal } from "../testing/refusal.js";

const context = { graphId: "imported-langflow", now: "2026-12-05T00:00:00.000Z" };

const flow = flowText;

describe("detecting Langflow files", () => {
  it("claims flow exports and project exports", () => {
    expect(langflowImporter.detect(JSON.parse(flow([component("ChatInput-1", "ChatInput")], [])))).toBe(true);
    expect(langflowImporter.detect({ folder_name: "Support", flows: [JSON.parse(flow([component("Agent-1", "Agent")], []))] })).toBe(true);
    expect(detectImporter(JSON.parse(flow([], [])))?.format).toBe("langflow");
  });

  it("does not claim Flowise, n8n, Dify or Graphwright files", () => {
    const others: unknown[] = [
      { nodes: [{ id: "startAgentflow_0", data: { name: "startAgentflow", inputs: {} } }], edges: [] },
      { nodes: [{ id: "chatOpenAI_0", type: "customNode", data: { name: "chatOpenAI", inputs: { modelName: "gpt-4o" } } }], edges: [] },
      { AgentFlowV2: [{ name: "Support", flowData: '{"nodes":[],"edges":[]}' }] },
      { description: "Marketplace agent", usecases: ["support"], nodes: [], edges: [] },
      { name: "Support", nodes: [{ id: "1", name: "Chat", type: "@n8n/n8n-nodes-langchain.chatTrigger", parameters: {} }], connections: {} },
      { app: { mode: "workflow", name: "Support" }, workflow: { graph: { nodes: [{ id: "1", data: { type: "start" } }], edges: [] } } },
      { version: 1, meta: { id: "g", name: "G" }, nodes: [{ id: "start", kind: "start", data: {} }] },
      { data: { nodes: [{ id: "1", data: { name: "x" } }] } },
    ];
    for (const other of others) expect(langflowImporter.detect(other)).toBe(false);
  });
});

describe("reading Langflow edges and prompts", () => {
  it("reads handles given only as œ-strings, and a Loop's back edge onto its output", () => {
    expect(readEdge(link("ChatInput-1", "message", "Agent-1", "input_value"))).toEqual({
      source: "ChatInput-1",
      target: "Agent-1",
      output: "message",
      field: "input_value",
      intoOutput: "",
    });
    const back = {
      source: "LLM-1",
      target: "Loop-1",
      sourceHandle: "{œnameœ: œtext_outputœ}",
      targetHandle: "{œdataTypeœ: œLoopComponentœ, œidœ: œLoop-1œ, œnameœ: œitemœ, œoutput_typesœ: [œDataœ]}",
    };
    expect(readEdge(back)).toMatchObject({ field: "", intoOutput: "item" });
    expect(readEdge({ source: "a", target: "b", sourceHandle: "{not json", targetHandle: 7 })).toEqual({
      source: "a",
      target: "b",
      output: "",
      field: "",
      intoOutput: "",
    });
  });

  it("rewrites {variables}, undoes {{ }} escapes and leaves JSON-looking text alone", () => {
    expect(rewrite('Answer {question} as {{"a": 1}} in { not a var }', () => "{{ input }}")).toBe('Answer {{ input }} as {"a": 1} in { not a var }');
    expect(promptVariables("{a} and {b} and {a}")).toEqual(["a", "b"]);
    expect(rewrite("{{".repeat(25_000), () => "x")).toBe("{".repeat(25_000));
    const unclosed = "{a".repeat(100_000);
    expect(rewrite(unclosed, () => "x")).toBe(unclosed);
  });
});

describe("bad Langflow input", () => {
  it("refuses an empty file", () => {
    expect(refusal(() => importForeign("", context)).code).toBe("EMPTY");
  });

  it("leaves out edges to components that are not in the file, and says so", () => {
    const text = flow(
      [
        component("ChatInput-1", "ChatInput"),
        component("Agent-1", "Agent", { agent_llm: { value: "OpenAI" }, model_name: { value: "gpt-4o" } }),
        component("ChatOutput-1", "ChatOutput"),
      ],
      [
        link("ChatInput-1", "message", "Agent-1", "input_value"),
        link("Ghost-1", "message", "Agent-1", "input_value"),
        link("Agent-1", "response", "Vanished-2", "input_value"),
        link("Agent-1", "response", "ChatOutput-1", "input_value"),
      ],
    );
    const { document, report, problems } = importForeign(text, context);
    expect(report.notes).toContain("2 edges pointed at components that are not in the file and were left out");
    expect(document.edges.map((e) => `${e.source}->${e.target}`)).toEqual(["ChatInput-1->Agent-1", "Agent-1->ChatOutput-1"]);
    expect(problems).toEqual([]);
  });

  it("adds a Start and an End to a flow without Chat Input or Chat Output, and lists each repeat of an id apart", () => {
    const text = flow([component("Agent-1", "Agent"), component("Agent-1#2", "Agent"), component("Agent-1", "Agent", {}, { x: 300 })], []);
    const { document, report, problems } = importForeign(text, context);
    expect(report.nodes.map((n) => [n.id, n.status, n.reason])).toEqual([
      ["Agent-1", "approximated", "no model was named; gpt-4o-mini is set; no provider was named; OpenAI is assumed"],
      ["Agent-1#2", "approximated", "no model was named; gpt-4o-mini is set; no provider was named; OpenAI is assumed"],
      ["Agent-1#3", "approximated", "no model was named; gpt-4o-mini is set; no provider was named; OpenAI is assumed"],
    ]);
    expect(document.nodes.map((n) => n.kind)).toEqual(["agent", "agent", "agent", "start", "end"]);
    expect(report.notes).toEqual(
      expect.arrayContaining(["The flow had no Chat Input: a Start node was added", "The flow had no Chat Output: an End node was added"]),
    );
    expect(problems).toEqual([]);
  });

  it("imports a big flow within the limits: a chain of 4,900 components and 90 notes, each listed once", () => {
    const nodes: unknown[] = [component("ChatInput-0", "ChatInput")];
    const edges: unknown[] = [];
    let previous = "ChatInput-0";
    for (let i = 1; i <= 4900; i++) {
      nodes.push(component(`ParserComponent-${i}`, "ParserComponent", {}, { x: i * 10 }));
      edges.push(link(previous, "parsed_text", `ParserComponent-${i}`, "input_data"));
      previous = `ParserComponent-${i}`;
    }
    nodes.push(component("Agent-9", "Agent"), component("ChatOutput-9", "ChatOutput"));
    edges.push(link(previous, "parsed_text", "Agent-9", "input_value"), link("Agent-9", "response", "ChatOutput-9", "input_value"));
    for (let i = 0; i < 90; i++)
      nodes.push({ id: `note-${i}`, type: "noteNode", position: { x: i, y: 900 }, data: { type: "note", node: { description: `Note ${i}`, template: {} } } });
    const text = flow(nodes, edges);
    const { document, report, problems } = importForeign(text, context);
    expect(report.nodes).toHaveLength(4993);
    expect(new Set(report.nodes.map((n) => n.id)).size).toBe(4993);
    expect(document.edges.map((e) => `${e.source}->${e.target}`)).toEqual(["ChatInput-0->Agent-9", "Agent-9->ChatOutput-9"]);
    expect(document.nodes.filter((n) => n.kind === "note")).toHaveLength(90);
    expect(problems).toEqual([]);
  });
});
