import { describe, expect, it } from "vitest";
import { layeredLayout, type LayeredBox } from "./layeredLayout";

const SPACING = { nodeNode: 48, betweenLayers: 140, componentComponent: 64 };
const box = (id: string): LayeredBox => ({ id, width: 100, height: 50 });
const chain = (prefix: string, length: number) => Array.from({ length }, (_, i) => box(`${prefix}${i}`));
const links = (prefix: string, length: number) => Array.from({ length: length - 1 }, (_, i) => [`${prefix}${i}`, `${prefix}${i + 1}`] as const);

describe("layered layout without recursion", () => {
  it("draws a chain of 50,000 as one straight line, left to right", () => {
    const positions = layeredLayout(chain("n", 50_000), links("n", 50_000), SPACING);
    const off = Array.from({ length: 50_000 }, (_, i) => i).filter((i) => {
      const at = positions.get(`n${i}`);
      return at?.x !== i * (100 + SPACING.betweenLayers) || at.y !== 0;
    });
    expect(off).toEqual([]);
  });

  it("keeps a loop's forward edges pointing right and leaves only the closing edge pointing back", () => {
    const edges = [...links("n", 6), ["n5", "n1"] as const];
    const positions = layeredLayout(chain("n", 6), edges, SPACING);
    const backwards = edges.filter(([a, b]) => (positions.get(a)?.x ?? 0) >= (positions.get(b)?.x ?? 0));
    expect(backwards).toEqual([["n5", "n1"]]);
  });

  it("stacks a fan-out in one layer and packs separate components in rows without overlaps", () => {
    const fan = [box("root"), ...chain("leaf", 20)];
    const loose = chain("note", 400);
    const positions = layeredLayout(
      [...fan, ...loose],
      chain("leaf", 20).map((leaf) => ["root", leaf.id] as const),
      SPACING,
    );
    const leaves = chain("leaf", 20).map((leaf) => positions.get(leaf.id));
    expect(new Set(leaves.map((p) => p?.x)).size).toBe(1);
    expect(new Set(leaves.map((p) => p?.y)).size).toBe(20);
    const all = [...positions.values()];
    const width = Math.max(...all.map((p) => p.x)) - Math.min(...all.map((p) => p.x));
    const height = Math.max(...all.map((p) => p.y)) - Math.min(...all.map((p) => p.y));
    // 400 loose nodes in one column would be about 40,000 px tall; rows keep the layout near its aspect ratio.
    expect(height).toBeLessThan(2 * width);
    expect(width).toBeLessThan(2 * height);
    const overlapping = all.filter((a) => all.some((b) => a !== b && a.x < b.x + 100 && b.x < a.x + 100 && a.y < b.y + 50 && b.y < a.y + 50));
    expect(overlapping).toEqual([]);
  });
});
