/** Agent options (seed 004): forced tool with an app-built fallback, and sanitize. Real LangGraph, scripted model. */
import { describe, expect, it } from "vitest";
import { ToolMessage } from "@langchain/core/messages";
import { collectRun, compileGraph } from "../index.js";
import { agentNode, chainDocument } from "../testing/documents.js";
import { ofType, stateOf } from "../testing/humanLoop.js";
import { testServices, type RecordedCall } from "../../../tests/support/services.js";
import type { GraphDocumentInput, ScriptRule } from "../../schema/index.js";

type Rule = Partial<ScriptRule>;
const lookupTool: NonNullable<GraphDocumentInput["tools"]>[number] = {
  id: "resources",
  kind: "mock",
  name: "lookup_crisis_resources",
  description: "Verified crisis lines for a region",
  config: { default: "Samaritans: 116 123" },
};

function crisisDoc(rules: Rule[], extra: Record<string, unknown> = {}): GraphDocumentInput {
  return chainDocument(
    [
      agentNode("crisis", {
        name: "CrisisAgent",
        tools: ["resources"],
        default_tools: [],
        forced_tool: { tool: "resources", fallback: "Emergency services: 112. (No lookup for: {{ input }})" },
        script: { rules: rules as ScriptRule[] },
        ...extra,
      }),
    ],
    { tools: [lookupTool] },
  );
}

const answerFromTool: Rule = { on: "tool", tool: "lookup_crisis_resources", reply: "Please reach out: {{ tool_result }}" };

describe("forced tool", () => {
  it("uses the app-built fallback result and re-runs the model without tools when the model skips the tool", async () => {
    const calls: RecordedCall[] = [];
    const doc = crisisDoc([{ on: "user", reply: "I think you will be fine." }, answerFromTool]);
    const events = await collectRun(compileGraph(doc, testServices({ calls })), { message: "I want to hurt myself" }, { threadId: "f1" });
    expect(ofType(events, "forced_tool_fallback")[0]).toMatchObject({
      tool: "lookup_crisis_resources",
      result: "Emergency services: 112. (No lookup for: I want to hurt myself)",
      reason: "not_called",
    });
    // The skipped reply is replaced in the chat (same message id) by the forced call, answered by the fallback.
    const [skipped, forced, final] = ofType(events, "ai_message");
    expect(forced).toMatchObject({ message_id: skipped?.message_id, content: "", tool_calls: [{ name: "lookup_crisis_resources" }] });
    expect(ofType(events, "tool_result")).toMatchObject([
      { tool: "lookup_crisis_resources", result: "Emergency services: 112. (No lookup for: I want to hurt myself)", error: null },
    ]);
    expect(final?.content).toBe("Please reach out: Emergency services: 112. (No lookup for: I want to hurt myself)");
    expect(calls.map((c) => c.options.tools.map((t) => t.name))).toEqual([["lookup_crisis_resources"], []]);
    const rerun = calls[1]?.messages.at(-1);
    expect(rerun && ToolMessage.isInstance(rerun) ? rerun.content : null).toBe("Emergency services: 112. (No lookup for: I want to hurt myself)");
    const messages = stateOf(events).messages as { role: string; content: string; tool_calls?: { name: string }[] }[];
    expect(messages.map((m) => m.role)).toEqual(["human", "ai", "tool", "ai"]);
    expect(messages[1]?.tool_calls?.[0]?.name).toBe("lookup_crisis_resources");
    expect(messages.at(-1)?.content).toBe("Please reach out: Emergency services: 112. (No lookup for: I want to hurt myself)");
  });

  it("tells the model to call the tool on its first call only", async () => {
    const calls: RecordedCall[] = [];
    await collectRun(compileGraph(crisisDoc([{ on: "user", reply: "ok" }, answerFromTool]), testServices({ calls })), { message: "help" }, { threadId: "f2" });
    expect(String(calls[0]?.messages[0]?.content)).toContain('Before you answer, call the tool "lookup_crisis_resources"');
    expect(String(calls[1]?.messages[0]?.content)).not.toContain("Before you answer");
  });

  it("runs the real tool and uses no fallback when the model calls it", async () => {
    const doc = crisisDoc([{ on: "user", tool_calls: [{ name: "lookup_crisis_resources", args: {} }] }, answerFromTool]);
    const events = await collectRun(compileGraph(doc, testServices()), { message: "I want to hurt myself" }, { threadId: "f3" });
    expect(ofType(events, "forced_tool_fallback")).toHaveLength(0);
    expect(ofType(events, "tool_result")[0]?.result).toBe("Samaritans: 116 123");
    expect(ofType(events, "ai_message").at(-1)?.content).toBe("Please reach out: Samaritans: 116 123");
  });

  it("uses the fallback as the tool's result when the forced tool returns nothing", async () => {
    const doc = crisisDoc([{ on: "user", tool_calls: [{ name: "lookup_crisis_resources", args: {} }] }, answerFromTool]);
    const tools = doc.tools ?? [];
    doc.tools = tools.map((t) => (t.id === "resources" && t.kind === "mock" ? { ...t, config: { default: "" } } : t));
    const events = await collectRun(compileGraph(doc, testServices()), { message: "I want to hurt myself" }, { threadId: "f4" });
    expect(ofType(events, "tool_result")[0]?.result).toBe("");
    expect(ofType(events, "forced_tool_fallback")[0]).toMatchObject({
      reason: "empty_result",
      result: "Emergency services: 112. (No lookup for: I want to hurt myself)",
    });
    expect(ofType(events, "ai_message").at(-1)?.content).toBe("Please reach out: Emergency services: 112. (No lookup for: I want to hurt myself)");
  });

  it("refuses a forced tool that is not one of the agent's tools", () => {
    const doc = crisisDoc([{ reply: "x" }], { tools: [] });
    expect(() => compileGraph(doc, testServices())).toThrow(/forces tool "resources", which is not one of its tools/);
  });
});

describe("sanitize", () => {
  const leaky = 'Sure. <tool_call>{"name": "load_skill", "arguments": {}}</tool_call> Breathe in slowly. load_therapeutic_response_skill({"style": "calm"})';

  it("strips <tool_call> blocks and leaked name({...}) calls from the reply", async () => {
    const doc = chainDocument([agentNode("a", { name: "Therapist", default_tools: [], sanitize: true, script: { rules: [{ reply: leaky }] } })]);
    const events = await collectRun(compileGraph(doc, testServices()), { message: "I feel tense" }, { threadId: "s1" });
    const messages = stateOf(events).messages as { content: string }[];
    expect(messages.at(-1)?.content).toBe("Sure. Breathe in slowly.");
    // The chat replaces the streamed text: a second ai_message with the same id carries the clean text.
    const [streamed, clean] = ofType(events, "ai_message");
    expect(clean).toMatchObject({ message_id: streamed?.message_id, content: "Sure. Breathe in slowly." });
    expect(ofType(events, "reply_sanitized")[0]?.removed).toEqual([
      '<tool_call>{"name": "load_skill", "arguments": {}}</tool_call>',
      'load_therapeutic_response_skill({"style": "calm"})',
    ]);
  });

  it("leaves replies alone when sanitize is off", async () => {
    const doc = chainDocument([agentNode("a", { name: "Therapist", default_tools: [], script: { rules: [{ reply: leaky }] } })]);
    const events = await collectRun(compileGraph(doc, testServices()), { message: "I feel tense" }, { threadId: "s2" });
    expect((stateOf(events).messages as { content: string }[]).at(-1)?.content).toBe(leaky);
    expect(ofType(events, "reply_sanitized")).toHaveLength(0);
  });
});
