/** A LangGraph server thread's history told as run events: each tool call in a call of its own, the replies at the turn's. */
import { AIMessage, HumanMessage, ToolMessage } from "@langchain/core/messages";
import { describe, expect, it } from "vitest";
import { historyEvents } from "./serverThreads.js";

describe("a server thread's history", () => {
  it("tells a turn's tool call and result in a call of their own, so the answer after them is the turn's reply", () => {
    const messages = [
      new HumanMessage({ id: "m1", content: "What's the weather in Paris?" }),
      new AIMessage({
        id: "m2",
        name: "Assistant",
        content: "Let me check.",
        tool_calls: [{ id: "c1", name: "get_weather", args: { city: "Paris" }, type: "tool_call" }],
      }),
      new ToolMessage({ id: "m3", tool_call_id: "c1", name: "get_weather", content: "Sunny in Paris" }),
      new AIMessage({ id: "m4", name: "Assistant", content: "Right now: Sunny in Paris." }),
    ];
    const events = historyEvents(messages, { threadId: "thread_s1", now: 1_000 });
    expect(events.map((e) => `${e.type} ${e.call_id} < ${e.parent_call_id} @${e.depth}`)).toEqual([
      "run_start run_history_0 < null @0",
      "ai_message run_history_0 < null @0",
      "tool_call c1 < run_history_0 @1",
      "tool_result c1 < run_history_0 @1",
      "ai_message run_history_0 < null @0",
      "run_end run_history_0 < null @0",
    ]);
    expect(events.every((e) => e.root_call_id === "run_history_0" && e.run_id === "run_history_0")).toBe(true);
  });
});
