/**
 * Hostile Flowise files: mutated fixtures (fields dropped, replaced, duplicated, of the wrong type,
 * huge, `__proto__` keys, edges to missing nodes, cycles, deep nesting) either give a clear
 * ImportError or a document that passes the schema; never another exception or a prototype change.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { graphDocumentSchema } from "../../schema/index.js";
import { ImportError } from "../errors.js";
import { readForeignText } from "../read.js";
import { flowiseImporter } from "./index.js";
import { CONTEXT, fixtureText } from "./testing.js";

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Path = (string | number)[];

/** Small fixtures of each shape (the export-all file is cut to one flow of each kind so each run stays small). */
function seeds(): Json[] {
  const all = JSON.parse(fixtureText("export-all.json")) as Record<string, Json>;
  const exportAll = { AgentFlowV2: (all.AgentFlowV2 as Json[]).slice(1), ChatFlow: all.ChatFlow as Json[], Variable: [] };
  return [
    ...[
      "agents-with-tools.json",
      "supervisor-branch-loop.json",
      "human-in-the-loop.json",
      "iteration-http-function.json",
      "v1-tool-agent.json",
      "newer-version.json",
    ].map((f) => JSON.parse(fixtureText(f)) as Json),
    exportAll,
  ];
}

function pathsOf(value: Json, path: Path = [], out: Path[] = []): Path[] {
  out.push(path);
  if (Array.isArray(value)) value.forEach((v, i) => pathsOf(v, [...path, i], out));
  else if (value !== null && typeof value === "object") for (const [k, v] of Object.entries(value)) pathsOf(v, [...path, k], out);
  return out;
}

function parentOf(root: Json, path: Path): { parent: Json; key: string | number } | null {
  let current: Json = root;
  for (const key of path.slice(0, -1)) {
    if (current === null || typeof current !== "object") return null;
    current = (current as Record<string | number, Json>)[key] as Json;
  }
  const key = path.at(-1);
  return current !== null && typeof current === "object" && key !== undefined ? { parent: current, key } : null;
}

/** A value nested `depth` arrays deep. */
const deep = (depth: number): Json => Array.from({ length: depth }).reduce<Json>((inner) => [inner], "x");

const mutation = fc.oneof(
  fc.constant({ op: "drop" as const }),
  fc.record({ op: fc.constant("replace" as const), value: fc.jsonValue({ maxDepth: 2 }) as fc.Arbitrary<Json> }),
  fc.record({
    op: fc.constant("replace" as const),
    value: fc.constantFrom<Json>("", "<p>{{ $flow.state.x }}</p>", "[not json", "{}", "[{}]", -1, 1e308, true, [], {}),
  }),
  fc.record({ op: fc.constant("replace" as const), value: fc.integer({ min: 1_000, max: 120_000 }).map((n) => "y".repeat(n)) }),
  fc.constant({ op: "duplicate" as const }),
  fc.constant({ op: "proto" as const }),
  fc.constant({ op: "deep" as const }),
  fc.record({
    op: fc.constant("edge" as const),
    source: fc.constantFrom("startAgentflow_0", "agentAgentflow_0", "ghost"),
    target: fc.constantFrom("startAgentflow_0", "llmAgentflow_0", "ghost", "loopAgentflow_0"),
  }),
);
type Mutation = typeof mutation extends fc.Arbitrary<infer M> ? M : never;

/** The mutated file's text (a `__proto__` key is only possible as JSON text: a literal would set the prototype). */
function mutate(seed: Json, paths: Path[], steps: { at: number; m: Mutation }[]): string {
  const root = structuredClone(seed);
  let proto = false;
  for (const { at, m } of steps) {
    const path = paths[at % paths.length] as Path;
    if (m.op === "edge") {
      const edges = (root as Record<string, Json>).edges;
      if (Array.isArray(edges)) edges.push({ source: m.source, target: m.target, sourceHandle: `${m.source}-output-0`, targetHandle: m.target });
      continue;
    }
    if (m.op === "proto") {
      proto = true;
      continue;
    }
    const place = parentOf(root, path);
    if (!place) continue;
    const parent = place.parent as Record<string | number, Json>;
    if (m.op === "drop") {
      if (Array.isArray(parent)) parent.splice(Number(place.key), 1);
      else delete parent[place.key];
    } else if (m.op === "replace")
      parent[place.key] = structuredClone(m.value); // a copy: a later step may write inside it
    else if (m.op === "deep") parent[place.key] = deep(80);
    else if (Array.isArray(parent)) parent.push(structuredClone(parent[Number(place.key)] ?? null));
    else parent[`${place.key}_copy`] = structuredClone(parent[place.key] ?? null);
  }
  const text = JSON.stringify(root);
  return proto ? text.replace(/^\{/, '{"__proto__":{"polluted":true},') : text;
}

/** Imports every flow of the file with our importer; an ImportError is a clear refusal. */
function importAll(text: string): void {
  let data: unknown;
  try {
    data = readForeignText(text);
    if (!flowiseImporter.detect(data)) return;
    for (const flow of flowiseImporter.flows(data)) {
      try {
        const { document } = flowiseImporter.convert(flow, CONTEXT);
        graphDocumentSchema.parse(document);
      } catch (error) {
        if (!(error instanceof ImportError)) throw error;
      }
    }
  } catch (error) {
    if (!(error instanceof ImportError)) throw error;
  }
}

describe("hostile Flowise files", () => {
  it("gives an ImportError or a valid document for 2,000 mutated files, never another throw or a prototype change", () => {
    const files = seeds().map((seed) => ({ seed, paths: pathsOf(seed) }));
    fc.assert(
      fc.property(fc.nat({ max: files.length - 1 }), fc.array(fc.record({ at: fc.nat(), m: mutation }), { minLength: 1, maxLength: 4 }), (which, steps) => {
        const file = files[which] as (typeof files)[number];
        importAll(mutate(file.seed, file.paths, steps));
        expect(({} as Record<string, unknown>).polluted).toBeUndefined();
        expect(Object.prototype).not.toHaveProperty("polluted");
      }),
      { numRuns: 2000 },
    );
  }, 60_000); // About 3 s on an idle machine; the budget covers a CPU shared with other test workers.
});
