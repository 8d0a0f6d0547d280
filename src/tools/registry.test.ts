import { describe, expect, it } from "vitest";
import { newTool, toolKinds } from "../schema/index.js";
import { toolRunners } from "./registry.js";
import { createToolResolver } from "./resolver.js";

describe("tool runners", () => {
  it("has one runner for every tool kind", () => {
    expect(Object.keys(toolRunners).sort()).toEqual([...toolKinds].sort());
  });

  it("refuses an agent tool, which only an agent can call, naming the tool and its agent", () => {
    const definition = newTool("agent", "ask_researcher");
    expect(() => createToolResolver().resolve(definition)).toThrow(
      'Tool "ask_researcher" runs agent "Agent": give it to an agent, which calls it with a message; a Tool node cannot run an agent tool',
    );
  });
});
