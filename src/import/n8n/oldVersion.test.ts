/** Old n8n workflows (nodes without ids, v1 parameter shapes) as graphs, node by node. */
import { describe, expect, it } from "vitest";
import { importForeign } from "../index.js";
import { dataOf, flows, IMPORT_CONTEXT, importFixture, line } from "./testing/fixtures.js";

describe("an old workflow (no node ids, v1 parameter shapes)", () => {
  const result = importFixture("old-version.json");
  const { document } = result;

  it("lists nodes without an id by their name", () => {
    expect(result.report.nodes.map((n) => n.id)).toEqual(["Start", "IF", "OpenAI", "Set", "Switch", "Function"]);
    expect(line(result, "Start")).toMatchObject({ type: "n8n-nodes-base.start", status: "mapped", to: ["start"] });
  });

  it("reads If v1 grouped conditions and Switch v1 rules that share an output", () => {
    expect(dataOf(document, "IF", "if").condition).toBe('(input.contains("weather")) || (true)');
    expect(line(result, "IF")).toMatchObject({ status: "approximated", reason: expect.stringContaining('$json["message"].length') });
    const sw = dataOf(document, "Switch", "switch");
    expect(sw.variable).toBe('(input.startsWith("hello")) ? "output_0" : (input.startsWith("hi")) ? "output_0" : (input.contains("bye")) ? "output_1" : ""');
    expect(sw.cases.map((c) => c.id)).toEqual(["output_0", "output_1"]);
    // The old Set and Function nodes are skipped; open outputs and the fallback end the turn.
    expect(flows(document)).toEqual([
      "start -> IF",
      "IF:true -> OpenAI",
      "IF:false -> Switch",
      "OpenAI -> end",
      "Switch:output_0 -> end",
      "Switch:output_1 -> end",
      "Switch:default -> end",
    ]);
  });

  it("makes the old OpenAI node an LLM with its own profile and messages", () => {
    expect(dataOf(document, "OpenAI", "llm")).toMatchObject({
      model: "openai-gpt-3.5-turbo",
      system_prompt: "You are a friendly weather presenter.",
      prompt: "{{ input }}",
    });
    expect(document.models).toEqual([expect.objectContaining({ provider: "openai", model: "gpt-3.5-turbo", temperature: 0.5 })]);
  });

  it("reads an agent v1 (options.systemMessage, conversational agent) whose nodes have no ids", () => {
    const workflow = {
      name: "Agent v1",
      nodes: [
        { parameters: {}, name: "Manual", type: "n8n-nodes-base.manualTrigger", typeVersion: 1, position: [0, 0] },
        {
          parameters: { agent: "conversationalAgent", text: "={{ $json.input }}", options: { systemMessage: "Be terse.", maxIterations: 4 } },
          name: "Agent",
          type: "@n8n/n8n-nodes-langchain.agent",
          typeVersion: 1,
          position: [200, 0],
        },
        { parameters: { model: "gpt-4", options: {} }, name: "Model", type: "@n8n/n8n-nodes-langchain.lmChatOpenAi", typeVersion: 1, position: [200, 200] },
      ],
      connections: {
        Manual: { main: [[{ node: "Agent", type: "main", index: 0 }]] },
        Model: { ai_languageModel: [[{ node: "Agent", type: "ai_languageModel", index: 0 }]] },
      },
    };
    const v1 = importForeign(JSON.stringify(workflow), IMPORT_CONTEXT);
    expect(v1.document.nodes.find((n) => n.kind === "agent")?.data).toMatchObject({ system_prompt: "Be terse.", max_iterations: 4, model: "openai-gpt-4" });
    expect(v1.report.nodes.map((n) => [n.id, n.status])).toEqual([
      ["Manual", "mapped"],
      ["Agent", "mapped"],
      ["Model", "mapped"],
    ]);
  });
});
