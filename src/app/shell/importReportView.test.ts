import { describe, expect, it } from "vitest";
import type { ImportReport } from "../../import/report.js";
import { createEditorStore } from "../store/editorStore";
import { blankDocument } from "../store/nodeFactory";
import { reportLines, showNode } from "./importReportView";

const document = blankDocument("imported", "Imported");
const agent = document.nodes.find((n) => n.kind === "agent");
if (!agent) throw new Error("the blank document has an agent");

const report: ImportReport = {
  source: { format: "flowise", name: "Imported" },
  nodes: [
    { id: "agentAgentflow_0", type: "agentAgentflow", name: "Researcher", status: "mapped", to: ["web_search", agent.id], reason: "" },
    { id: "retrieverAgentflow_0", type: "retrieverAgentflow", name: "Docs", status: "unmapped", to: [], reason: "Vector stores stay in Flowise" },
    { id: "llmAgentflow_0", type: "llmAgentflow", name: "Model", status: "approximated", to: ["openai-gpt-4o"], reason: "Became a model profile" },
  ],
  notes: [],
};

describe("import report lines", () => {
  it("points each line at the first node of the new graph it became, or at nothing", () => {
    const lines = reportLines(report, document);
    expect(lines.map((l) => [l.status, l.name, l.nodeId])).toEqual([
      ["mapped", "Researcher", agent.id],
      ["unmapped", "Docs", null],
      ["approximated", "Model", null],
    ]);
    expect(lines[0]?.nodeName).toBe((agent.data as { name: string }).name);
  });

  it("selects a line's node on the canvas and nothing for a node the graph no longer has", () => {
    const store = createEditorStore(document);
    showNode(store, agent.id);
    expect(store.getState().selection).toEqual({ nodes: [agent.id], edges: [] });
    showNode(store, "deleted-since");
    expect(store.getState().selection).toEqual({ nodes: [agent.id], edges: [] });
  });
});
