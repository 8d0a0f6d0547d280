/** The Flowise importer on other versions of the format: a V1 chatflow (the old format) and a newer Agentflow. */
import { describe, expect, it } from "vitest";
import type { ModelProfile, ToolDefinition } from "../../schema/index.js";
import type { ImportResult } from "../builder.js";
import { importForeign } from "../index.js";
import { CONTEXT, edgeList, fixtureText, importFixture, lineOf, nodeOf } from "./testing.js";

const dataOf = (result: ImportResult, id: string) => nodeOf(result.document, id).data as Record<string, unknown>;
const toolOf = (result: ImportResult, id: string) => result.document.tools.find((t) => t.id === id) as ToolDefinition;
const profileOf = (result: ImportResult, id: string) => result.document.models.find((m) => m.id === id) as ModelProfile;

describe("an old version: a V1 chatflow with a tool agent", () => {
  const result = importFixture("v1-tool-agent.json");

  it("makes the tool agent an agent whose model and tools come from the {{node.data.instance}} references", () => {
    expect(lineOf(result, "toolAgent_0").status).toBe("mapped");
    expect(dataOf(result, "toolAgent_0")).toMatchObject({
      model: "openai-gpt-4o-mini",
      system_prompt: "You are a helpful shop assistant. Use tools when they help.",
      max_iterations: 6,
      tools: ["calculator_0_calculator", "serpAPI_0_serpAPI", "customTool_0_order_status", "requestsGet_0_get_request"],
    });
    expect(profileOf(result, "openai-gpt-4o-mini")).toMatchObject({ temperature: 0.4, max_tokens: 800 });
    expect(edgeList(result.document)).toEqual(["start->toolAgent_0", "toolAgent_0->end"]);
  });

  it("reports each part: model and memory folded in, tools as catalog tools, the vector store unmapped", () => {
    expect(lineOf(result, "chatOpenAI_0")).toMatchObject({ status: "mapped", to: ["openai-gpt-4o-mini"] });
    expect(lineOf(result, "bufferMemory_0")).toMatchObject({ status: "mapped", to: ["toolAgent_0"] });
    expect(lineOf(result, "customTool_0")).toMatchObject({ status: "approximated", to: ["customTool_0_order_status"] });
    expect(lineOf(result, "pinecone_0")).toMatchObject({ status: "unmapped", to: [] });
    expect(lineOf(result, "stickyNote_0")).toMatchObject({ status: "mapped", to: ["stickyNote_0"] });
    expect(toolOf(result, "requestsGet_0_get_request")).toMatchObject({
      config: {
        url: "https://status.example.com/api",
        query: { access_token: "{{ secrets.GET_REQUEST_ACCESS_TOKEN }}" },
        headers: { "x-api-key": "{{ secrets.GET_REQUEST_X_API_KEY }}" },
      },
    });
    expect((toolOf(result, "customTool_0_order_status").config as { code: string }).code).toContain('const token = "REDACTED";');
  });
});

describe("a newer version of the format", () => {
  const result = importFixture("newer-version.json");

  it("imports the nodes it knows, reports the rest unmapped and bridges the flow over them", () => {
    expect(lineOf(result, "agentWithFallbackAgentflow_0")).toMatchObject({ status: "unmapped", to: [] });
    expect(lineOf(result, "a2aRemoteAgentAgentflow_0")).toMatchObject({ status: "unmapped", to: [] });
    expect(dataOf(result, "agentAgentflow_0")).toMatchObject({ system_prompt: "Be brief.", max_iterations: 8 });
    expect(profileOf(result, "openai-gpt-5-mini").temperature).toBe(1);
    expect(edgeList(result.document)).toEqual(["agentAgentflow_0->end", "startAgentflow_0->agentAgentflow_0"]);
    expect(result.report.notes).toContain("1 edge pointed at nodes not in the flow and were dropped.");
  });
});

describe("a V1 date tool", () => {
  it("becomes the agent's own date tool and is reported as the agent", () => {
    const fixture = JSON.parse(fixtureText("v1-tool-agent.json")) as { nodes: Record<string, unknown>[]; edges: unknown[] };
    const calculator = fixture.nodes.find((n) => n.id === "calculator_0") as { data: Record<string, unknown> };
    calculator.data.name = "currentDateTime";
    const result = importForeign(JSON.stringify(fixture), CONTEXT);
    expect(lineOf(result, "calculator_0")).toMatchObject({ status: "mapped", to: ["toolAgent_0"] });
    expect(dataOf(result, "toolAgent_0").default_tools).toContain("get_time_date");
    expect(result.document.tools.some((t) => t.name === "calculator")).toBe(false);
  });
});
