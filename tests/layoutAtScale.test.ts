// Auto layout of 10,000 nodes, run with a browser worker's stack: nothing in it recurses per node.
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { nodeKindTable } from "../src/schema/index.js";
import { LARGE_GRAPH_NODES } from "../src/app/canvas/layout";
import { DEEP_DELEGATION, LOOP_EDGE, templateShapes } from "./support/templateShapes";

const exec = promisify(execFile);
const script = fileURLToPath(new URL("./support/layoutInWorkerStack.ts", import.meta.url));
/** V8's default stack in KiB, which Chromium's workers run with; vitest's threads get 4 MiB. */
const WORKER_STACK_KIB = 984;

async function layoutInChild(shape: "templates" | "chain", nodes: number, stackKib = WORKER_STACK_KIB): Promise<Record<string, { x: number; y: number }>> {
  const { stdout } = await exec(process.execPath, [`--stack-size=${stackKib}`, "--import", "tsx", script, shape, String(nodes)], { maxBuffer: 64 * 2 ** 20 });
  return JSON.parse(stdout) as Record<string, { x: number; y: number }>;
}

describe("auto layout at scale", () => {
  it("Auto layout of 10,000 nodes completes (test in Node)", { timeout: 120_000 }, async () => {
    const nodes = 10_000;
    const doc = templateShapes(nodes);
    expect(doc.nodes).toHaveLength(nodes);
    const positions = await layoutInChild("templates", nodes);
    expect(Object.keys(positions)).toHaveLength(nodes);

    const boxes = doc.nodes
      .map((n) => ({ id: n.id, ...(positions[n.id] as { x: number; y: number }), w: nodeKindTable[n.kind].size.width, h: nodeKindTable[n.kind].size.height }))
      .sort((a, b) => a.x - b.x);
    for (const box of boxes) expect(Number.isFinite(box.x) && Number.isFinite(box.y), box.id).toBe(true);
    // Sorted by x, a box can only overlap the boxes that start before it ends.
    const overlaps: string[] = [];
    for (let i = 0; i < boxes.length; i++) {
      const a = boxes[i]!;
      for (let j = i + 1; j < boxes.length && boxes[j]!.x < a.x + a.w; j++) {
        const b = boxes[j]!;
        if (a.y < b.y + b.h && b.y < a.y + a.h) overlaps.push(`${a.id} overlaps ${b.id}`);
      }
    }
    expect(overlaps).toEqual([]);

    // The flow runs left to right (the loop's back edge aside); sub-agents hang below their parents.
    const backwards = doc.edges.filter((e) => e.kind === "flow" && e.id !== LOOP_EDGE && positions[e.source]!.x >= positions[e.target]!.x).map((e) => e.id);
    expect(backwards).toEqual([]);
    for (let i = 1; i < DEEP_DELEGATION; i++) expect(positions[`deep${i}`]!.y).toBeGreaterThan(positions[`deep${i - 1}`]!.y);
    expect(positions["sup0.0.0"]!.y).toBeGreaterThan(positions["sup0.0"]!.y);
    expect(positions["sup0.0"]!.y).toBeGreaterThan(positions.sup0!.y);
  });

  it("falls back to the loop-only layout when elk overflows a small stack below the size threshold", { timeout: 60_000 }, async () => {
    // 150 KiB: elk's depth-first search of a 1,000-node chain overflows it; the layered layout does not.
    const positions = await layoutInChild("chain", LARGE_GRAPH_NODES, 150);
    expect(Object.keys(positions)).toHaveLength(LARGE_GRAPH_NODES);
    const backwards = Array.from({ length: LARGE_GRAPH_NODES - 1 }, (_, i) => i).filter((i) => positions[`c${i}`]!.x >= positions[`c${i + 1}`]!.x);
    expect(backwards).toEqual([]);
  });
});
