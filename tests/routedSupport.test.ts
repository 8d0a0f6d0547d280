/** The "Routed support" template (seed 004) runs offline: gate-first routing, forced tools with fallback, sanitize, finalize. */
import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import path from "node:path";
import { collectRun, compileGraph, type RunEvent, type RunEventOf } from "../src/engine/index.js";
import { validateText } from "../src/schema/index.js";
import { testServices } from "./support/services.js";

const text = readFileSync(path.resolve(import.meta.dirname, "../examples/routed-support.json"), "utf8");
async function run(message: string): Promise<RunEvent[]> {
  const result = validateText(text);
  if (!result.ok) throw new Error(result.errors.map((e) => `${e.path}: ${e.message}`).join("\n"));
  return collectRun(compileGraph(result.document, testServices({ unpaced: true })), { message }, { threadId: message });
}
const ofType = <T extends RunEvent["type"]>(events: RunEvent[], type: T) => events.filter((e): e is RunEventOf<T> => e.type === type);
const reply = (events: RunEvent[]) => ofType(events, "ai_message").at(-1);
const finalRoute = (events: RunEvent[]) => (ofType(events, "final_state")[0]?.state.route ?? {}) as Record<string, unknown>;

describe("Routed support template", () => {
  it("checks the crisis gate before the billing rule listed above it", async () => {
    const events = await run("I want to hurt myself and I need a refund");
    expect(ofType(events, "route_selected")[0]).toMatchObject({
      router: "Triage",
      route: "crisis",
      rule: "crisis_keywords",
      gate: true,
      matched: "hurt myself",
    });
    expect(reply(events)?.agent).toBe("Crisis");
    expect(ofType(events, "error")).toEqual([]);
  });

  it("stands in verified help lines when Crisis skips its forced tool, then answers without tools", async () => {
    const events = await run("I want to hurt myself");
    expect(ofType(events, "forced_tool_fallback")[0]).toMatchObject({ tool: "lookup_crisis_resources", result: expect.stringContaining("app fallback") });
    expect(reply(events)?.content).toContain("**988**");
    expect(reply(events)?.tool_calls).toEqual([]);
  });

  it("calls the forced crisis lookup for the region the person names", async () => {
    const events = await run("I can't go on. I'm in the UK");
    expect(ofType(events, "route_selected")[0]).toMatchObject({ route: "crisis", rule: "crisis_phrases", match: "regex" });
    expect(ofType(events, "forced_tool_fallback")).toEqual([]);
    expect(ofType(events, "tool_call")[0]).toMatchObject({ tool: "lookup_crisis_resources", args: { region: "UK" } });
    expect(reply(events)?.content).toContain("**116 123**");
  });

  it("answers an order question only from the grounded lookup", async () => {
    const events = await run("Where is my order 1234?");
    expect(ofType(events, "route_selected")[0]?.route).toBe("grounded_lookup");
    expect(reply(events)).toMatchObject({ agent: "Lookup", content: expect.stringContaining("1Z999AA10123456784") });
  });

  it("falls back to 'no verified source' when Lookup skips its forced tool", async () => {
    const events = await run("where is the nearest store?");
    expect(ofType(events, "forced_tool_fallback")[0]).toMatchObject({ tool: "answer_grounded_lookup" });
    expect(reply(events)?.content).toMatch(/^I can only answer from verified sources/);
  });

  it("routes billing by keyword and refunds a duplicate charge", async () => {
    const events = await run("I was charged twice, can I get a refund?");
    expect(ofType(events, "route_selected")[0]).toMatchObject({ route: "billing", rule: "billing_terms", match: "keyword" });
    expect(ofType(events, "tool_call").map((c) => c.tool)).toEqual(["lookup_invoice", "issue_refund"]);
  });

  it("takes the default route to General and strips its pseudo tool call", async () => {
    const events = await run("hello");
    expect(ofType(events, "route_selected")[0]).toMatchObject({ route: "default", rule: null });
    expect(ofType(events, "reply_sanitized")[0]?.removed).toEqual(['<tool_call>{"name": "list_topics", "arguments": {}}</tool_call>']);
    expect(reply(events)?.content).not.toContain("tool_call");
    expect(reply(events)?.content).toMatch(/^Hi! This is the support desk\..* What can I do for you\?$/);
  });

  it("finalizes every turn with the reply, route, agent and duration in state", async () => {
    const events = await run("How do I return an item?");
    const route = finalRoute(events);
    expect(route).toMatchObject({ router: "Triage", kind: "grounded_lookup", rule: "lookup_terms", agent: "Lookup", duration_ms: 0 });
    expect(route.response).toBe(reply(events)?.content);
    expect(ofType(events, "turn_finalized")[0]).toMatchObject({ route: "grounded_lookup", agent: "Lookup" });
  });
});
