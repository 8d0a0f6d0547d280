/**
 * Delegated work runs as a run of its own on its own thread even where AsyncLocalStorage is on,
 * as on a LangGraph server (Node with `@langchain/langgraph` loaded, which turns it on).
 */
import "@langchain/langgraph";
import { describe, expect, it } from "vitest";
import { AsyncLocalStorageProviderSingleton } from "@langchain/core/singletons";
import { collectRun, compileGraph, pendingInterrupts, type GraphLibrary } from "./index.js";
import { approvingGraphDoc, askingTeamDoc, subgraphParentDoc } from "./testing/delegatedPauses.js";
import { ofType, stateOf, statusOf } from "./testing/humanLoop.js";
import { testServices } from "../../tests/support/services.js";

const library: GraphLibrary = { load: async (id) => (id === "approving" ? approvingGraphDoc() : null) };

describe("delegated work with AsyncLocalStorage on", () => {
  it("is on in this file, as on a LangGraph server", () => {
    expect(AsyncLocalStorageProviderSingleton.getInstance().constructor.name).toBe("AsyncLocalStorage");
  });

  it("pauses on a blocking sub-agent's question saying which sub-agent asks, and resumes it on its own thread", async () => {
    const compiled = compileGraph(askingTeamDoc(), testServices());
    const paused = await collectRun(compiled, { message: "email find invoices" }, { threadId: "al1" });
    expect(ofType(paused, "interrupt")[0]?.payload).toMatchObject({ kind: "question", question: "Which folder?", via: ["Emails"] });
    const [pending] = await compiled.team
      .rootGraph("Emails")
      .getState({ configurable: { thread_id: "al1::agent::Emails" } })
      .then((s) => s.tasks.flatMap((t) => t.interrupts));
    expect(pending?.value).toMatchObject({ question: "Which folder?" });
    const resumed = await collectRun(compiled, { message: "", resume: { value: { option_id: "inbox" } } }, { threadId: "al1" });
    expect(statusOf(resumed)).toBe("completed");
  });

  it("pauses on the approval inside a Subgraph node's saved graph instead of failing, and approved, completes", async () => {
    const compiled = compileGraph(subgraphParentDoc("approving"), { ...testServices(), graphs: library });
    const paused = await collectRun(compiled, { message: "the invoice" }, { threadId: "al2" });
    expect(ofType(paused, "error")).toEqual([]);
    expect((await pendingInterrupts(compiled, "al2"))[0]?.payload).toMatchObject({ kind: "approval", via: ["Billing"] });
    const resumed = await collectRun(compiled, { message: "", resume: { value: { decision: "approve" } } }, { threadId: "al2" });
    expect(statusOf(resumed)).toBe("completed");
    expect((stateOf(resumed).messages as { content: string }[]).at(-1)?.content).toBe("Sent the invoice");
  });
});
