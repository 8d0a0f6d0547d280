/** Router (seed 004): gate-first deterministic rules → typed route plan and handle; Finalize stamps the turn. */
import { describe, expect, it } from "vitest";
import { collectRun, compileGraph, type RunEvent } from "../index.js";
import { agentNode, at, flow } from "../testing/documents.js";
import { ofType, stateOf } from "../testing/humanLoop.js";
import { testServices } from "../../../tests/support/services.js";
import type { GraphDocumentInput, RouterRule } from "../../schema/index.js";

type RuleInput = Partial<RouterRule> & Pick<RouterRule, "id" | "route" | "match">;
const from = (source: string, handle: string, target: string) => ({ ...flow(source, target), id: `${source}-${handle}`, source_handle: handle });

/** Start → Router → one agent per route (crisis, lookup, default) → Finalize → End. */
function routedDoc(rules: RuleInput[]): GraphDocumentInput {
  const agent = (id: string, name: string, reply: string) => agentNode(id, { name, default_tools: [], script: { rules: [{ reply }] } });
  return {
    version: 1,
    meta: { id: "routed", name: "Routed" },
    models: [{ id: "scripted", provider: "scripted", model: "scripted" }],
    conditions: [{ name: "is_question", expression: 'input.endsWith("?")' }],
    nodes: [
      { id: "start", kind: "start", position: at },
      { id: "router", kind: "router", position: at, data: { name: "Gate", routes: [{ id: "crisis" }, { id: "lookup" }], rules } },
      agent("crisis", "CrisisAgent", "You are not alone."),
      agent("lookup", "LookupAgent", "Here is what I found."),
      agent("chat", "TherapistAgent", "Tell me more."),
      { id: "fin", kind: "finalize", position: at, data: { name: "Finalize" } },
      { id: "end", kind: "end", position: at },
    ],
    edges: [
      flow("start", "router"),
      from("router", "crisis", "crisis"),
      from("router", "lookup", "lookup"),
      from("router", "default", "chat"),
      flow("crisis", "fin"),
      flow("lookup", "fin"),
      flow("chat", "fin"),
      flow("fin", "end"),
    ],
  };
}

const rules: RuleInput[] = [
  { id: "facts", route: "lookup", match: "regex", pattern: "\\b(what|how|where)\\b" },
  { id: "crisis_gate", route: "crisis", match: "keyword", keywords: ["hurt myself", "suicide"], gate: true },
];

async function run(doc: GraphDocumentInput, message: string, services = testServices()): Promise<RunEvent[]> {
  return collectRun(compileGraph(doc, services), { message }, { threadId: `t-${Math.random()}` });
}

describe("Router", () => {
  it("tries the gate rule before earlier ordinary rules", async () => {
    const events = await run(routedDoc(rules), "how do I stop wanting to hurt myself");
    expect(ofType(events, "route_selected")[0]).toMatchObject({
      router: "Gate",
      route: "crisis",
      rule: "crisis_gate",
      match: "keyword",
      matched: "hurt myself",
      gate: true,
    });
    expect(ofType(events, "ai_message").map((m) => m.content)).toEqual(["You are not alone."]);
  });

  it("follows the first matching ordinary rule when the gate does not match", async () => {
    const events = await run(routedDoc(rules), "What are the opening hours");
    expect(stateOf(events).route).toMatchObject({ kind: "lookup", rule: "facts", match: "regex", matched: "What", gate: false });
    expect(ofType(events, "ai_message").map((m) => m.content)).toEqual(["Here is what I found."]);
  });

  it("takes the default route when no rule matches", async () => {
    const events = await run(routedDoc(rules), "I had a long day");
    expect(ofType(events, "route_selected")[0]).toMatchObject({ route: "default", rule: null, match: null });
    expect(ofType(events, "ai_message").map((m) => m.content)).toEqual(["Tell me more."]);
  });

  it("matches keywords as whole words, case-insensitively", async () => {
    const keyword: RuleInput[] = [{ id: "k", route: "crisis", match: "keyword", keywords: ["suicide"] }];
    expect(ofType(await run(routedDoc(keyword), "Thinking about SUICIDE"), "route_selected")[0]?.route).toBe("crisis");
    expect(ofType(await run(routedDoc(keyword), "suicidewatch is a forum"), "route_selected")[0]?.route).toBe("default");
  });

  it("evaluates CEL rules, including registered conditions, over input and state", async () => {
    const cel: RuleInput[] = [{ id: "q", route: "lookup", match: "cel", expression: "is_question" }];
    expect(ofType(await run(routedDoc(cel), "open today?"), "route_selected")[0]).toMatchObject({ route: "lookup", rule: "q", match: "cel" });
    expect(ofType(await run(routedDoc(cel), "open today"), "route_selected")[0]?.route).toBe("default");
  });

  it("refuses a rule whose regex does not compile, naming the router, the rule and the path", () => {
    const bad: RuleInput[] = [{ id: "broken", route: "lookup", match: "regex", pattern: "(unclosed" }];
    expect(() => compileGraph(routedDoc(bad), testServices())).toThrow(
      /\$\.nodes\[1\]\.data\.rules\[0\]\.pattern: .*rule "broken": the pattern is not a valid regular expression/,
    );
  });

  it("refuses a rule that selects a route the router does not have", () => {
    const bad: RuleInput[] = [{ id: "r", route: "billing", match: "keyword", keywords: ["invoice"] }];
    expect(() => compileGraph(routedDoc(bad), testServices())).toThrow(
      /rule "r" selects route "billing", which the router does not have; its routes are "crisis", "lookup"/,
    );
  });

  it("fails to compile a CEL rule with a syntax error at its position", () => {
    const bad: RuleInput[] = [{ id: "c", route: "lookup", match: "cel", expression: "input ==" }];
    expect(() => compileGraph(routedDoc(bad), testServices())).toThrow(/Gate: rules\[0\]\.expression "input ==" is not valid CEL at position \d+/);
  });
});

describe("Finalize", () => {
  it("records the reply and agent with no route or duration when no Router ran this turn", async () => {
    const doc = routedDoc(rules);
    doc.edges = [flow("start", "chat"), flow("chat", "fin"), flow("fin", "end")];
    doc.nodes = doc.nodes.filter((n) => n.id !== "router" && n.id !== "crisis" && n.id !== "lookup");
    const events = await run(doc, "hi");
    expect(stateOf(events).route).toMatchObject({ kind: "default", rule: null, response: "Tell me more.", agent: "TherapistAgent", duration_ms: 0 });
    expect(ofType(events, "turn_finalized")[0]).toMatchObject({ route: null, agent: "TherapistAgent", duration_ms: null });
  });

  it("stamps the response, route, answering agent and turn duration into the route channel", async () => {
    let now = 1_000;
    const services = testServices({ clock: () => (now += 5) });
    const events = await run(routedDoc(rules), "what time is it", services);
    const route = stateOf(events).route as Record<string, unknown>;
    expect(route).toMatchObject({ router: "Gate", kind: "lookup", rule: "facts", response: "Here is what I found.", agent: "LookupAgent" });
    expect(route.duration_ms).toBe((route.finalized_at as number) - (route.started_at as number));
    expect(route.duration_ms).toBeGreaterThan(0);
    expect(ofType(events, "turn_finalized")[0]).toMatchObject({ route: "lookup", agent: "LookupAgent", duration_ms: route.duration_ms });
  });
});
