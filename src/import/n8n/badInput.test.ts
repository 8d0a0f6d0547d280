/**
 * What the n8n importer does with files that are not what it expects: empty, from a newer n8n,
 * with connections to missing nodes, big, of several workflows, or of another builder.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { INPUT_LIMITS } from "../../schema/inputGuard.js";
import { importForeign, readForeignFile } from "../index.js";
import { n8nImporter } from "./index.js";
import { fixtureText, IMPORT_CONTEXT } from "./testing/fixtures.js";
import { refusal } from "../testing/refusal.js";

const chat = { parameters: {}, id: "t", name: "Chat", type: "@n8n/n8n-nodes-langchain.chatTrigger", typeVersion: 1.1, position: [0, 0] };
const agent = {
  parameters: { options: { systemMessage: "Hi" } },
  id: "a",
  name: "Agent",
  type: "@n8n/n8n-nodes-langchain.agent",
  typeVersion: 3.1,
  position: [200, 0],
};

describe("n8n files the importer does not expect", () => {
  it("refuses an empty file and a workflow object without nodes, saying what is wrong", () => {
    expect(refusal(() => importForeign("", IMPORT_CONTEXT))).toMatchObject({ code: "EMPTY", message: "The file is empty" });
    expect(refusal(() => importForeign('{"name": "x", "connections": {}}', IMPORT_CONTEXT)).code).toBe("UNRECOGNISED");
  });

  it("imports what it knows of a newer n8n and reports the rest as unmapped", () => {
    const newer = {
      name: "From a newer n8n",
      nodes: [
        chat,
        agent,
        { parameters: { rules: "strict" }, id: "g", name: "Guardrails", type: "@n8n/n8n-nodes-langchain.guardrails", typeVersion: 7, position: [400, 0] },
        { parameters: {}, id: "r", name: "Reranker", type: "@n8n/n8n-nodes-langchain.rerankerCohere", typeVersion: 2, position: [200, 200] },
      ],
      connections: {
        Chat: { main: [[{ node: "Agent", type: "main", index: 0 }]] },
        Agent: { main: [[{ node: "Guardrails", type: "main", index: 0 }]] },
        Reranker: { ai_reranker: [[{ node: "Agent", type: "ai_reranker", index: 0 }]] },
      },
    };
    const { document, report, problems } = importForeign(JSON.stringify(newer), IMPORT_CONTEXT);
    expect(report.nodes.map((n) => [n.name, n.status])).toEqual([
      ["Chat", "mapped"],
      ["Agent", "approximated"],
      ["Guardrails", "unmapped"],
      ["Reranker", "unmapped"],
    ]);
    expect(report.nodes[2]?.reason).toBe("guardrails has no counterpart here; the flow goes on past it");
    // The agent had no model plugged in: it gets a default profile, and the report says so.
    expect(report.nodes[1]?.reason).toContain("no chat model");
    expect(document.edges.map((e) => `${e.source}->${e.target}`)).toEqual(["start->Agent", "Agent->end"]);
    expect(problems).toEqual([]);
  });

  it("merges a second, silent trigger into the one Start without a path of its own", () => {
    const schedule = { parameters: {}, id: "s", name: "Every hour", type: "n8n-nodes-base.scheduleTrigger", typeVersion: 1.2, position: [0, 200] };
    const twoTriggers = {
      name: "Two triggers",
      nodes: [schedule, chat, agent],
      connections: { Chat: { main: [[{ node: "Agent", type: "main", index: 0 }]] } },
    };
    const { document, report } = importForeign(JSON.stringify(twoTriggers), IMPORT_CONTEXT);
    expect(document.edges.map((e) => `${e.source}->${e.target}`)).toEqual(["start->Agent", "Agent->end"]);
    expect(report.nodes.map((n) => [n.name, n.status, n.to])).toEqual([
      ["Every hour", "approximated", ["start"]],
      ["Chat", "mapped", ["start"]],
      ["Agent", "approximated", ["Agent"]],
    ]);
  });

  it("leaves out connections to nodes that are not in the file, and says which", () => {
    const broken = {
      name: "Broken links",
      nodes: [chat, agent],
      connections: {
        Chat: {
          main: [
            [
              { node: "Agent", type: "main", index: 0 },
              { node: "Ghost", type: "main", index: 0 },
            ],
          ],
        },
        Phantom: { main: [[{ node: "Agent", type: "main", index: 0 }]] },
      },
    };
    const { document, report } = importForeign(JSON.stringify(broken), IMPORT_CONTEXT);
    expect(document.edges.map((e) => `${e.source}->${e.target}`)).toEqual(["start->Agent", "Agent->end"]);
    expect(report.notes).toContain("Connections to nodes that are not in the file were left out: Chat → Ghost; Phantom → Agent.");
  });

  it("imports a big workflow within the limits, and refuses one over the size limit before reading it", () => {
    const nodes = [chat, ...Array.from({ length: 3000 }, (_, i) => ({ ...agent, id: `a${i}`, name: `Agent ${i}`, position: [i * 10, 0] }))];
    const connections = Object.fromEntries(nodes.slice(0, -1).map((n, i) => [n.name, { main: [[{ node: nodes[i + 1]!.name, type: "main", index: 0 }]] }]));
    const { report } = importForeign(JSON.stringify({ name: "Big", nodes, connections }), IMPORT_CONTEXT);
    expect(report.nodes).toHaveLength(3001);
    const huge = `{"name":"x","nodes":[],"connections":{},"pad":"${"x".repeat(INPUT_LIMITS.maxTextLength)}"}`;
    expect(refusal(() => importForeign(huge, IMPORT_CONTEXT)).code).toBe("TOO_LARGE");
  });

  it("reads an array of workflows (export --all) and a template wrapper, by workflow name", () => {
    const one = JSON.parse(fixtureText("notes.json")) as object;
    const two = JSON.parse(fixtureText("sub-agent.json")) as object;
    const file = readForeignFile(JSON.stringify([one, two]));
    expect(file).toMatchObject({ format: "n8n", flows: [{ name: "Release notes writer" }, { name: "Research coordinator" }] });
    expect(refusal(() => importForeign(JSON.stringify([one, two]), IMPORT_CONTEXT)).code).toBe("NO_SUCH_FLOW");
    expect(importForeign(JSON.stringify([one, two]), { ...IMPORT_CONTEXT, flow: "Research coordinator" }).document.meta.name).toBe("Research coordinator");
    expect(importForeign(JSON.stringify({ id: 2071, workflow: two }), IMPORT_CONTEXT).report.nodes).toHaveLength(8);
  });
});

describe("n8n detection", () => {
  it("does not claim Flowise, Langflow, Dify files or a Graphwright document", () => {
    const flowise = { nodes: [{ id: "startAgentflow_0", data: { name: "startAgentflow", inputs: {} } }], edges: [] };
    const flowiseV1 = { nodes: [{ id: "chatOpenAI_0", type: "customNode", data: { name: "chatOpenAI" } }], edges: [], connections: undefined };
    const langflow = { name: "Flow", data: { nodes: [{ id: "ChatInput-1", data: { type: "ChatInput" } }], edges: [] } };
    const dify = { app: { mode: "workflow", name: "D" }, kind: "app", workflow: { graph: { nodes: [{ data: { type: "start" } }], edges: [] } } };
    const ours = JSON.parse(readFileSync(path.resolve(import.meta.dirname, "../../../examples/support-desk.json"), "utf8")) as unknown;
    for (const other of [flowise, flowiseV1, langflow, dify, ours]) expect(n8nImporter.detect(other)).toBe(false);
    expect(n8nImporter.detect(JSON.parse(fixtureText("old-version.json")))).toBe(true);
  });
});
