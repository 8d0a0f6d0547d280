/** Which files the Dify importer claims (content only: never Flowise, Langflow, n8n or our own documents). */
import { describe, expect, it } from "vitest";
import { importForeign } from "../index.js";
import { difyImporter } from "./index.js";
import { IMPORT_CONTEXT } from "./testing/fixtures.js";

describe("detection", () => {
  it("claims Dify DSL only: not Flowise, Langflow, n8n or Graphwright documents", () => {
    const others: unknown[] = [
      { nodes: [{ id: "startAgentflow_0", data: { name: "startAgentflow" } }], edges: [] },
      { description: "x", usecases: [], nodes: [], edges: [] },
      { AgentFlowV2: [{ name: "A", flowData: "{}" }] },
      { data: { nodes: [], edges: [] }, name: "Langflow flow", description: "" },
      { name: "n8n", nodes: [{ name: "When chat message received", type: "@n8n/n8n-nodes-langchain.chatTrigger" }], connections: {} },
      { version: 1, meta: { id: "g", name: "G" }, nodes: [{ id: "s", kind: "start" }] },
      { app: { name: "no mode" }, workflow: { graph: {} } },
      { app: { mode: "workflow" } },
    ];
    for (const other of others) expect(difyImporter.detect(other)).toBe(false);
    expect(difyImporter.detect({ app: { mode: "advanced-chat" }, kind: "app", version: "0.3.1", workflow: { graph: { nodes: [], edges: [] } } })).toBe(true);
  });

  it("says what is missing for a Dify file without a flow, and refuses an app of no known shape", () => {
    expect(() => difyImporter.flows({ app: { mode: "workflow" } })).toThrow(/not a Dify DSL file/);
    expect(() => importForeign("app:\n  mode: workflow\n", IMPORT_CONTEXT)).toThrow(/not a Flowise, Langflow, n8n or Dify workflow/);
  });
});
