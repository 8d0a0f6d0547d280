// The ejected graph is the graph our compiler builds: same nodes, same edges, per template. The
// generated src/graph.ts is loaded for real (it imports `@langchain/langgraph`'s Node entry, so
// this file runs isolated, see vite.config.ts).
import { readdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { HumanMessage } from "@langchain/core/messages";
import { compileGraph } from "../engine/index.js";
import { assertValid, type GraphDocument } from "../schema/index.js";
import { conditionalEdge, docWith, flowEdge, framedDoc, handleEdge, plainNode } from "../schema/fixtures/builders.js";
import { projectDir, writeProject } from "../../tests/support/ejectedProject.js";
import { testServices } from "../../tests/support/services.js";
import { shapeOf, type DrawableGraph } from "../../tests/support/graphShape.js";
import { ejectDocument } from "./index.js";
import { wiredToolsGraph } from "./testing/wiredToolsGraph.js";
import { nestedHandoffsDocument, reachedBothWaysDocument } from "./testing/nestedHandoffs.js";
import { pausesDocument } from "./testing/pausesDocument.js";

const EXAMPLES = path.resolve(import.meta.dirname, "../../examples");
const readExample = (name: string): GraphDocument => assertValid(JSON.parse(readFileSync(path.join(EXAMPLES, `${name}.json`), "utf8")));

/** Every template: the exporter covers them all, so their generated graph must match the compiled one. */
const TEMPLATES = readdirSync(EXAMPLES)
  .filter((file) => file.endsWith(".json"))
  .map((file) => file.replace(/\.json$/, ""))
  .sort();

const written: string[] = [];
function ejectedDir(name: string): string {
  const dir = projectDir(`structure-${name}`);
  written.push(dir);
  return dir;
}
afterAll(() => written.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

async function loadEjected(name: string, document: unknown): Promise<{ createGraph(): DrawableGraph }> {
  const dir = writeProject(ejectedDir(name), await ejectDocument(document));
  return (await import(pathToFileURL(path.join(dir, "src/graph.ts")).href)) as { createGraph(): DrawableGraph };
}

/** Every template, and the documents that exercise what no template uses. */
const DOCUMENTS: [string, () => GraphDocument][] = [
  ...TEMPLATES.map((name): [string, () => GraphDocument] => [name, () => readExample(name)]),
  ["pauses", () => assertValid(pausesDocument())],
  ["nested-handoffs", () => assertValid(nestedHandoffsDocument())],
  ["reached-both-ways", () => assertValid(reachedBothWaysDocument())],
];

describe("the ejected graph's structure", () => {
  it.each(DOCUMENTS)("%s has the nodes and edges our compiler builds", async (name, read) => {
    const document = read();
    const compiled = compileGraph(document, testServices());
    const start = document.nodes.find((n) => n.kind === "start");
    const startTargets = document.edges
      .filter((e) => e.source === start?.id && e.kind === "flow")
      .map((e) => {
        const target = document.nodes.find((n) => n.id === e.target);
        return target?.kind === "end" ? "__end__" : [...compiled.nodesByName].find(([, node]) => node.id === e.target)?.[0];
      })
      .filter((t): t is string => t !== undefined);
    // A leading "@name" starts the turn at that top-level agent, when turns could start elsewhere.
    const drawn = Object.keys((compiled.graph as unknown as DrawableGraph).getGraph().nodes);
    const topLevel = [...compiled.nodesByName].filter(([name, node]) => node.kind === "agent" && drawn.includes(name)).map(([name]) => name);
    if (topLevel.length > 1 || topLevel.some((name) => !startTargets.includes(name))) startTargets.push(...topLevel);
    const expected = shapeOf(compiled.graph as unknown as DrawableGraph, startTargets);
    const ejected = await loadEjected(name, document);
    const actual = shapeOf(ejected.createGraph(), null);
    expect(actual).toEqual(expected);
    expect(actual.nodes.length).toBeGreaterThan(0);
  });

  it.each(DOCUMENTS)("%s ejects with no TODO: everything it does is in the code", async (_name, read) => {
    const { todos, files } = await ejectDocument(read());
    expect(todos).toEqual([]);
    expect(files.filter((f) => f.text.includes("TODO(")).map((f) => f.path)).toEqual([]);
  });

  it("keeps the document's channels with their reducers and defaults", async () => {
    const document = docWith((doc) => {
      doc.state = {
        channels: [
          { name: "notes", type: "string", reducer: "append" },
          { name: "facts", type: "object", reducer: "merge", default: { a: 1 } },
          { name: "count", type: "number" },
          { name: "flag", type: "boolean", default: true },
        ],
      };
    });
    const dir = writeProject(ejectedDir("channels"), await ejectDocument(document));
    const { createGraph } = (await import(pathToFileURL(path.join(dir, "src/graph.ts")).href)) as {
      createGraph(): { invoke(input: Record<string, unknown>): Promise<Record<string, unknown>> };
    };
    const state = await createGraph().invoke({ messages: [new HumanMessage("hello")], notes: ["first", "second"], facts: { b: 2 } });
    expect(state).toMatchObject({ notes: ["first", "second"], facts: { a: 1, b: 2 }, count: null, flag: true });
  });

  it("keeps prompts with backticks, ${, */, backslashes and Unicode exactly as written", async () => {
    const prompt = "Use `tools` for ${price} */ C:\\temp\\n ☕ 天气 \u2028 {{ input }}";
    const document = docWith((doc) => {
      doc.nodes[1].data.system_prompt = prompt;
      doc.nodes[1].data.description = "Ends a comment */ early? No.";
    });
    const dir = writeProject(ejectedDir("escaping"), await ejectDocument(document));
    const prompts = (await import(pathToFileURL(path.join(dir, "src/prompts.ts")).href)) as Record<string, string>;
    expect(prompts.assistant).toBe(prompt);
    const graph = (await import(pathToFileURL(path.join(dir, "src/graph.ts")).href)) as { createGraph(): DrawableGraph };
    expect(Object.keys(graph.createGraph().getGraph().nodes)).toContain("Assistant");
  });

  it("HTTP and MCP tools on a profile with fallbacks give the nodes and edges our compiler builds", async () => {
    const document = assertValid(wiredToolsGraph({ http: "http://127.0.0.1:9", mcp: "http://127.0.0.1:9/mcp" }));
    const expected = shapeOf(compileGraph(document, testServices()).graph as unknown as DrawableGraph, ["Assistant"]);
    expect(shapeOf((await loadEjected("wired-shape", document)).createGraph(), null)).toEqual(expected);
  });
});

interface RunnableGraph {
  invoke(
    input: Record<string, unknown>,
  ): Promise<{ messages: { id?: string; text: string; name?: string; getType(): string }[]; route: Record<string, unknown> | null }>;
}

describe("the ejected Routed support runs as the graph does", () => {
  let graph: RunnableGraph;
  const turn = (message: string) => graph.invoke({ messages: [new HumanMessage(message)] });
  const replyOf = (state: Awaited<ReturnType<typeof turn>>) => state.messages.at(-1)?.text ?? "";

  it("checks the crisis gate before the billing rule, and Finalize stamps the route, agent and reply", async () => {
    const dir = writeProject(ejectedDir("routed-run"), await ejectDocument(readExample("routed-support")));
    const ejected = (await import(pathToFileURL(path.join(dir, "src/graph.ts")).href)) as { createGraph(options?: { now?: () => Date }): RunnableGraph };
    graph = ejected.createGraph({ now: () => new Date(Date.UTC(2026, 2, 14)) });
    const state = await turn("I was charged twice and I can't go on. I'm in the UK");
    expect(state.route).toMatchObject({
      router: "Triage",
      kind: "crisis",
      rule: "crisis_phrases",
      match: "regex",
      gate: true,
      agent: "Crisis",
      duration_ms: 0,
    });
    expect(state.route?.response).toBe(replyOf(state));
    expect(replyOf(state)).toContain("116 123");
  });

  it("answers from the forced tool's fallback when the model skips the tool", async () => {
    const state = await turn("I want to die");
    expect(state.route).toMatchObject({ kind: "crisis", rule: "crisis_keywords" });
    // Without a region the scripted Crisis model answers without calling lookup_crisis_resources.
    expect(state.messages.some((m) => m.getType() === "tool" && m.text.includes("app fallback; the lookup did not run"))).toBe(true);
    expect(replyOf(state)).toContain("app fallback; the lookup did not run");
  });

  it("strips pseudo tool calls from the replies of an agent that sanitizes", async () => {
    const state = await turn("hello");
    expect(state.route).toMatchObject({ kind: "default", rule: null, agent: "General" });
    expect(replyOf(state)).toBe(
      "Hi! This is the support desk. I can sort out billing (invoices, refunds), check an order or answer a help-centre question. What can I do for you?",
    );
  });

  it("starts a turn that begins with @name at that agent, without the Router", async () => {
    const state = await turn("@Billing hello");
    expect(state.messages.at(-1)?.name).toBe("Billing");
    // No Router ran this turn: Finalize records the default path, with no router and no rule.
    expect(state.route).toMatchObject({ router: "", kind: "default", rule: null, agent: "Billing" });
    expect(state.route?.turn).toBe(state.messages.findLast((m) => m.getType() === "human")?.id);
  });
});

describe("the ejected flow kinds run as the graph does", () => {
  const channels = [
    { name: "count", type: "number", default: 0 },
    { name: "label", type: "string", default: "" },
  ];
  const setNode = (id: string, channel: string, expression: string) => plainNode(id, "set_state", { name: id, assignments: [{ channel, expression }] });

  it("tries conditional edges in order, the first that holds wins, and flow edges are the default way", async () => {
    const document = assertValid(
      framedDoc(
        [setNode("mark", "count", "state.count + 1"), setNode("big", "label", '"big"'), setNode("small", "label", '"small"')] as never,
        [
          flowEdge("e0", "start", "mark"),
          conditionalEdge("e1", "mark", "end", 'input.matches("^stop")'),
          conditionalEdge("e2", "mark", "big", "state.count > 5"),
          flowEdge("e3", "mark", "small"),
          flowEdge("e4", "big", "end"),
          flowEdge("e5", "small", "end"),
        ] as never,
        { state: { channels } } as never,
      ),
    );
    const ejected = await loadEjected("conditional", document);
    expect(shapeOf(ejected.createGraph(), null)).toEqual(shapeOf(compileGraph(document, testServices()).graph as unknown as DrawableGraph, ["mark"]));
    const graph = ejected.createGraph() as unknown as { invoke(input: Record<string, unknown>): Promise<Record<string, unknown>> };
    const run = (message: string, count: number) => graph.invoke({ messages: [new HumanMessage(message)], count });
    expect(await run("go", 5)).toMatchObject({ count: 6, label: "big" });
    expect(await run("go", 0)).toMatchObject({ count: 1, label: "small" });
    expect(await run("stop now", 9)).toMatchObject({ count: 10, label: "" });
  });

  it("stops a Loop whose on_limit is error with an error that names it", async () => {
    const document = assertValid(
      framedDoc(
        [plainNode("spin", "loop", { name: "spin", condition: "true", max_loops: 2, on_limit: "error" }), setNode("step", "count", "state.count + 1")] as never,
        [flowEdge("e0", "start", "spin"), handleEdge("spin", "step", "body"), flowEdge("e1", "step", "spin"), handleEdge("spin", "end", "exit")] as never,
        { state: { channels } } as never,
      ),
    );
    const graph = (await loadEjected("loop-error", document)).createGraph() as unknown as { invoke(input: Record<string, unknown>): Promise<unknown> };
    await expect(graph.invoke({ messages: [new HumanMessage("go")] })).rejects.toThrow('Loop "spin" reached max_loops (2) while true still held');
  });

  it("answers an empty message at once and a too-long one with its length, without planning", async () => {
    const graph = (await loadEjected("validate", readExample("personal-assistant"))).createGraph() as unknown as {
      invoke(input: Record<string, unknown>): Promise<{ messages: { text: string; name?: string }[]; actions: unknown; results: Record<string, unknown> }>;
    };
    const empty = await graph.invoke({ messages: [new HumanMessage("   ")] });
    expect(empty.messages.at(-1)).toMatchObject({ name: "Check", text: expect.stringContaining("Please tell me what you need") });
    expect(empty.results.Check).toEqual({ valid: false, reason: "empty", length: 3 });
    expect(empty.actions).toBeNull();
    const long = await graph.invoke({ messages: [new HumanMessage("☕".repeat(2001))] });
    expect(long.messages.at(-1)?.text).toBe("That's a lot to take in. Please keep requests under 2000 characters (yours has 2001).");
  });
});
