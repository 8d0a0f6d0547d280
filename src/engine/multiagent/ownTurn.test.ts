/** One delegated message's turn on a scoped thread that later delegations share (issue 26). */
import { AIMessage, HumanMessage, type BaseMessage } from "@langchain/core/messages";
import { MemorySaver } from "@langchain/langgraph/web";
import { describe, expect, it } from "vitest";
import { compileGraph } from "../index.js";
import { testServices } from "../../../tests/support/services.js";
import { delegationDoc } from "../testing/delegationTeam.js";
import { ownTurn } from "./ownTurn.js";

const human = (id: string, content = id) => new HumanMessage({ id, content });
const asked = (id: string) => new AIMessage({ id, content: "", tool_calls: [{ id: `${id}_call`, name: "web_search", args: {} }] });
const answered = (id: string, content: string) => new AIMessage({ id, content });

describe("a delegated message's own turn", () => {
  it("takes the answer after its own message, not the thread's last, when a later turn came after it", () => {
    const thread = [human("a"), answered("a1", "Summary A"), human("b"), answered("b1", "Summary B")];
    expect(ownTurn(thread, "a")).toEqual({ kind: "answered", answer: "Summary A" });
  });

  it("starts over under a new id when a later turn came after it before it answered", () => {
    const thread: BaseMessage[] = [human("a"), asked("a1"), human("b"), answered("b1", "Summary B")];
    expect(ownTurn(thread, "a")).toEqual({ kind: "again", messageId: "a~1" });
    // Cut again after starting over, and overtaken again: a third id.
    expect(ownTurn([...thread, human("a~1"), asked("a2"), human("c")], "a")).toEqual({ kind: "again", messageId: "a~2" });
  });

  it("goes on from the thread's state when its own is the thread's last turn, under the id it last ran with", () => {
    expect(ownTurn([human("b"), answered("b1", "Summary B"), human("a"), asked("a1")], "a")).toEqual({ kind: "latest", messageId: "a" });
    expect(ownTurn([human("a"), asked("a1"), human("b"), human("a~1")], "a")).toEqual({ kind: "latest", messageId: "a~1" });
    expect(ownTurn([human("b")], "a")).toEqual({ kind: "new", messageId: "a" });
  });
});

describe("delegations to one agent from two compiles over one saver", () => {
  it("run one after the other on the agent's thread, so neither forks the other's history away", async () => {
    const checkpointer = new MemorySaver();
    const first = compileGraph(delegationDoc(), { ...testServices(), checkpointer });
    const second = compileGraph(delegationDoc(), { ...testServices(), checkpointer });
    const request = (message: string, callId: string) => ({
      agent: "Research",
      message,
      rootThread: "t1",
      depth: 1,
      callPath: [],
      callId,
      messageId: `${callId}_message`,
      sink: () => undefined,
      ns: "",
    });
    const answers = await Promise.all([first.team.runAgent(request("alpha", "call_a")), second.team.runAgent(request("beta", "call_b"))]);
    expect(answers).toEqual(["Research summary: 3 articles about alpha", "Research summary: 3 articles about beta"]);
    const state = await first.team.rootGraph("Research").getState({ configurable: { thread_id: "t1::agent::Research" } });
    const ids = ((state.values as { messages: BaseMessage[] }).messages ?? []).filter((m) => HumanMessage.isInstance(m)).map((m) => m.id);
    expect(ids).toEqual(["call_a_message", "call_b_message"]);
  });
});
