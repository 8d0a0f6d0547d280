// The ejected graph is the graph our compiler builds: same nodes, same edges, per template. The
// generated src/graph.ts is loaded for real (it imports `@langchain/langgraph`'s Node entry, so
// this file runs isolated, see vite.config.ts).
import { readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { HumanMessage } from "@langchain/core/messages";
import { compileGraph } from "../engine/index.js";
import { assertValid, type GraphDocument } from "../schema/index.js";
import { docWith } from "../schema/fixtures/builders.js";
import { projectDir, writeProject } from "../../tests/support/ejectedProject.js";
import { testServices } from "../../tests/support/services.js";
import { ejectDocument } from "./index.js";

const EXAMPLES = path.resolve(import.meta.dirname, "../../examples");
const readExample = (name: string): GraphDocument => assertValid(JSON.parse(readFileSync(path.join(EXAMPLES, `${name}.json`), "utf8")));

/** Templates the exporter covers: their generated graph must match the compiled one. */
const IN_SCOPE = ["weather-assistant", "number-cruncher", "support-desk", "supervisor-team", "main-agent-team"];
/** Templates with parts not exported yet, and the nodes their TODO list must name. */
const WITH_TODOS: Record<string, string[]> = {
  "personal-assistant": ["Check", "Plan", "Execute", "Reply"],
  "routed-support": ["Triage", "Finalize"],
  "sage-loop": [
    "is_task",
    "greeter",
    "start_task",
    "task_loop",
    "task_planning",
    "task_executor",
    "task_observation",
    "task_completion_judge",
    "record_verdict",
    "task_summary",
  ],
};

const written: string[] = [];
function ejectedDir(name: string): string {
  const dir = projectDir(`structure-${name}`);
  written.push(dir);
  return dir;
}
afterAll(() => written.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

interface Shape {
  nodes: string[];
  edges: string[];
}

interface DrawableGraph {
  getGraph(): { nodes: Record<string, unknown>; edges: { source: string; target: string }[] };
}

/** Nodes and edges of a compiled graph, without LangGraph's own start and end nodes and without `_entry`, our per-turn router. */
function shapeOf(graph: DrawableGraph, startTargets: readonly string[] | null): Shape {
  const drawn = graph.getGraph();
  const hidden = new Set(["__start__", "__end__", "_entry"]);
  const nodes = Object.keys(drawn.nodes).filter((id) => !hidden.has(id));
  const edges = drawn.edges.filter((e) => e.source !== "_entry" && e.target !== "_entry").map((e) => `${e.source} -> ${e.target}`);
  // Our compiler starts each turn at `_entry`, which goes on to the Start node's targets (or a named agent).
  if (startTargets) edges.push(...startTargets.map((target) => `__start__ -> ${target}`));
  return { nodes: nodes.sort(), edges: [...new Set(edges)].sort() };
}

async function loadEjected(name: string, document: unknown): Promise<{ createGraph(): DrawableGraph }> {
  const dir = writeProject(ejectedDir(name), await ejectDocument(document));
  return (await import(pathToFileURL(path.join(dir, "src/graph.ts")).href)) as { createGraph(): DrawableGraph };
}

describe("the ejected graph's structure", () => {
  it.each(IN_SCOPE)("%s has the nodes and edges our compiler builds", async (name) => {
    const document = readExample(name);
    const compiled = compileGraph(document, testServices());
    const start = document.nodes.find((n) => n.kind === "start");
    const startTargets = document.edges
      .filter((e) => e.source === start?.id && e.kind === "flow")
      .map((e) => {
        const target = document.nodes.find((n) => n.id === e.target);
        return target?.kind === "end" ? "__end__" : [...compiled.nodesByName].find(([, node]) => node.id === e.target)?.[0];
      })
      .filter((t): t is string => t !== undefined);
    const expected = shapeOf(compiled.graph as unknown as DrawableGraph, startTargets);
    const ejected = await loadEjected(name, document);
    const actual = shapeOf(ejected.createGraph(), null);
    expect(actual).toEqual(expected);
    expect(actual.nodes.length).toBeGreaterThan(0);
  });

  it.each(Object.entries(WITH_TODOS))("%s lists a TODO for each node it cannot export yet", async (name, nodes) => {
    const { todos } = await ejectDocument(readExample(name));
    expect(todos.length).toBeGreaterThan(0);
    const named = new Set(todos.map((t) => t.name));
    for (const node of nodes) expect(named, `no TODO names ${node}`).toContain(node);
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
});
