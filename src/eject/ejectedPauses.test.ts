// Pauses and handoffs in the ejected graph behave as in our engine: the same documents and turns,
// played on both, pause with the same payloads, take the same answers and end in the same state.
// The generated src/graph.ts is loaded for real (it imports `@langchain/langgraph`'s Node entry, so
// this file runs isolated, see vite.config.ts).
import { readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { HumanMessage } from "@langchain/core/messages";
import { Command, MemorySaver } from "@langchain/langgraph";
import { collectRun, compileGraph, runTests, type RunEvent } from "../engine/index.js";
import { assertValid, type GraphDocument } from "../schema/index.js";
import { importEjectedGraph } from "../../tests/support/ejectedProject.js";
import { testServices } from "../../tests/support/services.js";
import { nestedHandoffsDocument, reachedBothWaysDocument } from "./testing/nestedHandoffs.js";
import { pausesDocument } from "./testing/pausesDocument.js";

const EXAMPLES = path.resolve(import.meta.dirname, "../../examples");
const readExample = (name: string): GraphDocument => assertValid(JSON.parse(readFileSync(path.join(EXAMPLES, `${name}.json`), "utf8")));

const written: string[] = [];
afterAll(() => written.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

const ofType = <T extends RunEvent["type"]>(events: RunEvent[], type: T) => events.filter((e): e is Extract<RunEvent, { type: T }> => e.type === type);

interface PausingGraph {
  invoke(input: unknown, config: { configurable: { thread_id: string } }): Promise<Record<string, unknown> & { __interrupt__?: { value: unknown }[] }>;
}

describe("the ejected pauses wait and resume as the graph does", () => {
  const document = assertValid(pausesDocument());

  it("passes the document's tests on our engine: they say what the graph does", async () => {
    const report = await runTests(document, testServices());
    expect(report.results.filter((r) => r.status !== "passed").map((r) => r.name)).toEqual([]);
    expect(report.passed).toBe(document.tests.length);
  });

  it.each(document.tests.map((t) => [t.name, t] as const))("%s: same pauses, payloads and outcome", async (_name, test) => {
    await expectSamePauses(`pauses-${test.id}`, document, test.turns, (state) => ({
      results: state.results,
      label: state.label,
      reply: (state.messages as { text?: string; content?: unknown }[]).at(-1),
    }));
  });

  it("asks again at Execute's confirmation after an answer that does not fit, with the graph's reason", async () => {
    const turns = [{ message: "delete task 7" }, { resume: { decision: "maybe" } }, { resume: { decision: "edit", args: { id: "8" } } }];
    await expectSamePauses("execute-refused", readExample("personal-assistant"), turns, (state) => ({ reply: (state.messages as unknown[]).at(-1) }));
  });
});

/**
 * Plays the same turns (messages and answers to pauses) on our engine and the ejected graph: each
 * pauses with the same payload or not at all, and `outcome` of the state after the last is the same.
 * A refused answer leaves the graph's pause as it was and says why in an error event; the ejected
 * graph asks again, with that reason in the payload's `error`.
 */
async function expectSamePauses(
  name: string,
  document: GraphDocument,
  turns: readonly ({ message: string } | { resume: unknown })[],
  outcome: (state: Record<string, unknown>) => Record<string, unknown>,
) {
  const compiled = compileGraph(document, testServices());
  const { createGraph } = (await importEjectedGraph(name, document, written)) as unknown as {
    createGraph(options: { checkpointer: MemorySaver }): PausingGraph;
  };
  const ejected = createGraph({ checkpointer: new MemorySaver() });
  const config = { configurable: { thread_id: name } };
  const text = (message: unknown) =>
    (message as { text?: string; content?: unknown } | undefined)?.text ?? (message as { content?: unknown } | undefined)?.content;
  for (const turn of turns) {
    const input = "message" in turn ? { message: turn.message } : { message: "", resume: { value: turn.resume } };
    const events = await collectRun(compiled, input, { threadId: name });
    const state = await ejected.invoke("message" in turn ? { messages: [new HumanMessage(turn.message)] } : new Command({ resume: turn.resume }), config);
    const refused = ofType(events, "error")[0]?.message;
    const asked = (state.__interrupt__ ?? []).map((i) => i.value as Record<string, unknown>);
    expect(asked.map(({ error: _error, ...payload }) => payload)).toEqual(ofType(events, "interrupt").map((e) => e.payload));
    if (refused !== undefined) expect(asked.map((p) => p.error)).toEqual([refused]);
    const final = ofType(events, "final_state")[0]?.state;
    if (!final) continue;
    const mine = outcome(state);
    const graph = outcome(final);
    expect({ ...mine, reply: text(mine.reply) }).toEqual({ ...graph, reply: text(graph.reply) });
  }
}

/** Plays the same conversations on our engine and the ejected graph: each turn ends with the same messages, by the same agents, and the same active agent. */
async function expectSameTurns(name: string, document: GraphDocument, conversations: Record<string, string[]>) {
  const compiled = compileGraph(document, testServices());
  const { createGraph } = (await importEjectedGraph(name, document, written)) as unknown as {
    createGraph(options: { checkpointer: MemorySaver }): PausingGraph;
  };
  const ejected = createGraph({ checkpointer: new MemorySaver() });
  const said = (m: { name?: string; text?: string; content?: unknown }) => `${m.name ?? "(tool or user)"}: ${m.text ?? String(m.content)}`;
  for (const [thread, messages] of Object.entries(conversations)) {
    for (const message of messages) {
      const events = await collectRun(compiled, { message }, { threadId: thread });
      const graph = events.flatMap((e) => (e.type === "final_state" ? [e.state] : []))[0] as {
        messages: { name?: string; content: string }[];
        active_agent: string;
      };
      const state = (await ejected.invoke({ messages: [new HumanMessage(message)] }, { configurable: { thread_id: thread } })) as unknown as {
        messages: { name?: string; text: string }[];
        active_agent: string;
      };
      const turn = (list: { name?: string }[], active: string) => ({ message, tail: list.slice(-3).map(said), active });
      expect(turn(state.messages, state.active_agent)).toEqual(turn(graph.messages, graph.active_agent));
    }
  }
}

describe("the ejected handoffs route as the graph does", () => {
  it("passes the nested handoffs' tests on our engine: they say what the graph does", async () => {
    const report = await runTests(assertValid(nestedHandoffsDocument()), testServices());
    expect(report.results.filter((r) => r.status !== "passed").map((r) => r.name)).toEqual([]);
    expect(report.passed).toBe(2);
  });

  it("reaches an agent two handoffs down by @name and by a lasting handoff, and request_help gives the turn back one level", async () => {
    const conversations = { long: ["bill me", "refund please", "still there?", "help me", "and now?"], direct: ["@Refunds hi", "ok"] };
    await expectSameTurns("nested-handoffs-run", assertValid(nestedHandoffsDocument()), conversations);
  });

  it("runs an agent reached both through a handoff and as a node with no supervisor as a node, and keeps the active agent as the graph does", async () => {
    await expectSameTurns("reached-both-run", assertValid(reachedBothWaysDocument()), { t: ["hello", "tools", "go", "tools please", "@Helper tools"] });
  });
});
