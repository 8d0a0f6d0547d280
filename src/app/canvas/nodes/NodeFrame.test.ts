import { describe, expect, it } from "vitest";
import { lineOverflow } from "./NodeFrame";

describe("a node's text lines", () => {
  it("clip with an ellipsis only when the text may be wider than the node", () => {
    expect(lineOverflow("Step_7", "name")).toBe("whitespace-nowrap");
    expect(lineOverflow("A_name_longer_than_a_node", "name")).toBe("truncate");
    expect(lineOverflow("scripted", "detail")).toBe("whitespace-nowrap");
    expect(lineOverflow("scripted · 12 tools", "detail")).toBe("truncate");
  });

  it("counts a character drawn from several code points as several", () => {
    // Seven code points each: one fits the count, two do not.
    expect(lineOverflow("👩‍👩‍👧‍👦", "name")).toBe("whitespace-nowrap");
    expect(lineOverflow("👩‍👩‍👧‍👦👩‍👩‍👧‍👦", "name")).toBe("truncate");
  });
});
