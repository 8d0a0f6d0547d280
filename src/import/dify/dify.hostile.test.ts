/**
 * Dify files from strangers: mutated fixtures (fields dropped, replaced, duplicated, of the
 * wrong type, huge, `__proto__` keys, edges to missing nodes, cycles, deep nesting) either are
 * refused with an ImportError or give a graph that passes the schema; nothing else is thrown,
 * no prototype changes. And the bad inputs of the issue: empty, alias bombs, a big file.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { stringify } from "yaml";
import { graphDocumentSchema } from "../../schema/index.js";
import { importForeign, ImportError } from "../index.js";
import { fixtureData, IMPORT_CONTEXT } from "./testing/fixtures.js";

/** The smaller fixtures, so each mutated file stays small and the property runs in seconds. */
const SEEDS = ["counting-loop", "refund-approval", "parent-flow", "travel-agent-chat", "future-version", "pricing-bot-v0.1", "translate-subflow"].map((name) =>
  fixtureData(name),
);

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Path = (string | number)[];

/** Every path into a value (containers and leaves), depth first. */
function paths(value: Json, at: Path = [], out: Path[] = []): Path[] {
  out.push(at);
  if (Array.isArray(value)) value.forEach((v, i) => paths(v, [...at, i], out));
  else if (value !== null && typeof value === "object") for (const [k, v] of Object.entries(value)) paths(v, [...at, k], out);
  return out;
}

function parentOf(root: Json, path: Path): { parent: Json; key: string | number } | null {
  if (path.length === 0) return null;
  let parent: Json = root;
  for (const key of path.slice(0, -1)) parent = (parent as Record<string | number, Json>)[key] as Json;
  return parent !== null && typeof parent === "object" ? { parent, key: path[path.length - 1] as string | number } : null;
}

const deep = (depth: number): Json => (depth === 0 ? "bottom" : { nested: deep(depth - 1) });

const replacement = fc.oneof(
  fc.constantFrom<Json>(
    null,
    true,
    0,
    -1,
    1e308,
    "",
    "x".repeat(200_000),
    [],
    {},
    "{{#sys.query#}}",
    "{{#missing.field#}}",
    "<p>html <b>bold</b></p>",
    "__proto__",
    "../../etc/passwd",
  ),
  fc.integer({ min: 5, max: 120 }).map(deep),
  fc.jsonValue({ maxDepth: 3 }) as fc.Arbitrary<Json>,
);

type Mutation = { kind: "drop" | "duplicate" | "proto" | "edgeToMissing" | "cycle" | "swapType"; at: number } | { kind: "replace"; at: number; value: Json };

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({ kind: fc.constantFrom("drop", "duplicate", "proto", "edgeToMissing", "cycle", "swapType"), at: fc.nat() }) as fc.Arbitrary<Mutation>,
  fc.record({ kind: fc.constant("replace" as const), at: fc.nat(), value: replacement }),
);

function graphOf(root: Json): { nodes: Json[]; edges: Json[] } | null {
  const graph = (root as { workflow?: { graph?: { nodes?: unknown; edges?: unknown } } })?.workflow?.graph;
  return graph && Array.isArray(graph.nodes) && Array.isArray(graph.edges) ? (graph as { nodes: Json[]; edges: Json[] }) : null;
}

function mutate(root: Json, m: Mutation): void {
  const all = paths(root);
  const path = all[m.at % all.length] as Path;
  const place = parentOf(root, path);
  const graph = graphOf(root);
  switch (m.kind) {
    case "drop":
      if (!place) return;
      if (Array.isArray(place.parent)) place.parent.splice(Number(place.key), 1);
      else delete (place.parent as Record<string, Json>)[place.key];
      return;
    case "replace":
      if (place) (place.parent as Record<string | number, Json>)[place.key] = structuredClone(m.value); // a copy: a later step may write inside it
      return;
    case "duplicate":
      if (place && Array.isArray(place.parent)) place.parent.push(structuredClone(place.parent[Number(place.key)] as Json));
      else if (graph && graph.nodes.length > 0) graph.nodes.push(structuredClone(graph.nodes[m.at % graph.nodes.length] as Json));
      return;
    case "proto": {
      const target = place && typeof place.parent === "object" && !Array.isArray(place.parent) ? place.parent : root;
      // An own "__proto__" key, as JSON.parse would make it; assigning would change the prototype instead.
      Object.defineProperty(target, "__proto__", { value: { polluted: true }, enumerable: true, configurable: true, writable: true });
      return;
    }
    case "edgeToMissing":
      graph?.edges.push({
        id: `ghost-${m.at}`,
        source: "ghost",
        sourceHandle: "source",
        target: String((graph.nodes[0] as { id?: string } | null)?.id ?? "x"),
      });
      return;
    case "cycle": {
      if (!graph || graph.nodes.length === 0) return;
      const ids = graph.nodes.map((n) => String((n as { id?: unknown } | null)?.id));
      const a = ids[m.at % ids.length] as string;
      const b = ids[(m.at >> 3) % ids.length] as string;
      graph.edges.push(
        { id: `cycle-${m.at}`, source: a, sourceHandle: "source", target: b },
        { id: `back-${m.at}`, source: b, sourceHandle: "true", target: a },
      );
      const child = graph.nodes[m.at % graph.nodes.length];
      if (child !== null && typeof child === "object" && !Array.isArray(child)) child.parentId = b;
      return;
    }
    case "swapType": {
      if (!graph || graph.nodes.length === 0) return;
      const types = [
        "start",
        "end",
        "answer",
        "llm",
        "agent",
        "if-else",
        "question-classifier",
        "iteration",
        "iteration-start",
        "loop",
        "loop-start",
        "loop-end",
        "tool",
        "http-request",
        "code",
        "knowledge-retrieval",
        "template-transform",
        "variable-aggregator",
        "variable-assigner",
        "assigner",
        "parameter-extractor",
        "human-input",
        "note",
        "trigger-webhook",
      ];
      const target = graph.nodes[m.at % graph.nodes.length] as { data?: Record<string, Json> } | null;
      if (target?.data && typeof target.data === "object") target.data.type = types[(m.at >> 2) % types.length] as string;
      return;
    }
  }
}

function expectRefusalOrValidGraph(text: string): void {
  try {
    const { document } = importForeign(text, IMPORT_CONTEXT);
    graphDocumentSchema.parse(document);
  } catch (error) {
    if (!(error instanceof ImportError)) throw error;
  }
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
}

describe("hostile Dify files", () => {
  it("are refused with an ImportError or give a valid graph, whatever is mutated, and never touch a prototype", () => {
    const started = performance.now();
    fc.assert(
      // One file in eight goes as YAML, as Dify writes it; the rest as JSON, which reads faster and reaches the same importer.
      fc.property(fc.nat(SEEDS.length - 1), fc.array(mutation, { minLength: 1, maxLength: 6 }), fc.nat(7), (seed, mutations, format) => {
        const root = structuredClone(SEEDS[seed]) as Json;
        for (const m of mutations) mutate(root, m);
        expectRefusalOrValidGraph(format === 0 ? stringify(root, { aliasDuplicateObjects: false }) : JSON.stringify(root));
      }),
      { numRuns: 2000 },
    );
    console.info(`2,000 mutated Dify files in ${Math.round(performance.now() - started)} ms`);
  }, 120_000);

  it("refuses an empty file and a file of only white space", () => {
    for (const text of ["", "   \n\t\n"]) expect(() => importForeign(text, IMPORT_CONTEXT)).toThrow(expect.objectContaining({ code: "EMPTY" }));
  });

  it("refuses a Dify file that expands YAML aliases into a bomb, without expanding it", () => {
    const lines = [
      "app:",
      "  mode: workflow",
      "  name: Bomb",
      "kind: app",
      "version: 0.3.1",
      "bomb:",
      '  a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol","lol"]',
    ];
    for (let level = 1; level < 9; level++) {
      const name = String.fromCharCode(97 + level);
      const previous = String.fromCharCode(96 + level);
      lines.push(`  ${name}: &${name} [${Array(10).fill(`*${previous}`).join(",")}]`);
    }
    lines.push("workflow:", "  graph:", "    nodes: *i", "    edges: []");
    const started = performance.now();
    expect(() => importForeign(lines.join("\n"), IMPORT_CONTEXT)).toThrow(
      expect.objectContaining({ code: "UNREADABLE", message: expect.stringMatching(/too many aliases/) }),
    );
    expect(performance.now() - started).toBeLessThan(5_000);
  });

  it("imports a big workflow within the limits in linear time, every node reported", () => {
    const count = 3_000;
    const nodes = [{ id: "start", type: "custom", position: { x: 0, y: 0 }, data: { title: "Start", type: "start", variables: [] } }];
    const edges = [];
    for (let i = 0; i < count; i++) {
      const previous = i === 0 ? "start" : `t${i - 1}`;
      const data =
        i % 2 === 0
          ? {
              title: `Step ${i}`,
              type: "llm",
              model: { provider: "openai", name: "gpt-4o-mini" },
              prompt_template: [{ role: "user", text: "{{#sys.query#}}" }],
            }
          : { title: `Step ${i}`, type: "answer", answer: `Step ${i}: {{#sys.query#}}` };
      nodes.push({ id: `t${i}`, type: "custom", position: { x: (i + 1) * 300, y: 0 }, data: data as never });
      edges.push({ id: `e${i}`, source: previous, sourceHandle: "source", target: `t${i}`, targetHandle: "target" });
    }
    const text = stringify({ app: { mode: "workflow", name: "Long chain" }, kind: "app", version: "0.3.1", workflow: { graph: { nodes, edges } } });
    const started = performance.now();
    const { document, report, problems } = importForeign(text, IMPORT_CONTEXT);
    const elapsed = performance.now() - started;
    expect(report.nodes).toHaveLength(count + 1);
    expect(document.nodes).toHaveLength(count + 2);
    expect(problems).toEqual([]);
    // Generous for a shared machine; a quadratic scan over 3,000 nodes would take far longer.
    expect(elapsed).toBeLessThan(20_000);
  });
});
