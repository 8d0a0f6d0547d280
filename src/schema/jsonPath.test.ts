/** JSON path strings for issue locations. */
import { describe, expect, it } from "vitest";
import { formatJsonPath, formatRelativePath } from "./jsonPath.js";

describe("formatJsonPath", () => {
  it("writes the root as $", () => {
    expect(formatJsonPath([])).toBe("$");
  });

  it("writes identifiers with dots and indexes in brackets", () => {
    expect(formatJsonPath(["nodes", 2, "data", "model"])).toBe("$.nodes[2].data.model");
  });

  it("bracket-quotes keys that are not identifiers", () => {
    expect(formatJsonPath(["tools", 0, "input_schema", "a b"])).toBe('$.tools[0].input_schema["a b"]');
    expect(formatJsonPath(["x", "1st", 'say "hi"', ""])).toBe('$.x["1st"]["say \\"hi\\""][""]');
  });

  it("writes paths relative to an item without the $", () => {
    expect(formatRelativePath(["data", "tools", 1])).toBe("data.tools[1]");
    expect(formatRelativePath([0, "args"])).toBe("[0].args");
  });
});
