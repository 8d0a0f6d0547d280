import { describe, expect, it } from "vitest";
import { MCP_TOOL_NAME_MAX, mcpToolName } from "./mcpToolName.js";

describe("mcpToolName", () => {
  it("keeps a graph id that MCP clients accept as it is", () => {
    expect(mcpToolName("weather-assistant")).toBe("weather-assistant");
    expect(mcpToolName("g_4f9c2d1a0b3e")).toBe("g_4f9c2d1a0b3e");
  });

  it("turns the id characters MCP clients refuse (. and :) into _", () => {
    expect(mcpToolName("team:v2.1")).toBe("team_v2_1");
  });

  it("cuts a long id to the length clients accept", () => {
    const name = mcpToolName("a".repeat(128));
    expect(name).toHaveLength(MCP_TOOL_NAME_MAX);
    expect(name).toMatch(/^[A-Za-z0-9_-]{1,64}$/);
  });
});
