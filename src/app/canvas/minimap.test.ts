import { describe, expect, it } from "vitest";
import { nodeKinds } from "../../schema/index.js";
import { FALLBACK_MINIMAP_COLOUR, minimapColour } from "./minimap";

describe("minimap colours", () => {
  it.each(nodeKinds)("draws a %s node in its kind's own colour", (kind) => {
    const colour = minimapColour({ type: kind });
    expect(colour).toMatch(/^#[0-9a-f]{6}$/);
    expect(colour).not.toBe(FALLBACK_MINIMAP_COLOUR);
  });

  it("draws a node of an unknown kind in the neutral colour", () => {
    expect(minimapColour({ type: "teleport" })).toBe(FALLBACK_MINIMAP_COLOUR);
    expect(minimapColour({ type: "toString" })).toBe(FALLBACK_MINIMAP_COLOUR);
    expect(minimapColour({})).toBe(FALLBACK_MINIMAP_COLOUR);
  });
});
