/** The ask_user default tool: a question with options that pauses the agent's turn. */
import { describe, expect, it } from "vitest";
import { collectRun, compileGraph } from "../index.js";
import { agentNode, chainDocument } from "../testing/documents.js";
import { ofType, statusOf } from "../testing/humanLoop.js";
import { testServices } from "../../../tests/support/services.js";

function askingDoc(options: { id: string; label: string }[]) {
  return chainDocument([
    agentNode("a", {
      name: "Assistant",
      default_tools: ["ask_user"],
      script: {
        rules: [
          { match: ".", tool_calls: [{ name: "ask_user", args: { question: "Tea or coffee?", options } }] },
          { on: "tool", reply: "Got: {{ tool_result }}" },
        ],
      },
    }),
  ]);
}

describe("ask_user", () => {
  it("pauses the turn with the agent's question and returns the chosen option", async () => {
    const compiled = compileGraph(
      askingDoc([
        { id: "tea", label: "Tea" },
        { id: "coffee", label: "Coffee" },
      ]),
      testServices(),
    );
    const paused = await collectRun(compiled, { message: "drink?" }, { threadId: "u1" });
    expect(ofType(paused, "interrupt")[0]?.payload).toEqual({
      kind: "question",
      question: "Tea or coffee?",
      options: [
        { id: "tea", label: "Tea" },
        { id: "coffee", label: "Coffee" },
      ],
      node: "Assistant",
    });
    const done = await collectRun(compiled, { message: "", resume: { value: { option_id: "coffee" } } }, { threadId: "u1" });
    expect(ofType(done, "ai_message").at(-1)?.content).toBe('Got: {"option_id":"coffee","label":"Coffee"}');
  });

  it("tells the model what is wrong with options it cannot ask, without pausing", async () => {
    const compiled = compileGraph(
      askingDoc([
        { id: "tea", label: "Tea" },
        { id: "tea", label: "Green tea" },
      ]),
      testServices(),
    );
    const events = await collectRun(compiled, { message: "drink?" }, { threadId: "u2" });
    expect(statusOf(events)).toBe("completed");
    expect(ofType(events, "tool_result")[0]?.error).toBe('option id "tea" is listed twice');
  });
});
