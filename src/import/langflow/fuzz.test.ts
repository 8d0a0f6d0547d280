/**
 * Hostile Langflow files: 2,000 mutations of the fixtures (fields dropped, replaced with other
 * types or huge strings, elements duplicated, `__proto__` keys, edges to missing components,
 * cycles, deep nesting) each either fail with an ImportError or give a valid graph whose report
 * lists every component once; none throws anything else or changes a prototype.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { graphDocumentSchema } from "../../schema/index.js";
import { ImportError, importForeign, readForeignFile } from "../index.js";

type Value = null | boolean | number | string | Value[] | { [key: string]: Value };
const context = { graphId: "imported-fuzz", now: "2026-12-05T00:00:00.000Z" };
const FIXTURES = path.join(import.meta.dirname, "fixtures");
/** What the importer reads of a template field and of a component; the rest (code, info, options) only makes files big. */
const FIELD_KEYS = new Set(["value", "type", "password", "_input_type", "display_name", "name", "load_from_db"]);
const COMPONENT_KEYS = new Set(["display_name", "template", "outputs", "tool_mode", "flow"]);

const isRecord = (v: Value): v is { [key: string]: Value } => typeof v === "object" && v !== null && !Array.isArray(v);

/** The fixture, small: components keep what the importer reads, template fields their value and kind, `code` goes. */
function small(value: Value): Value {
  if (Array.isArray(value)) return value.map((v) => small(v));
  if (!isRecord(value)) return value;
  const out: { [key: string]: Value } = {};
  for (const [k, v] of Object.entries(value)) {
    if (k === "code" || k === "measured" || k === "viewport") continue;
    if (k === "template" && isRecord(v))
      out[k] = Object.fromEntries(
        Object.entries(v).map(([name, field]) => [
          name,
          isRecord(field) ? Object.fromEntries(Object.entries(field).filter(([f]) => FIELD_KEYS.has(f))) : field,
        ]),
      );
    else if (k === "node" && isRecord(v)) out[k] = small(Object.fromEntries(Object.entries(v).filter(([f]) => COMPONENT_KEYS.has(f))));
    else if (k === "outputs" && Array.isArray(v)) out[k] = v.filter(isRecord).map((o) => ({ name: o.name ?? "", types: o.types ?? [] }));
    else out[k] = small(v);
  }
  return out;
}

const bases: Value[] = readdirSync(FIXTURES)
  .filter((f) => f.endsWith(".json"))
  .map((f) => small(JSON.parse(readFileSync(path.join(FIXTURES, f), "utf8")) as Value));

/** Every container in the tree with the key or index of each child, in a fixed order. */
function slots(root: Value): { parent: Value[] | { [key: string]: Value }; key: string | number }[] {
  const out: { parent: Value[] | { [key: string]: Value }; key: string | number }[] = [];
  const stack: Value[] = [root];
  while (stack.length > 0) {
    const value = stack.pop() as Value;
    if (Array.isArray(value)) {
      value.forEach((child, i) => {
        out.push({ parent: value, key: i });
        stack.push(child);
      });
    } else if (isRecord(value)) {
      for (const [k, child] of Object.entries(value)) {
        out.push({ parent: value, key: k });
        stack.push(child);
      }
    }
  }
  return out;
}

const oddValue: fc.Arbitrary<Value> = fc.oneof(
  fc.constantFrom<Value>(null, true, 0, -1, 1e308, "", "{}", [], {}, "genericNode", "noteNode", "Agent", "component_as_tool", "tools", "{œnameœ: œitemœ}"),
  fc.string({ maxLength: 20 }),
  fc.integer().map((n) => "x".repeat(Math.abs(n) % 120_000)),
  fc.jsonValue({ maxDepth: 2 }) as fc.Arbitrary<Value>,
);

type Mutation =
  | { op: "drop" | "duplicate" | "proto" | "nest"; at: number }
  | { op: "replace"; at: number; value: Value }
  | { op: "dangle"; at: number; id: string }
  | { op: "cycle" };

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({ op: fc.constantFrom("drop" as const, "duplicate" as const, "proto" as const, "nest" as const), at: fc.nat() }),
  fc.record({ op: fc.constant("replace" as const), at: fc.nat(), value: oddValue }),
  fc.record({ op: fc.constant("dangle" as const), at: fc.nat(), id: fc.string({ maxLength: 12 }) }),
  fc.record({ op: fc.constant("cycle" as const) }),
);

function graphOf(root: Value): { nodes: Value[]; edges: Value[] } | null {
  const flow = isRecord(root) && Array.isArray(root.flows) ? root.flows[0] : root;
  const data = isRecord(flow as Value) ? (flow as { [key: string]: Value }).data : null;
  if (!data || !isRecord(data) || !Array.isArray(data.nodes) || !Array.isArray(data.edges)) return null;
  return { nodes: data.nodes, edges: data.edges };
}

function apply(root: Value, m: Mutation): void {
  if (m.op === "cycle") {
    const graph = graphOf(root);
    const ids = graph?.nodes.map((n) => (isRecord(n) ? n.id : null)).filter((id): id is string => typeof id === "string") ?? [];
    if (graph && ids.length > 1)
      graph.edges.push({
        source: ids[ids.length - 1] as string,
        target: ids[0] as string,
        sourceHandle: "{œnameœ: œresponseœ}",
        targetHandle: "{œfieldNameœ: œinput_valueœ}",
      });
    return;
  }
  if (m.op === "dangle") {
    const edges = graphOf(root)?.edges ?? [];
    const edge = edges[m.at % Math.max(1, edges.length)];
    if (isRecord(edge as Value)) (edge as { [key: string]: Value })[m.at % 2 === 0 ? "source" : "target"] = m.id;
    return;
  }
  const all = slots(root);
  if (all.length === 0) return;
  const { parent, key } = all[m.at % all.length] as (typeof all)[number];
  const current = (parent as Record<string | number, Value>)[key] as Value;
  if (m.op === "drop") {
    if (Array.isArray(parent)) parent.splice(key as number, 1);
    else delete parent[key as string];
  } else if (m.op === "duplicate") {
    if (Array.isArray(parent)) parent.splice(key as number, 0, structuredClone(current));
    else parent[`${key}_copy`] = structuredClone(current);
  } else if (m.op === "replace")
    (parent as Record<string | number, Value>)[key] = structuredClone(m.value); // a copy: a later step may write inside it
  else if (m.op === "nest") {
    let deep: Value = current;
    for (let i = 0; i < 200; i++) deep = [deep];
    (parent as Record<string | number, Value>)[key] = deep;
  } else if (isRecord(current))
    Object.defineProperty(current, "__proto__", { value: { polluted: true }, enumerable: true, configurable: true, writable: true });
}

/** Imports the first flow of the file: a valid graph listing each component once, or an ImportError. */
function importOrRefuse(text: string): "imported" | "refused" {
  try {
    const flow = readForeignFile(text).flows[0]?.name;
    const { document, report } = importForeign(text, { ...context, ...(flow !== undefined ? { flow } : {}) });
    graphDocumentSchema.parse(document);
    const ids = report.nodes.map((n) => n.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(report.nodes.filter((n) => n.reason === "not read")).toEqual([]);
    return "imported";
  } catch (error) {
    if (!(error instanceof ImportError)) throw error;
    return "refused";
  }
}

describe("hostile Langflow files", () => {
  it("give a clear ImportError or a valid graph, never another throw or a prototype change", () => {
    const outcomes = { imported: 0, refused: 0 };
    fc.assert(
      fc.property(fc.nat({ max: bases.length - 1 }), fc.array(mutation, { minLength: 1, maxLength: 4 }), (base, mutations) => {
        const root = structuredClone(bases[base]) as Value;
        for (const m of mutations) apply(root, m);
        outcomes[importOrRefuse(JSON.stringify(root))] += 1;
        expect(({} as Record<string, unknown>).polluted).toBeUndefined();
      }),
      { numRuns: 2000 },
    );
    // Both happen: the mutations reach the converter, not only the reader's refusals.
    expect(outcomes.imported).toBeGreaterThan(200);
    expect(outcomes.refused).toBeGreaterThan(20);
    // A few seconds alone; the budget leaves room for a loaded machine running the whole suite.
  }, 90_000);
});
