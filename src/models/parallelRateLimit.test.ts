/**
 * A provider answering 429 with `Retry-After` to sub-agents running in parallel (issue 26,
 * item 8), through real LangGraph, the OpenAI provider and a local wire server: each branch
 * waits as long as it was asked and answers once; a branch still limited after its retries
 * fails the turn with the 429 named, its siblings' replies stay in the thread, and the next
 * message is answered.
 */
import { describe, expect, it } from "vitest";
import { collectRun, compileGraph, type EngineServices, type RunEvent } from "../engine/index.js";
import { at, flow } from "../engine/testing/documents.js";
import type { GraphDocumentInput } from "../schema/index.js";
import { testServices } from "../../tests/support/services.js";
import { createModelResolver } from "./resolver.js";
import { openaiError, openaiStream } from "./testing/openaiWire.js";
import { serversClosedAfterEach, type RecordedRequest, type Reply } from "./testing/wireServer.js";

const serve = serversClosedAfterEach();
const AGENTS = ["Billing", "Shipping", "Returns"] as const;

/** Start → Parallel → Billing, Shipping, Returns (each an agent on the wire server) → End. */
function teamDoc(baseUrl: string): GraphDocumentInput {
  const id = (name: string) => name.toLowerCase();
  return {
    version: 1,
    meta: { id: "rate-limited-team", name: "Rate-limited team" },
    models: [{ id: "remote", provider: "openai", model: "test-model", base_url: baseUrl, max_retries: 2 }],
    nodes: [
      { id: "start", kind: "start", position: at },
      { id: "fan", kind: "parallel", position: at, data: { name: "FanOut" } },
      ...AGENTS.map((name) => ({
        id: id(name),
        kind: "agent" as const,
        position: at,
        data: { name, model: "remote", system_prompt: `You are ${name}.`, default_tools: [] },
      })),
      { id: "end", kind: "end", position: at },
    ],
    edges: [flow("start", "fan"), ...AGENTS.map((name) => flow("fan", id(name))), ...AGENTS.map((name) => flow(id(name), "end"))],
  };
}

const agentOf = (request: RecordedRequest) => AGENTS.find((name) => JSON.stringify(request.body).includes(`You are ${name}.`)) ?? "unknown";
const rateLimited: Reply = { kind: "json", status: 429, body: openaiError("Rate limit reached", "rate_limit_error"), headers: { "retry-after": "1" } };

/**
 * A wire server that answers 429 (`Retry-After: 1`) to each agent's first `limited(agent)`
 * requests of a turn, and then its answer; records when each agent's requests arrived.
 */
async function rateLimitedServer(limited: (agent: string) => number) {
  const arrivals = new Map<string, number[]>();
  const server = await serve((_n, request) => {
    const agent = agentOf(request);
    const times = arrivals.get(agent) ?? [];
    times.push(performance.now());
    arrivals.set(agent, times);
    const asked = String(
      JSON.stringify(request.body)
        .match(/"content":"(Where is my refund\?|Thanks)"/g)
        ?.at(-1) ?? "",
    );
    if (times.length <= limited(agent)) return rateLimited;
    return { kind: "sse", events: openaiStream([`${agent} on `, asked.includes("Thanks") ? "thanks" : "refund"]) };
  });
  return { server, arrivals };
}

function servicesFor(): EngineServices {
  const base = testServices();
  return { ...base, models: createModelResolver({ getKey: () => "sk-test-rate-limit-0001", scripted: (request) => base.models.resolve(request) }) };
}

type Message = { role: string; name?: string; content: string };
const messagesOf = (events: RunEvent[]): Message[] =>
  (events.find((e) => e.type === "final_state") as { state: { messages: Message[] } } | undefined)?.state.messages ?? [];
const replies = (events: RunEvent[]) =>
  events
    .filter((e): e is Extract<RunEvent, { type: "ai_message" }> => e.type === "ai_message")
    .map((e) => `${e.agent}: ${e.content}`)
    .sort();

describe("429 with Retry-After to parallel sub-agents", () => {
  it("each branch waits as long as Retry-After asks, then answers once; the turn completes with every reply once", async () => {
    const { server, arrivals } = await rateLimitedServer(() => 1);
    const compiled = compileGraph(teamDoc(`${server.url}/v1`), servicesFor());
    const events = await collectRun(compiled, { message: "Where is my refund?" }, { threadId: "t-429-ok" });

    expect(events.filter((e) => e.type === "error")).toEqual([]);
    expect(events.at(-1)).toMatchObject({ type: "run_end", status: "completed" });
    for (const agent of AGENTS) {
      const times = arrivals.get(agent) ?? [];
      expect(times, agent).toHaveLength(2);
      // Retry-After: 1 is honoured by each branch on its own (a few ms of timer slack aside).
      expect((times[1] ?? 0) - (times[0] ?? 0), agent).toBeGreaterThanOrEqual(990);
    }
    expect(replies(events)).toEqual(["Billing: Billing on refund", "Returns: Returns on refund", "Shipping: Shipping on refund"]);
    const contents = messagesOf(events).map((m) => m.content);
    expect(contents.filter((c) => c.endsWith("on refund")).sort()).toEqual(["Billing on refund", "Returns on refund", "Shipping on refund"]);
  });

  it("a branch still rate limited after its retries fails the turn naming the 429; its siblings' replies stay in the thread and the next message is answered", async () => {
    // Returns is refused three times: its first turn spends its two retries; its next request answers.
    const { server, arrivals } = await rateLimitedServer((agent) => (agent === "Returns" ? 3 : 1));
    const compiled = compileGraph(teamDoc(`${server.url}/v1`), servicesFor());
    const started = performance.now();
    const failed = await collectRun(compiled, { message: "Where is my refund?" }, { threadId: "t-429-fail" });

    expect(performance.now() - started).toBeLessThan(20_000);
    expect(failed.filter((e) => e.type === "error")).toEqual([
      expect.objectContaining({
        code: "MODEL_ERROR",
        message: expect.stringMatching(
          /^The model server at http:\/\/127\.0\.0\.1:\d+\/v1 is limiting how often it may be called \(HTTP 429\).* Tried 3 times in /,
        ),
      }),
    ]);
    expect(failed.at(-1)).toMatchObject({ type: "run_end", status: "error" });
    expect(arrivals.get("Returns")).toHaveLength(3);
    expect(replies(failed)).toEqual(["Billing: Billing on refund", "Shipping: Shipping on refund"]);

    const next = await collectRun(compiled, { message: "Thanks" }, { threadId: "t-429-fail" });
    expect(next.filter((e) => e.type === "error")).toEqual([]);
    expect(next.at(-1)).toMatchObject({ type: "run_end", status: "completed" });
    // The failed turn's replies were kept where they were said, before the next message; nothing twice.
    const history = messagesOf(next).map((m) => `${m.role}: ${m.content}`);
    expect(history.slice(0, 3)).toEqual([
      "human: Where is my refund?",
      expect.stringMatching(/^ai: (Billing|Shipping) on refund$/),
      expect.stringMatching(/^ai: (Billing|Shipping) on refund$/),
    ]);
    expect(history.slice(3, 4)).toEqual(["human: Thanks"]);
    expect(history.slice(4).sort()).toEqual(["ai: Billing on thanks", "ai: Returns on thanks", "ai: Shipping on thanks"]);
    expect(new Set(history).size).toBe(history.length);
  });

  it("a reply stored before a later step failed is kept once, not twice", async () => {
    // Start → Billing (answers) → Returns (refused with 429 three times) → End: Billing's reply is in the state before the failure.
    const { server } = await rateLimitedServer((agent) => (agent === "Returns" ? 3 : 0));
    const chain: GraphDocumentInput = {
      ...teamDoc(`${server.url}/v1`),
      nodes: teamDoc(`${server.url}/v1`).nodes.filter((n) => n.id !== "fan" && n.id !== "shipping"),
      edges: [flow("start", "billing"), flow("billing", "returns"), flow("returns", "end")],
    };
    const compiled = compileGraph(chain, servicesFor());
    const failed = await collectRun(compiled, { message: "Where is my refund?" }, { threadId: "t-429-chain" });
    expect(failed.at(-1)).toMatchObject({ type: "run_end", status: "error" });

    const next = await collectRun(compiled, { message: "Thanks" }, { threadId: "t-429-chain" });
    expect(next.at(-1)).toMatchObject({ type: "run_end", status: "completed" });
    expect(messagesOf(next).map((m) => `${m.role}: ${m.content}`)).toEqual([
      "human: Where is my refund?",
      "ai: Billing on refund",
      "human: Thanks",
      "ai: Billing on thanks",
      "ai: Returns on thanks",
    ]);
  });
});
