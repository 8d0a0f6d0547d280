import { describe, expect, it } from "vitest";
import { AIMessageChunk, HumanMessage, SystemMessage } from "@langchain/core/messages";
import { collectRun, compileGraph, EngineError, type RunEvent } from "../index.js";
import { agentNode, at, chainDocument, flow } from "../testing/documents.js";
import { testServices, type RecordedCall } from "../../../tests/support/services.js";
import type { GraphDocumentInput } from "../../schema/index.js";

const lookupTool: NonNullable<GraphDocumentInput["tools"]>[number] = {
  id: "lookup",
  kind: "mock",
  name: "lookup_customer",
  description: "Finds a customer",
  config: {
    responses: [
      { when: "vip", result: '{"tier":"gold","name":"{{ args.name }}"}' },
      { when: "fail", error: "CRM is down" },
    ],
    default: '{"tier":"basic"}',
  },
};

function final(events: RunEvent[]) {
  const state = events.find((e) => e.type === "final_state");
  return state?.type === "final_state" ? state.state : {};
}

describe("LLM node", () => {
  const llmDoc = (data: Record<string, unknown> = {}) =>
    chainDocument(
      [
        {
          id: "summarize",
          kind: "llm",
          position: at,
          data: {
            name: "Summarize",
            model: "scripted",
            system_prompt: "Be brief.",
            prompt: "Summarize: {{ input }}",
            output_channel: "summary",
            script: { rules: [{ reply: "Short: {{ input }}" }] },
            ...data,
          },
        },
      ],
      { state: { channels: [{ name: "summary", type: "string" }] } },
    );

  it("makes one model call with the rendered system prompt and prompt, without tools", async () => {
    const calls: RecordedCall[] = [];
    const compiled = compileGraph(llmDoc(), testServices({ calls }));
    await collectRun(compiled, { message: "a long story" }, { threadId: "llm" });
    expect(calls).toHaveLength(1);
    expect(calls[0]?.messages[0]).toBeInstanceOf(SystemMessage);
    expect(calls[0]?.messages[0]?.content).toBe("Be brief.");
    expect(calls[0]?.messages[1]).toBeInstanceOf(HumanMessage);
    expect(calls[0]?.messages[1]?.content).toBe("Summarize: a long story");
    expect(calls[0]?.options.tools).toEqual([]);
  });

  it("adds the reply to the conversation and to its output channel", async () => {
    const events = await collectRun(compileGraph(llmDoc(), testServices()), { message: "a long story" }, { threadId: "llm2" });
    const state = final(events);
    expect(state.summary).toBe("Short: Summarize: a long story");
    expect((state.messages as { role: string; name?: string }[]).at(-1)).toMatchObject({ role: "ai", name: "Summarize" });
    expect(events.find((e) => e.type === "node_start")).toMatchObject({ node: "Summarize", depth: 1 });
  });
});

describe("Tool node", () => {
  const toolDoc = (args: Record<string, string>) =>
    chainDocument([{ id: "find", kind: "tool", position: at, data: { name: "FindCustomer", tool: "lookup", args, output_channel: "customer" } }], {
      tools: [lookupTool],
      state: {
        channels: [
          { name: "customer", type: "object" },
          { name: "who", type: "string", default: "vip Ada" },
        ],
      },
    });

  it("runs its tool with templated arguments and stores the parsed result", async () => {
    const events = await collectRun(compileGraph(toolDoc({ name: "{{ state.who }}" }), testServices()), { message: "go" }, { threadId: "tool" });
    expect(events.find((e) => e.type === "tool_call")).toMatchObject({ tool: "lookup_customer", args: { name: "vip Ada" }, depth: 2 });
    const state = final(events);
    expect(state.customer).toEqual({ tier: "gold", name: "vip Ada" });
    expect(state.results).toEqual({ FindCustomer: { tier: "gold", name: "vip Ada" } });
  });

  it("fails the run with the tool's error and the node's name", async () => {
    const events = await collectRun(compileGraph(toolDoc({ name: "fail" }), testServices()), { message: "go" }, { threadId: "tool2" });
    expect(events.find((e) => e.type === "error")).toMatchObject({ code: "TOOL_ERROR", message: 'Tool node "FindCustomer" failed: CRM is down' });
    expect(events.at(-1)).toMatchObject({ type: "run_end", status: "error" });
  });
});

describe("conditional edges", () => {
  const routed = (): GraphDocumentInput => ({
    version: 1,
    meta: { id: "routed", name: "Routed" },
    models: [{ id: "scripted", provider: "scripted", model: "scripted" }],
    conditions: [{ name: "is_refund", expression: 'input.contains("refund")' }],
    nodes: [
      { id: "start", kind: "start", position: at },
      agentNode("triage", { name: "Triage", script: { rules: [], fallback: "Routing you." } }),
      agentNode("refunds", { name: "Refunds", script: { rules: [], fallback: "Refunds here." } }),
      agentNode("general", { name: "General", script: { rules: [], fallback: "General here." } }),
      { id: "end", kind: "end", position: at },
    ],
    edges: [
      flow("start", "triage"),
      { id: "to-refunds", kind: "conditional", source: "triage", target: "refunds", condition: "is_refund" },
      flow("triage", "general"),
      flow("refunds", "end"),
      flow("general", "end"),
    ],
  });

  it("takes the branch whose named condition is true", async () => {
    const calls: RecordedCall[] = [];
    await collectRun(compileGraph(routed(), testServices({ calls })), { message: "I want a refund" }, { threadId: "c1" });
    expect(calls.map((c) => c.agent)).toEqual(["Triage", "Refunds"]);
  });

  it("falls back to the flow edge when no condition holds", async () => {
    const calls: RecordedCall[] = [];
    await collectRun(compileGraph(routed(), testServices({ calls })), { message: "hello" }, { threadId: "c2" });
    expect(calls.map((c) => c.agent)).toEqual(["Triage", "General"]);
  });

  it("refuses to compile a condition with a CEL syntax error, naming the edge", () => {
    const doc = routed();
    doc.conditions = [{ name: "is_refund", expression: 'input.contains("refund"' }];
    expect(() => compileGraph(doc, testServices())).toThrow(EngineError);
    expect(() => compileGraph(doc, testServices())).toThrow(/Condition on edge "to-refunds" from "Triage"/);
  });
});

describe("model fallback", () => {
  it("reports a model_fallback event when another profile answered", async () => {
    const services = testServices({
      wrap: (model) => ({
        ...model,
        async *stream(messages, options) {
          for await (const chunk of model.stream(messages, options)) {
            yield new AIMessageChunk({
              content: chunk.content,
              tool_call_chunks: chunk.tool_call_chunks,
              response_metadata: { graphwright_profile: "backup" },
            });
          }
        },
      }),
    });
    const events = await collectRun(compileGraph(chainDocument([agentNode("a", { name: "Solo" })]), services), { message: "hi" }, { threadId: "fb" });
    expect(events.find((e) => e.type === "model_fallback")).toMatchObject({ from: "scripted", to: "backup", agent: "Solo" });
    expect(events.find((e) => e.type === "ai_message")).toMatchObject({ profile: "backup" });
  });
});
