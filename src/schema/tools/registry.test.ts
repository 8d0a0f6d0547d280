import { describe, expect, it } from "vitest";
import { toolSchema } from "../document.js";
import { newTool, type ToolKind, toolKindDescriptors, toolKinds, toolTarget, withToolKind } from "./registry.js";

describe("toolTarget", () => {
  it("names an HTTP tool's origin, with a templated path, and nothing for a tool that runs in place", () => {
    const http = toolSchema.parse({ id: "h", kind: "http", name: "h", config: { url: "https://api.example.com:8443/v1/{{ args.id }}" } });
    expect(toolTarget(http)).toBe("https://api.example.com:8443");
    expect(toolTarget(newTool("mock", "m"))).toBeUndefined();
  });
});

describe("tool kind descriptors", () => {
  it("lists the kinds in the schema's order", () => {
    expect(toolKinds).toEqual(["builtin", "mock", "http", "mcp", "javascript", "agent"]);
    expect(Object.keys(toolKindDescriptors)).toEqual(toolKinds);
  });

  it.each(toolKinds)("files the %s descriptor under its own kind, with a title and a one-line description", (kind) => {
    const descriptor = toolKindDescriptors[kind];
    expect(descriptor.kind).toBe(kind);
    expect(descriptor.title).not.toBe("");
    expect(descriptor.description).toMatch(/^[^\n]+\.$/);
  });

  it.each(toolKinds)("gives a new %s tool a document the schema accepts unchanged", (kind) => {
    const tool = newTool(kind, "new_tool");
    expect(toolSchema.parse(tool)).toEqual(tool);
    expect(toolKindDescriptors[kind].schema.parse(tool)).toEqual(tool);
  });

  it("hands out a fresh default config each time, so editing one tool never changes another", () => {
    const first = newTool("mock", "a");
    const second = newTool("mock", "b");
    expect(first.config).not.toBe(second.config);
  });

  it("starts the config over from the new kind's defaults when a tool changes kind, keeping the other fields", () => {
    const weather = { ...newTool("mock", "weather", "get_weather"), description: "Today's weather", destructive: true };
    expect(withToolKind(weather, "http")).toEqual({
      ...weather,
      kind: "http",
      config: { url: "https://example.com/api", method: "GET", query: {}, headers: {}, timeout_ms: 30_000, max_response_chars: 20_000 },
    });
  });

  it("refuses a table that lacks a kind at compile time", () => {
    const { agent: _agent, ...withoutAgent } = toolKindDescriptors;
    // @ts-expect-error the agent kind is missing, so this is not a table of every kind
    const incomplete: { readonly [K in ToolKind]: unknown } = withoutAgent;
    expect(Object.keys(incomplete)).not.toContain("agent");
  });
});
