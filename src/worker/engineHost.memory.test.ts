// Long-term memory in the worker: agents' memories live in IdbStore on the app database, so
// they outlive threads and a reload, and the Memory panel lists and edits the same items.
import "fake-indexeddb/auto";
import { IDBFactory } from "fake-indexeddb";
import { describe, expect, it } from "vitest";
import { IdbStore } from "../persistence/store/IdbStore.js";
import { asGraphId, asRunId, asThreadId, assertValid, type GraphDocument, type GraphDocumentInput } from "../schema/index.js";
import type { MemoryRequest, MemoryResult } from "./protocol";
import { openTestHost } from "./testing/openTestHost";

const at = { x: 0, y: 0 };

/** Two agents with memory: Support remembers "I like X" and recalls on "what do I like"; Billing only recalls. */
const team = assertValid({
  version: 1,
  meta: { id: "desk.v2", name: "Desk" },
  models: [{ id: "scripted", provider: "scripted", model: "scripted" }],
  nodes: [
    { id: "start", kind: "start", position: at },
    {
      id: "support",
      kind: "agent",
      position: at,
      data: {
        name: "Support",
        model: "scripted",
        memory: true,
        script: {
          rules: [
            { match: "I like (?<what>\\w+)", tool_calls: [{ name: "remember", args: { key: "likes", content: "The user likes {{ match.what }}" } }] },
            { match: "what do I like", tool_calls: [{ name: "recall", args: {} }] },
            { on: "tool", reply: "Memory: {{ tool_result }}" },
          ],
        },
      },
    },
    { id: "end", kind: "end", position: at },
  ],
  edges: [
    { id: "e1", kind: "flow", source: "start", target: "support" },
    { id: "e2", kind: "flow", source: "support", target: "end" },
  ],
} satisfies GraphDocumentInput);

/** A host on the database `name` of `factory`, as the worker builds it after each page load. */
function openHost(factory: IDBFactory) {
  const { database, host, posts, eventsOf } = openTestHost("engine-host-memory", {
    indexedDB: factory,
    with: ({ database }) => ({ store: new IdbStore({ database }) }),
  });
  let runs = 0;
  return {
    database,
    /** Runs one turn in `thread` and returns the last reply. */
    async say(message: string, thread: string): Promise<string> {
      const runId = asRunId(`run_${thread}_${++runs}`);
      await host.handle({ type: "run", runId, threadId: asThreadId(thread), graphId: asGraphId(team.meta.id), document: team, message });
      const replies = eventsOf(runId).flatMap((e) => (e.type === "ai_message" && e.content ? [e.content] : []));
      return replies.at(-1) ?? "";
    },
    /** Runs the graph's tests given here, as Run tests does; returns the report. */
    async runTests(tests: GraphDocument["tests"]) {
      const requestId = `tests${posts.length}`;
      await host.handle({ type: "run_tests", requestId, document: { ...team, tests } });
      const answer = posts.find((m) => m.type === "tests_result" && m.requestId === requestId);
      return answer?.type === "tests_result" ? answer.report : null;
    },
    async memory(request: Omit<MemoryRequest, "type" | "requestId" | "graphId">): Promise<MemoryResult> {
      const requestId = `r${posts.length}`;
      await host.handle({ type: "memory", requestId, graphId: team.meta.id, ...request });
      const answer = posts.find((m): m is MemoryResult => m.type === "memory_result" && m.requestId === requestId);
      if (!answer) throw new Error("the host did not answer the memory request");
      return answer;
    },
  };
}

describe("engine host long-term memory", () => {
  it("recalls in another thread after a reload what an agent remembered, and lists it for the Memory panel", async () => {
    const factory = new IDBFactory();
    const first = openHost(factory);
    expect(await first.say("I like tea", "t1")).toContain('Remembered "likes"');
    await first.database.close();

    const reloaded = openHost(factory);
    expect(await reloaded.say("what do I like?", "t2")).toContain("The user likes tea");
    const listed = await reloaded.memory({ op: "list" });
    expect(listed).toMatchObject({ ok: true, error: null, memories: [{ agent: "Support", key: "likes", content: "The user likes tea" }] });
    expect(Date.parse(listed.memories[0]?.updated ?? "")).not.toBeNaN();
  });

  it("runs graph tests with a memory of their own: what a test remembers it recalls, the user's memories it neither reads nor changes", async () => {
    const host = openHost(new IDBFactory());
    await host.say("I like tea", "t1");
    const turns = [{ message: "I like coffee" }, { message: "what do I like?" }];
    const report = await host.runTests([
      { id: "own", name: "Recalls its own memory", mode: "scripted", turns, assertions: [{ kind: "reply_contains", text: "The user likes coffee" }] },
      { id: "user", name: "Reads the user's memory", mode: "scripted", turns, assertions: [{ kind: "reply_contains", text: "The user likes tea" }] },
    ]);
    expect(report?.results.map((r) => [r.name, r.status, r.error])).toEqual([
      ["Recalls its own memory", "passed", null],
      ["Reads the user's memory", "failed", null],
    ]);
    expect(report?.results[1]?.assertions[0]?.actual).toContain("The user likes coffee");
    expect((await host.memory({ op: "list" })).memories.map((m) => m.content)).toEqual(["The user likes tea"]);
  });

  it("an edit in the Memory panel changes what a later recall returns; delete and clear remove memories", async () => {
    const host = openHost(new IDBFactory());
    await host.say("I like tea", "t1");
    const edited = await host.memory({ op: "update", agent: "Support", key: "likes", content: "The user likes coffee" });
    expect(edited.memories.map((m) => m.content)).toEqual(["The user likes coffee"]);
    expect(await host.say("what do I like?", "t2")).toContain("The user likes coffee");

    expect((await host.memory({ op: "delete", agent: "Support", key: "likes" })).memories).toEqual([]);
    expect(await host.say("what do I like?", "t3")).toContain("Nothing in long-term memory matches.");

    await host.say("I like tea", "t4");
    await host.say("I like jazz", "t4"); // same key: the fact is updated, not added
    expect((await host.memory({ op: "list" })).memories.map((m) => m.content)).toEqual(["The user likes jazz"]);
    expect((await host.memory({ op: "clear", agent: "Support" })).memories).toEqual([]);
  });

  it("refuses an edit of a memory that is gone, or an empty one, saying why", async () => {
    const host = openHost(new IDBFactory());
    expect(await host.memory({ op: "update", agent: "Support", key: "likes", content: "x" })).toMatchObject({
      ok: false,
      error: expect.stringContaining('Support has no memory "likes"'),
    });
    await host.say("I like tea", "t1");
    expect(await host.memory({ op: "update", agent: "Support", key: "likes", content: "  " })).toMatchObject({
      ok: false,
      error: expect.stringContaining("cannot be empty"),
    });
    expect((await host.memory({ op: "list" })).memories.map((m) => m.content)).toEqual(["The user likes tea"]);
  });
});
