// Knowledge bases in the worker: an agent's search_<name> reads the index the knowledge worker
// stored for its graph, only the files the base lists, and says so when the base is gone.
import "fake-indexeddb/auto";
import { describe, expect, it } from "vitest";
import { asGraphId, asRunId, asThreadId } from "../schema/index.js";
import { knowledgeDesk, openKnowledgeHost } from "./testing/knowledgeDesk";

const GRAPH = "desk.kb";
const desk = (files: string[]) => knowledgeDesk(GRAPH, files);

function openHost() {
  const { host, posts, indexing, eventsOf } = openKnowledgeHost("engine-host-knowledge");
  let runs = 0;
  return {
    indexing,
    host,
    posts,
    async ask(message: string, files: string[]) {
      const runId = asRunId(`run_${++runs}`);
      await host.handle({ type: "run", runId, threadId: asThreadId(`t${runs}`), graphId: asGraphId(GRAPH), document: desk(files), message });
      const result = eventsOf(runId).find((e) => e.type === "tool_result");
      return result?.type === "tool_result" ? result : undefined;
    },
  };
}

describe("engine host knowledge bases", () => {
  it("answers search_<name> from the stored base, naming each passage's file, and only listed files", async () => {
    const host = openHost();
    await host.indexing.add(GRAPH, "kb-faq", [
      { name: "returns.md", bytes: 10, text: "# Returns\n\nReturn any item within 30 days for a refund." },
      { name: "shipping.md", bytes: 10, text: "# Shipping\n\nExpress delivery to Paris takes one day." },
    ]);

    const both = await host.ask("express delivery Paris", ["returns.md", "shipping.md"]);
    expect(both?.error).toBeNull();
    expect(JSON.parse(String(both?.result))).toMatchObject({
      knowledge_base: "faq",
      results: [{ source: "shipping.md", text: expect.stringContaining("Paris") as string }],
    });

    const returnsOnly = await host.ask("express delivery Paris", ["returns.md"]);
    expect(String(returnsOnly?.result)).not.toContain("shipping.md");
  });

  it("runs the graph's tests against its stored knowledge bases, as its threads search them", async () => {
    const host = openHost();
    await host.indexing.add(GRAPH, "kb-faq", [{ name: "shipping.md", bytes: 10, text: "# Shipping\n\nExpress delivery to Paris takes one day." }]);
    const document = {
      ...desk(["shipping.md"]),
      tests: [
        {
          id: "paris",
          name: "Paris delivery is found",
          mode: "scripted" as const,
          turns: [{ message: "express delivery Paris" }],
          assertions: [{ kind: "reply_contains" as const, text: "Express delivery to Paris takes one day" }],
        },
      ],
    };
    await host.host.handle({ type: "run_tests", requestId: "r1", document });
    const answer = host.posts.find((m) => m.type === "tests_result");
    expect(answer?.type === "tests_result" && answer.report?.results.map((r) => [r.status, r.assertions.filter((a) => !a.passed)])).toEqual([["passed", []]]);
  });

  it("turns a search of a base with no stored index into a tool error naming the base", async () => {
    const host = openHost();
    const result = await host.ask("refund", ["returns.md"]);
    expect(result?.error).toMatch(/Knowledge base "faq" cannot be searched: it has no stored index in this browser/);
  });
});
