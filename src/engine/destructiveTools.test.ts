/** Destructive tools pause for approval in agents, handoff sub-agents and Tool nodes; resuming works from storage. */
import "fake-indexeddb/auto";
import { IDBFactory } from "fake-indexeddb";
import { describe, expect, it } from "vitest";
import { ToolMessage } from "@langchain/core/messages";
import { collectRun, compileGraph, pendingInterrupts } from "./index.js";
import { agentNode, at, chainDocument, flow } from "./testing/documents.js";
import { assistantDoc, deleteTool, ofType, stateOf, statusOf } from "./testing/humanLoop.js";
import { testServices, type RecordedCall } from "../../tests/support/services.js";
import { IdbSaver } from "../persistence/saver/IdbSaver.js";

describe("destructive tools", () => {
  it("pause an agent before the tool runs and resume with the edited arguments", async () => {
    const compiled = compileGraph(assistantDoc(), testServices());
    const paused = await collectRun(compiled, { message: "delete task 7" }, { threadId: "d" });
    expect(statusOf(paused)).toBe("interrupted");
    expect(ofType(paused, "interrupt")[0]).toMatchObject({
      agent: "Assistant",
      payload: { kind: "approval", tool: "delete_task", args: { id: "7" }, agent: "Assistant" },
    });
    expect(ofType(paused, "tool_call")).toHaveLength(0);
    expect(ofType(paused, "tool_result")).toHaveLength(0);

    const resumed = await collectRun(compiled, { message: "", resume: { value: { decision: "edit", args: { id: 8 } } } }, { threadId: "d" });
    expect(ofType(resumed, "tool_call")[0]?.args).toEqual({ id: 8 });
    expect(ofType(resumed, "tool_result")[0]?.result).toBe("Deleted task 8");
    expect(ofType(resumed, "ai_message").at(-1)?.content).toBe("Result: Deleted task 8");
    expect(statusOf(resumed)).toBe("completed");
  });

  it("report a rejection to the model as a tool message and never run the tool", async () => {
    const calls: RecordedCall[] = [];
    const compiled = compileGraph(assistantDoc(), testServices({ calls }));
    await collectRun(compiled, { message: "delete task 7" }, { threadId: "d" });
    const resumed = await collectRun(compiled, { message: "", resume: { value: { decision: "reject", reason: "keep it" } } }, { threadId: "d" });
    const seen = calls.at(-1)?.messages.find((m): m is ToolMessage => ToolMessage.isInstance(m));
    expect(String(seen?.content)).toContain('The user rejected the call to "delete_task": keep it');
    expect(seen?.status).toBe("error");
    expect(ofType(resumed, "tool_result")[0]).toMatchObject({ tool: "delete_task", result: "", error: expect.stringContaining("was not run") });
    expect(statusOf(resumed)).toBe("completed");
  });

  it("are approved before any tool of the same model turn runs, so each tool runs once", async () => {
    const lookup = { id: "lookup", kind: "mock" as const, name: "find_task", config: { default: "task 7 is 'old notes'" } };
    const doc = chainDocument(
      [
        agentNode("a1", {
          name: "Assistant",
          tools: ["lookup", "delete"],
          default_tools: [],
          script: {
            rules: [
              {
                match: "clean up",
                tool_calls: [
                  { name: "find_task", args: {} },
                  { name: "delete_task", args: { id: 7 } },
                ],
              },
              { on: "tool", reply: "Done." },
            ],
          },
        }),
      ],
      { tools: [lookup, deleteTool] },
    );
    const compiled = compileGraph(doc, testServices());
    const paused = await collectRun(compiled, { message: "clean up" }, { threadId: "turn" });
    expect(ofType(paused, "tool_result")).toHaveLength(0);
    expect(ofType(paused, "interrupt")).toHaveLength(1);
    const resumed = await collectRun(compiled, { message: "", resume: { value: { decision: "approve" } } }, { threadId: "turn" });
    expect(ofType(resumed, "tool_result").map((e) => e.tool)).toEqual(["find_task", "delete_task"]);
  });

  it("pause a handoff sub-agent inside its supervisor's loop and resume there", async () => {
    const doc = chainDocument(
      [
        agentNode("sup", {
          name: "Supervisor",
          default_tools: [],
          script: { rules: [{ match: "clean", tool_calls: [{ name: "transfer_to_Cleaner", args: {} }] }] },
        }),
        agentNode("cleaner", {
          name: "Cleaner",
          tools: ["delete"],
          default_tools: [],
          script: {
            rules: [
              { match: "clean up task (?<id>\\d+)", tool_calls: [{ name: "delete_task", args: { id: "{{ match.id }}" } }] },
              { on: "tool", tool: "delete_task", reply: "Cleaned: {{ tool_result }}" },
            ],
          },
        }),
      ],
      { tools: [deleteTool], edges: [{ id: "h", kind: "delegation", source: "sup", target: "cleaner" }] },
    );
    doc.edges = (doc.edges ?? []).filter(
      (e) => !(e.source === "sup" && e.target === "cleaner" && e.kind === "flow") && !(e.source === "cleaner" && e.target === "end"),
    );
    doc.edges.push(flow("sup", "end"));
    const compiled = compileGraph(doc, testServices());
    const paused = await collectRun(compiled, { message: "clean up task 5" }, { threadId: "h" });
    expect(ofType(paused, "interrupt")[0]?.payload).toMatchObject({ tool: "delete_task", agent: "Cleaner", args: { id: "5" } });
    const resumed = await collectRun(compiled, { message: "", resume: { value: { decision: "approve" } } }, { threadId: "h" });
    expect(ofType(resumed, "tool_result").map((e) => [e.tool, e.result])).toEqual([["delete_task", "Deleted task 5"]]);
    expect(ofType(resumed, "ai_message").at(-1)).toMatchObject({ agent: "Cleaner", content: "Cleaned: Deleted task 5" });
  });

  it("pause a Tool node and record a rejection in its result instead of failing", async () => {
    const doc = chainDocument([{ id: "t", kind: "tool", position: at, data: { name: "Purge", tool: "delete", args: { id: 3 } } }], { tools: [deleteTool] });
    const compiled = compileGraph(doc, testServices());
    const paused = await collectRun(compiled, { message: "go" }, { threadId: "t" });
    expect(ofType(paused, "interrupt")[0]?.payload).toMatchObject({ tool: "delete_task", args: { id: 3 }, node: "Purge" });
    const resumed = await collectRun(compiled, { message: "", resume: { value: { decision: "reject" } } }, { threadId: "t" });
    expect(stateOf(resumed).results).toMatchObject({ Purge: { rejected: true } });
    expect(statusOf(resumed)).toBe("completed");
  });

  it("are abandoned when a new message is sent to the paused thread instead of an answer", async () => {
    const compiled = compileGraph(assistantDoc(), testServices());
    await collectRun(compiled, { message: "delete task 7" }, { threadId: "n" });
    const next = await collectRun(compiled, { message: "delete task 9" }, { threadId: "n" });
    expect(ofType(next, "interrupt").map((e) => e.payload)).toEqual([expect.objectContaining({ args: { id: "9" } })]);
    expect((await pendingInterrupts(compiled, "n")).map((p) => p.payload)).toEqual([expect.objectContaining({ args: { id: "9" } })]);
  });

  it("resume from storage with a new saver instance", async () => {
    const factory = new IDBFactory();
    const first = new IdbSaver({ name: "hitl", indexedDB: factory });
    const before = compileGraph(assistantDoc(), { ...testServices(), checkpointer: first });
    const [pause] = ofType(await collectRun(before, { message: "delete task 7" }, { threadId: "p" }), "interrupt");
    await first.close();

    const second = new IdbSaver({ name: "hitl", indexedDB: factory });
    const after = compileGraph(assistantDoc(), { ...testServices(), checkpointer: second });
    expect((await pendingInterrupts(after, "p"))[0]?.payload).toEqual(pause?.payload);
    const resumed = await collectRun(
      after,
      { message: "", resume: { interrupt_id: pause?.interrupt_id as string, value: { decision: "approve" } } },
      { threadId: "p" },
    );
    expect(ofType(resumed, "tool_result")[0]?.result).toBe("Deleted task 7");
    const messages = stateOf(resumed).messages as { role: string; content: string }[];
    expect(messages.map((m) => m.role)).toEqual(["human", "ai", "tool", "ai"]);
    await second.close();
  });
});
