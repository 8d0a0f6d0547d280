import { describe, expect, it } from "vitest";
import type { GraphDocument } from "../../schema/index.js";
import { templateDocument } from "../templates/instantiate";
import { findTemplate } from "../templates/catalog";
import { layoutDocument } from "./layout";
import { GAP_X, GAP_Y, subAgentBlocks } from "./subAgentBlocks";

type Doc = Pick<GraphDocument, "nodes" | "edges">;
const SIZE = { width: 100, height: 50 };
const node = (id: string) => ({ id, kind: "agent", position: { x: 0, y: 0 }, data: { name: id } }) as unknown as GraphDocument["nodes"][number];
const flow = (source: string, target: string) => ({ id: `${source}-${target}`, kind: "flow" as const, source, target });
const delegation = (source: string, target: string) => ({
  id: `${source}>${target}`,
  kind: "delegation" as const,
  source,
  target,
  mode: "tool" as const,
  blocking: true,
});

describe("sub-agent blocks for auto layout", () => {
  // main → a, b; b → c. `main` is in the flow; a, b, c are hierarchy-only.
  const doc: Doc = {
    nodes: ["start", "main", "a", "b", "c"].map(node),
    edges: [flow("start", "main"), delegation("main", "a"), delegation("main", "b"), delegation("b", "c")],
  };
  const { blocks, absorbed } = subAgentBlocks(doc, () => SIZE);

  it("absorbs the sub-agents that are only in the hierarchy into their parent's block", () => {
    expect([...absorbed].sort()).toEqual(["a", "b", "c"]);
    expect([...blocks.keys()]).toEqual(["main"]);
  });

  it("places children in a row below their parent, grandchildren below them, the parent centred above", () => {
    const at = blocks.get("main")?.offsets;
    expect(at?.get("a")).toEqual({ x: 0, y: SIZE.height + GAP_Y });
    expect(at?.get("b")).toEqual({ x: SIZE.width + GAP_X, y: SIZE.height + GAP_Y });
    expect(at?.get("c")).toEqual({ x: SIZE.width + GAP_X, y: 2 * (SIZE.height + GAP_Y) });
    expect(at?.get("main")).toEqual({ x: (2 * SIZE.width + GAP_X - SIZE.width) / 2, y: 0 });
    expect(blocks.get("main")).toMatchObject({ width: 2 * SIZE.width + GAP_X, height: 3 * SIZE.height + 2 * GAP_Y });
  });

  it("leaves sub-agents that are also in the flow to the flow layout, and gives a shared sub-agent one place", () => {
    const mixed: Doc = {
      nodes: ["p1", "p2", "shared", "flowing"].map(node),
      edges: [flow("p1", "p2"), delegation("p1", "shared"), delegation("p2", "shared"), delegation("p1", "flowing"), flow("flowing", "p2")],
    };
    const result = subAgentBlocks(mixed, () => SIZE);
    expect([...result.absorbed]).toEqual(["shared"]);
    expect([...(result.blocks.get("p1")?.offsets.keys() ?? [])]).toEqual(["p1", "shared"]);
    expect(result.blocks.has("p2")).toBe(false);
  });

  it("lays the MainAgent template out with its sub-agents below MainAgent and no overlaps", async () => {
    const template = findTemplate("main-agent-team");
    if (!template) throw new Error("no template");
    const document = templateDocument(template);
    const positions = await layoutDocument(document, new Map());
    const main = positions.main as { x: number; y: number };
    for (const id of ["emails", "meetings", "tasks", "research"]) expect(positions[id]?.y).toBeGreaterThan(main.y + 60);
    const boxes = document.nodes.map((n) => ({ id: n.id, x: positions[n.id]?.x ?? 0, y: positions[n.id]?.y ?? 0, w: 180, h: 70 }));
    for (const a of boxes)
      for (const b of boxes) {
        if (a.id < b.id) expect(a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h, `${a.id} overlaps ${b.id}`).toBe(false);
      }
  });
});
