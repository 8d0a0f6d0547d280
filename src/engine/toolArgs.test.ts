import { describe, expect, it } from "vitest";
import { AIMessage, AIMessageChunk, HumanMessage, ToolMessage } from "@langchain/core/messages";
import { toolCallIdTaken, toolCallsOf } from "./toolArgs.js";

const history = [
  new HumanMessage("weather?"),
  new AIMessage({ content: "", tool_calls: [{ id: "call_0", name: "get_weather", args: {}, type: "tool_call" }] }),
  new ToolMessage({ tool_call_id: "call_0", content: "sunny" }),
  new ToolMessage({ tool_call_id: "call_orphan", content: "late" }),
];

function reply(...ids: string[]): AIMessageChunk {
  return new AIMessageChunk({
    content: "",
    tool_call_chunks: ids.map((id, index) => ({ id, name: "get_weather", args: "{}", index, type: "tool_call_chunk" as const })),
  });
}

describe("tool call ids of a reply", () => {
  it("knows the ids of the conversation's calls and of the results it holds", () => {
    expect(toolCallIdTaken(history, "call_0")).toBe(true);
    expect(toolCallIdTaken(history, "call_orphan")).toBe(true);
    expect(toolCallIdTaken(history, "call_1")).toBe(false);
  });

  it("replaces a provider id the conversation already used, and one the reply repeats, keeping fresh ones", () => {
    const taken = (id: string) => toolCallIdTaken(history, id);
    const { calls } = toolCallsOf(reply("call_0", "call_1", "call_1", "call_orphan"), "msg_9", taken);
    expect(calls.map((c) => c.id)).toEqual(["msg_9_call_0", "call_1", "msg_9_call_2", "msg_9_call_3"]);
  });

  it("gives a call without an id one built from the reply's message id", () => {
    const full = new AIMessageChunk({ content: "", tool_calls: [{ name: "get_weather", args: {}, type: "tool_call" }] });
    const { calls } = toolCallsOf(full, "msg_3");
    expect(calls.map((c) => c.id)).toEqual(["msg_3_call_0"]);
  });
});
