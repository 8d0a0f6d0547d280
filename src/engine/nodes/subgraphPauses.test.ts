/** A Subgraph node's saved graph that pauses: the pause surfaces on the user's thread and resumes inside; its memory lasts across turns. */
import { describe, expect, it } from "vitest";
import { Command, MemorySaver } from "@langchain/langgraph/web";
import { collectRun, compileGraph, pendingInterrupts, type GraphLibrary } from "../index.js";
import { at, chainDocument } from "../testing/documents.js";
import { approvingGraphDoc, subgraphParentDoc } from "../testing/delegatedPauses.js";
import { testServices } from "../../../tests/support/services.js";
import type { GraphDocumentInput } from "../../schema/index.js";
import { ofType, stateOf, statusOf } from "../testing/humanLoop.js";

const library = (docs: Record<string, GraphDocumentInput>): GraphLibrary => ({ load: async (id) => docs[id] ?? null });

const lastContent = (state: Record<string, unknown>) => ((state.messages ?? []) as { content: string }[]).at(-1)?.content;

describe("an approval inside a Subgraph node's saved graph", () => {
  it("pauses the user's thread on it, saying which Subgraph node asks", async () => {
    const compiled = compileGraph(subgraphParentDoc("approving"), { ...testServices(), graphs: library({ approving: approvingGraphDoc() }) });
    const events = await collectRun(compiled, { message: "the invoice" }, { threadId: "s1" });
    expect(statusOf(events)).toBe("interrupted");
    expect(ofType(events, "error")).toEqual([]);
    expect(ofType(events, "interrupt")[0]?.payload).toMatchObject({ kind: "approval", node: "Gate", message: "Send the invoice?", via: ["Billing"] });
  });

  it("resumes the saved graph where it paused: approved, it goes on and the run completes with its reply", async () => {
    const compiled = compileGraph(subgraphParentDoc("approving"), { ...testServices(), graphs: library({ approving: approvingGraphDoc() }) });
    await collectRun(compiled, { message: "the invoice" }, { threadId: "s2" });
    const resumed = await collectRun(compiled, { message: "", resume: { value: { decision: "approve" } } }, { threadId: "s2" });
    expect(statusOf(resumed)).toBe("completed");
    expect(lastContent(stateOf(resumed))).toBe("Sent the invoice");
    expect(ofType(resumed, "ai_message").map((e) => [e.node, e.content])).toEqual([["Billing", "Sent the invoice"]]);
  });

  it("follows the rejected branch inside when rejected, and the run completes without a reply from it", async () => {
    const compiled = compileGraph(subgraphParentDoc("approving"), { ...testServices(), graphs: library({ approving: approvingGraphDoc() }) });
    await collectRun(compiled, { message: "the invoice" }, { threadId: "s3" });
    const resumed = await collectRun(compiled, { message: "", resume: { value: { decision: "reject" } } }, { threadId: "s3" });
    expect(statusOf(resumed)).toBe("completed");
    expect(ofType(resumed, "ai_message")).toEqual([]);
    expect(lastContent(stateOf(resumed))).toBe("the invoice");
  });

  it("takes a plain Command({ resume }) naming no interrupt as the approval, as LangGraph does for a root one", async () => {
    const compiled = compileGraph(subgraphParentDoc("approving"), { ...testServices(), graphs: library({ approving: approvingGraphDoc() }) });
    await collectRun(compiled, { message: "the invoice" }, { threadId: "s5" });
    const final = await compiled.graph.invoke(new Command({ resume: { decision: "approve" } }), { configurable: { thread_id: "s5" } });
    expect((final as { __interrupt__?: unknown[] }).__interrupt__ ?? []).toEqual([]);
    expect(lastContent(final)).toBe("Sent the invoice");
    expect(await pendingInterrupts(compiled, "s5")).toEqual([]);
  });

  it("resumes from a fresh compile over the same saver (a reload)", async () => {
    const saver = new MemorySaver();
    const services = () => ({ ...testServices(), checkpointer: saver, graphs: library({ approving: approvingGraphDoc() }) });
    await collectRun(compileGraph(subgraphParentDoc("approving"), services()), { message: "the invoice" }, { threadId: "s4" });
    const reloaded = compileGraph(subgraphParentDoc("approving"), services());
    expect((await pendingInterrupts(reloaded, "s4"))[0]?.payload).toMatchObject({ kind: "approval", via: ["Billing"] });
    const resumed = await collectRun(reloaded, { message: "", resume: { value: { decision: "approve" } } }, { threadId: "s4" });
    expect(statusOf(resumed)).toBe("completed");
    expect(lastContent(stateOf(resumed))).toBe("Sent the invoice");
  });
});

describe("a Subgraph node's memory", () => {
  const echoDoc: GraphDocumentInput = {
    ...chainDocument([
      { id: "echo", kind: "llm", position: at, data: { name: "echo", model: "scripted", script: { rules: [{ reply: "Heard: {{ input }}" }] } } },
    ]),
    meta: { id: "echo", name: "Echo" },
  };

  it("keeps the saved graph's conversation across the turns of a thread, and apart per thread", async () => {
    const compiled = compileGraph(subgraphParentDoc("echo"), { ...testServices(), graphs: library({ echo: echoDoc }) });
    await collectRun(compiled, { message: "one" }, { threadId: "m1" });
    const second = await collectRun(compiled, { message: "two" }, { threadId: "m1" });
    expect((stateOf(second).child_messages as { content: string }[]).map((m) => m.content)).toEqual(["one", "Heard: one", "two", "Heard: two"]);
    const other = await collectRun(compiled, { message: "three" }, { threadId: "m2" });
    expect((stateOf(other).child_messages as { content: string }[]).map((m) => m.content)).toEqual(["three", "Heard: three"]);
  });
});
