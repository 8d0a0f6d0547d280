// A new node kind needs its descriptor and its engine module, nothing else: palette, problem
// messages, handles, Mermaid and new-node defaults all follow from a table holding the descriptor.
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { defineNodeKind, identifier, nodeKindTable, outputHandleIds, outputHandles, isBranchingKind, type GraphDocument } from "../src/schema/index.js";
import { kindWord, nodeLabel } from "../src/schema/describe.js";
import type { BranchingNode } from "../src/engine/nodes/registry.js";
import type { GraphState } from "../src/engine/state.js";
import { toMermaid } from "../src/app/io/mermaid.js";
import { blankDocument } from "../src/app/store/nodeFactory.js";
import { defaultsFor } from "../src/app/store/nodeDefaults.js";
import { paletteEntries } from "../src/app/store/paletteKinds.js";

const SHOUT_HANDLES = { loud: { id: "loud", label: "Loud" }, quiet: { id: "quiet", label: "Quiet" } } as const;

/** A throwaway kind: repeats the message in capitals when `loud`, and says which way it went. */
const shoutKind = defineNodeKind(
  "shout",
  z.strictObject({ name: identifier, loud: z.boolean().default(true) }),
)({
  title: "Shout",
  group: "Flow",
  description: "Repeats the message in capitals",
  word: "Shout node",
  handles: () => [{ ...SHOUT_HANDLES.loud }, { ...SHOUT_HANDLES.quiet }],
  defaults: ({ name }) => ({ name: name("Shout"), loud: true }),
  accent: "orange",
  minimap: "#f97316",
  mermaid: { label: "shout", shape: ["{{", "}}"], style: "fill:#fff7ed,stroke:#ea580c" },
  ports: { input: true, output: true, delegation: false },
  size: { width: 180, height: 96 },
  detail: (data) => [data.loud ? "loud" : "quiet"],
});
const table = { ...nodeKindTable, shout: shoutKind };
const shoutNode = { id: "s1", kind: "shout", position: { x: 0, y: 0 }, data: { name: "Yell", loud: false } };

/** The kind's engine module: picks its handle from the descriptor's, never from a literal. */
function compileShout(node: typeof shoutNode): BranchingNode {
  return {
    run: () => ({}),
    branch: () => (node.data.loud ? SHOUT_HANDLES.loud.id : SHOUT_HANDLES.quiet.id),
    handles: outputHandleIds(node, table),
  };
}

describe("a node kind added through the descriptor table alone", () => {
  it("is offered in the palette, in its group, after the built-in kinds", () => {
    const entries = paletteEntries(table);
    expect(entries.at(-1)).toEqual({ kind: "shout", title: "Shout", description: "Repeats the message in capitals", group: "Flow" });
    expect(entries.map((e) => e.kind)).toEqual([...Object.keys(nodeKindTable), "shout"]);
  });

  it("is named by its kind word in problem messages", () => {
    expect(kindWord("shout", table)).toBe("Shout node");
    expect(nodeLabel(shoutNode, undefined, table)).toBe('Shout node "Yell"');
    expect(nodeLabel(shoutNode)).toBe('node "Yell"');
  });

  it("has the handles its descriptor lists, and its engine module branches along one of them", () => {
    expect(isBranchingKind("shout", table)).toBe(true);
    expect(outputHandles(shoutNode, table)).toEqual([
      { id: "loud", label: "Loud" },
      { id: "quiet", label: "Quiet" },
    ]);
    const compiled = compileShout(shoutNode);
    expect(compiled.handles).toEqual(["loud", "quiet"]);
    expect(compiled.handles).toContain(compiled.branch({} as GraphState, {}));
  });

  it("is drawn by Mermaid in its own shape and style, its branches labelled", () => {
    const base = blankDocument("g", "Demo");
    const document = {
      ...base,
      nodes: [...base.nodes, shoutNode],
      edges: [...base.edges, { id: "e3", kind: "flow", source: "s1", target: "end", source_handle: "quiet" }],
    } as unknown as GraphDocument;
    const text = toMermaid(document, table);
    expect(text).toContain('  n3{{"Yell · shout"}}');
    expect(text).toContain('  n3 -->|"Quiet"| n2');
    expect(text).toContain("  classDef kind_shout fill:#fff7ed,stroke:#ea580c\n  class n3 kind_shout");
  });

  it("starts with its descriptor's defaults, which its schema accepts unchanged", () => {
    const data = defaultsFor("shout", { document: blankDocument("g"), name: (base) => `${base}2` }, table);
    expect(data).toEqual({ name: "Shout2", loud: true });
    expect(shoutKind.schema.parse(data)).toEqual(data);
  });
});
