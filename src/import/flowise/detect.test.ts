/** Recognising Flowise files by content, and the bad inputs of the issue: empty, unknown shapes, broken flows, dangling edges, big files. */
import { describe, expect, it } from "vitest";
import { detectImporter, importForeign, readForeignFile } from "../index.js";
import { detectFlowise } from "./detect.js";
import { CONTEXT, FIXTURE_FLOWS, fixtureText } from "./testing.js";
import { refusal } from "../testing/refusal.js";

const agentNode = (id: string, x: number, extra: Record<string, unknown> = {}) => ({
  id,
  type: "agentFlow",
  position: { x, y: 0 },
  data: { id, name: "agentAgentflow", label: `Agent ${id}`, inputs: { agentModel: "chatOpenAI", agentModelConfig: { modelName: "gpt-4o-mini" }, ...extra } },
});
const startNode = {
  id: "startAgentflow_0",
  type: "agentFlow",
  position: { x: 0, y: 0 },
  data: { id: "startAgentflow_0", name: "startAgentflow", label: "Start", inputs: {} },
};
const flowEdge = (source: string, target: string) => ({ source, target, sourceHandle: `${source}-output-x`, targetHandle: target, id: `${source}-${target}` });

describe("detection", () => {
  it.each([...new Set(FIXTURE_FLOWS.map((f) => f.file))])("claims %s", (file) => {
    expect(detectImporter(JSON.parse(fixtureText(file)))?.format).toBe("flowise");
  });

  it("leaves Langflow, n8n, Dify and Graphwright documents alone", () => {
    const langflow = {
      name: "Chat",
      data: { nodes: [{ id: "ChatInput-1", type: "genericNode", data: { type: "ChatInput", id: "ChatInput-1", node: { template: {} } } }], edges: [] },
    };
    const langflowTopLevel = { nodes: [{ id: "ChatInput-1", type: "genericNode", data: { type: "ChatInput", node: { template: {} } } }], edges: [] };
    const n8n = { name: "Bot", nodes: [{ id: "1", name: "Start", type: "n8n-nodes-base.manualTrigger", parameters: {}, position: [0, 0] }], connections: {} };
    const dify = { app: { mode: "workflow", name: "Flow" }, workflow: { graph: { nodes: [{ id: "1", data: { type: "start" } }], edges: [] } } };
    const graphwright = {
      version: 1,
      meta: { id: "g", name: "G" },
      nodes: [{ id: "s", kind: "start", position: { x: 0, y: 0 }, data: { name: "Start" } }],
      edges: [],
    };
    for (const other of [langflow, langflowTopLevel, n8n, dify, graphwright, { nodes: [], edges: [] }, [], "text", null])
      expect(detectFlowise(other)).toBe(false);
  });
});

describe("bad input", () => {
  it("refuses an empty file and a file of no known shape, saying so", () => {
    expect(refusal(() => importForeign("", CONTEXT)).code).toBe("EMPTY");
    expect(refusal(() => importForeign('{"nodes": [], "edges": []}', CONTEXT)).code).toBe("UNRECOGNISED");
  });

  it("says which flow of an export-all file cannot be read and imports the others", () => {
    const file = JSON.stringify({
      AgentFlowV2: [
        { id: "1", name: "Broken", flowData: '{"nodes": [' },
        {
          id: "2",
          name: "Fine",
          flowData: JSON.stringify({ nodes: [startNode, agentNode("agentAgentflow_0", 200)], edges: [flowEdge("startAgentflow_0", "agentAgentflow_0")] }),
        },
      ],
    });
    expect(readForeignFile(file).flows.map((f) => f.name)).toEqual(["Broken", "Fine"]);
    const broken = refusal(() => importForeign(file, { ...CONTEXT, flow: "Broken" }));
    expect(broken.code).toBe("UNREADABLE");
    expect(broken.message).toMatch(/^The flow "Broken" cannot be read: /);
    expect(importForeign(file, { ...CONTEXT, flow: "Fine" }).report.nodes.map((n) => n.status)).toEqual(["mapped", "mapped"]);
    expect(refusal(() => importForeign(file, CONTEXT)).code).toBe("NO_SUCH_FLOW");
  });

  it("drops edges to missing nodes with a note, and ends every branch that led nowhere", () => {
    const flow = {
      nodes: [startNode, agentNode("agentAgentflow_0", 200)],
      edges: [flowEdge("startAgentflow_0", "agentAgentflow_0"), flowEdge("agentAgentflow_0", "gone_1"), flowEdge("gone_2", "agentAgentflow_0")],
    };
    const { document, report, problems } = importForeign(JSON.stringify(flow), CONTEXT);
    expect(report.notes).toContain("2 edges pointed at nodes not in the flow and were dropped.");
    expect(document.edges.map((e) => `${e.source}->${e.target}`)).toEqual(["startAgentflow_0->agentAgentflow_0", "agentAgentflow_0->end"]);
    expect(problems.filter((p) => p.code !== "MIGRATED")).toEqual([]);
  });

  it("imports a big flow within the limits: 1,500 agents in a chain with long prompts", () => {
    const prompt = `<p>${"Answer carefully. ".repeat(300)}</p>`;
    const agents = Array.from({ length: 1_500 }, (_, i) =>
      agentNode(`agentAgentflow_${i}`, 200 * (i + 1), { agentMessages: [{ role: "system", content: prompt }] }),
    );
    const edges = agents.map((a, i) => flowEdge(i === 0 ? "startAgentflow_0" : `agentAgentflow_${i - 1}`, a.id));
    const text = JSON.stringify({ nodes: [startNode, ...agents], edges });
    expect(text.length).toBeGreaterThan(8 * 1024 * 1024);
    const { document, report } = importForeign(text, CONTEXT);
    expect(report.nodes).toHaveLength(1_501);
    expect(document.nodes).toHaveLength(1_502);
    expect(document.edges).toHaveLength(1_501);
  });
});
