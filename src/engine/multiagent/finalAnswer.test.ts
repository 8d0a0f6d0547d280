import { AIMessage, HumanMessage, ToolMessage } from "@langchain/core/messages";
import { expect, it } from "vitest";
import { finalAnswer } from "./team.js";

it("answers a delegated turn with the text of its last AI message", () => {
  const turn = [
    new HumanMessage("Find Acme's news"),
    new AIMessage({ content: "", tool_calls: [{ id: "c1", name: "search", args: {} }] }),
    new ToolMessage({ content: "3 hits", tool_call_id: "c1" }),
    new AIMessage("Acme opened a plant."),
  ];
  expect(finalAnswer(turn)).toBe("Acme opened a plant.");
});

it("never hands the question back as the answer of a turn that has no AI message", () => {
  expect(finalAnswer([new AIMessage("an earlier turn's answer"), new HumanMessage("Find Acme's news")])).toBe("");
});
