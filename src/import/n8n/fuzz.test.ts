/**
 * Hostile n8n files: the fixtures mutated thousands of ways (fields dropped, replaced, duplicated,
 * given the wrong type, huge strings, `__proto__` keys, connections to missing nodes, cycles, deep
 * nesting). Each import either refuses with an ImportError or gives a graph the schema accepts,
 * with every node reported once; nothing else is thrown and no prototype changes.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { graphDocumentSchema } from "../../schema/index.js";
import { importForeign, ImportError } from "../index.js";
import { fixtureText, IMPORT_CONTEXT, N8N_FIXTURES } from "./testing/fixtures.js";

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

const FIXTURES = N8N_FIXTURES.map((name) => JSON.parse(fixtureText(name)) as Json);

/** A value to put somewhere: any small JSON, a huge string, a prototype key, deep nesting, or an n8n-looking piece. */
const hostileValue: fc.Arbitrary<Json> = fc.oneof(
  { weight: 4, arbitrary: fc.jsonValue({ maxDepth: 2 }) as fc.Arbitrary<Json> },
  { weight: 1, arbitrary: fc.integer({ min: 1_000, max: 120_000 }).map((n) => "x".repeat(n)) },
  { weight: 1, arbitrary: fc.constant(JSON.parse('{"__proto__": {"polluted": true}, "constructor": {"prototype": {"polluted": true}}}') as Json) },
  { weight: 1, arbitrary: fc.integer({ min: 10, max: 80 }).map((depth) => Array.from({ length: depth }).reduce<Json>((inner) => ({ a: [inner] }), "deep")) },
  { weight: 1, arbitrary: fc.constantFrom<Json>("={{ $json.chatInput }}", "={{ $fromAI('x') }}", "{{ secrets.OPENAI }}", -1, 3.5, "__proto__", [], {}) },
);

/** A path into the value, as choices at each level (taken modulo the keys found there). */
const pathArb = fc.array(fc.nat(), { minLength: 0, maxLength: 6 });

type Mutation =
  | { op: "drop"; path: number[] }
  | { op: "replace"; path: number[]; value: Json }
  | { op: "duplicateNode"; index: number }
  | { op: "connect"; from: number; to: string | number; port: number; type: string }
  | { op: "rename"; index: number; name: Json };

const mutationArb: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({ op: fc.constant("drop" as const), path: pathArb }),
  fc.record({ op: fc.constant("replace" as const), path: pathArb, value: hostileValue }),
  fc.record({ op: fc.constant("duplicateNode" as const), index: fc.nat() }),
  fc.record({
    op: fc.constant("connect" as const),
    from: fc.nat(),
    // A node of the file by index (cycles, self loops) or a name that is not in it.
    to: fc.oneof(fc.nat(), fc.constantFrom("Ghost", "", "__proto__")),
    port: fc.integer({ min: 0, max: 4 }),
    type: fc.constantFrom("main", "ai_tool", "ai_languageModel", "ai_memory", "ai_outputParser", "ai_unknown"),
  }),
  fc.record({ op: fc.constant("rename" as const), index: fc.nat(), name: hostileValue }),
);

const isObject = (v: Json | undefined): v is { [key: string]: Json } => typeof v === "object" && v !== null && !Array.isArray(v);

/** Follows `path` to a container and a key in it. */
function locate(root: Json, path: number[]): { parent: Json[] | { [key: string]: Json }; key: string | number } | null {
  let parent: Json = root;
  let key: string | number | null = null;
  for (const choice of path) {
    const current: Json | undefined = key === null ? parent : (parent as Record<string, Json>)[key as string];
    if (key !== null) parent = current as Json;
    if (Array.isArray(parent) && parent.length > 0) key = choice % parent.length;
    else if (isObject(parent) && Object.keys(parent).length > 0) key = Object.keys(parent)[choice % Object.keys(parent).length] as string;
    else break;
  }
  return key === null || (!Array.isArray(parent) && !isObject(parent)) ? null : { parent: parent as Json[] | { [key: string]: Json }, key };
}

function nodesOf(root: Json): Array<{ [key: string]: Json }> {
  return isObject(root) && Array.isArray(root.nodes) ? (root.nodes.filter(isObject) as Array<{ [key: string]: Json }>) : [];
}

function apply(root: Json, mutation: Mutation): void {
  const nodes = nodesOf(root);
  switch (mutation.op) {
    case "drop": {
      const at = locate(root, mutation.path);
      if (at && Array.isArray(at.parent)) at.parent.splice(at.key as number, 1);
      else if (at) delete (at.parent as Record<string, Json>)[at.key as string];
      return;
    }
    case "replace": {
      const at = locate(root, mutation.path);
      // A copy: generated values are shared between runs, and a later mutation may edit this one.
      if (at) (at.parent as Record<string, Json>)[at.key as string] = structuredClone(mutation.value);
      return;
    }
    case "duplicateNode": {
      const node = nodes[mutation.index % Math.max(1, nodes.length)];
      if (node && isObject(root) && Array.isArray(root.nodes)) root.nodes.push(structuredClone(node));
      return;
    }
    case "connect": {
      const from = nodes[mutation.from % Math.max(1, nodes.length)];
      const to = typeof mutation.to === "number" ? nodes[mutation.to % Math.max(1, nodes.length)]?.name : mutation.to;
      // The harness itself must not write through a `__proto__` name (the guard refuses such keys in files anyway).
      if (!from || !isObject(root) || typeof from.name !== "string" || ["__proto__", "constructor", "prototype"].includes(from.name)) return;
      if (!isObject(root.connections)) root.connections = {};
      const connections = root.connections as { [key: string]: Json };
      const byType =
        Object.hasOwn(connections, from.name) && isObject(connections[from.name])
          ? (connections[from.name] as { [key: string]: Json })
          : (connections[from.name] = {});
      const ports =
        Object.hasOwn(byType, mutation.type) && Array.isArray(byType[mutation.type]) ? (byType[mutation.type] as Json[]) : (byType[mutation.type] = []);
      while (ports.length <= mutation.port) ports.push([]);
      const links = ports[mutation.port];
      if (Array.isArray(links)) links.push({ node: (to ?? "Ghost") as Json, type: mutation.type, index: 0 });
      return;
    }
    case "rename": {
      const node = nodes[mutation.index % Math.max(1, nodes.length)];
      if (node) node.name = structuredClone(mutation.name);
    }
  }
}

/** The built-in prototypes' own keys, to see that no run added one. */
const prototypeKeys = () =>
  [Object.prototype, Array.prototype, String.prototype, Function.prototype].map((p) => Object.getOwnPropertyNames(p).sort().join(","));

describe("hostile n8n files", () => {
  it("refuse with an ImportError or give a valid graph reporting each node once, never another throw or a prototype change", () => {
    const started = performance.now();
    const outcomes = { imported: 0, refused: 0 };
    const before = prototypeKeys();
    fc.assert(
      fc.property(fc.nat({ max: FIXTURES.length - 1 }), fc.array(mutationArb, { minLength: 1, maxLength: 4 }), (which, mutations) => {
        const workflow = structuredClone(FIXTURES[which]) as Json;
        for (const mutation of mutations) apply(workflow, mutation);
        const text = JSON.stringify(workflow) ?? "";
        const nodeCount = nodesOf(workflow).length;
        try {
          const { document, report } = importForeign(text, IMPORT_CONTEXT);
          expect(graphDocumentSchema.safeParse(document).success).toBe(true);
          const ids = report.nodes.map((n) => n.id);
          expect(new Set(ids).size).toBe(ids.length);
          expect(ids.length).toBe(nodeCount);
          outcomes.imported += 1;
        } catch (error) {
          if (!(error instanceof ImportError)) throw error;
          outcomes.refused += 1;
          expect(error.message).not.toBe("");
        }
        expect(({} as { polluted?: unknown }).polluted).toBeUndefined();
        expect(prototypeKeys()).toEqual(before);
      }),
      { numRuns: 2000 },
    );
    // Most mutated files still import: the property is not met by refusing everything.
    expect(outcomes.imported).toBeGreaterThan(outcomes.refused);
    // A few seconds on a quiet machine; the bound allows for a machine shared with other work.
    expect(performance.now() - started).toBeLessThan(60_000);
  });
});
