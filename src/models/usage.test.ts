// Token usage over the providers' wire protocols: each model call's ai_message carries the tokens
// the server reported, a run totals them, and profile prices turn them into a cost.
import { describe, expect, it } from "vitest";
import { MemorySaver } from "@langchain/langgraph/web";
import { collectRun, compileGraph, type RunEvent, type RunEventOf } from "../engine/index.js";
import { agentNode, chainDocument } from "../engine/testing/documents.js";
import { graphDocumentSchema, usageTotals, type GraphDocumentInput, type ModelPrices } from "../schema/index.js";
import { createToolResolver } from "../tools/index.js";
import { createModelResolver } from "./resolver.js";
import { createScriptedModel } from "./scripted.js";
import { errorReply, protocolOf, streamReply, WEATHER_TOOL } from "./testing/faults.js";
import type { WireUsage } from "./testing/openaiWire.js";
import { serversClosedAfterEach, type WireServer } from "./testing/wireServer.js";

const serve = serversClosedAfterEach();
const KEY = "sk-test-0123456789abcdef";
const PRICES: ModelPrices = { input_per_million: 2.5, output_per_million: 10, cached_input_per_million: 1.25, cache_write_per_million: 3.75 };

/** The first call asks for the weather; the second answers with the tool's result. */
const FIRST: WireUsage = { input: 1_250, output: 18, cached: 1_024 };
/** Only Anthropic reports cache writes. */
const SECOND = { openai: { input: 1_310, output: 9, cached: 1_024 }, anthropic: { input: 1_310, output: 9, cached: 1_024, cacheWrite: 200 } };
const weatherCall = { id: "call_w", name: "get_weather", argumentPieces: ['{"city":', ' "Paris"}'] };

function toolThenAnswer(n: number, request: Parameters<typeof protocolOf>[0]) {
  const protocol = protocolOf(request);
  return n % 2 === 0 ? streamReply(protocol, ["Checking"], [weatherCall], FIRST) : streamReply(protocol, ["Sunny", " in", " Paris"], [], SECOND[protocol]);
}

function baseUrl(server: WireServer, provider: "openai" | "anthropic") {
  return provider === "openai" ? `${server.url}/v1` : server.url;
}

function compile(doc: GraphDocumentInput) {
  let n = 0;
  return {
    document: graphDocumentSchema.parse(doc),
    compiled: compileGraph(doc, {
      models: createModelResolver({ getKey: () => KEY, scripted: createScriptedModel, retry: { baseDelayMs: 1, jitter: false } }),
      tools: createToolResolver(),
      checkpointer: new MemorySaver(),
      ids: { next: (prefix) => `${prefix}_${++n}` },
    }),
  };
}

const ofType = <T extends RunEvent["type"]>(events: RunEvent[], type: T) => events.filter((e): e is RunEventOf<T> => e.type === type);

/** Input tokens at the input price, cache reads and writes at theirs, output at the output price. */
function expectedCost(u: WireUsage, output: number): number {
  const cached = u.cached ?? 0;
  const written = u.cacheWrite ?? 0;
  return ((u.input - cached - written) * 2.5 + cached * 1.25 + written * 3.75 + output * 10) / 1_000_000;
}

describe.each(["openai", "anthropic"] as const)("token usage over the %s wire protocol", (provider) => {
  it("records each call's input, output and cached tokens on its ai_message, and totals and prices the run", async () => {
    const server = await serve(toolThenAnswer);
    const { document, compiled } = compile(
      chainDocument([agentNode("a", { name: "assistant", model: "remote", tools: ["weather"] })], {
        models: [{ id: "remote", provider, model: "test-model", base_url: baseUrl(server, provider), max_retries: 0, prices: PRICES }],
        tools: [WEATHER_TOOL],
      }),
    );
    const events = await collectRun(compiled, { message: "Weather in Paris?" }, { threadId: "t" });

    const calls = ofType(events, "ai_message");
    expect(calls.map((c) => [c.profile, c.usage])).toEqual([
      ["remote", { input_tokens: 1_250, output_tokens: 18, cached_tokens: 1_024 }],
      ["remote", { input_tokens: 1_310, output_tokens: 9, cached_tokens: 1_024, ...(provider === "anthropic" ? { cache_write_tokens: 200 } : {}) }],
    ]);

    const totals = usageTotals(events, document.models);
    const run = totals.byRun.get(events[0]!.run_id)!;
    expect(run.usage).toEqual({
      input_tokens: 2_560,
      output_tokens: 27,
      cached_tokens: 2_048,
      ...(provider === "anthropic" ? { cache_write_tokens: 200 } : {}),
    });
    expect(run.calls).toBe(2);
    expect(run.unpriced_calls).toBe(0);
    expect(run.cost_usd).toBeCloseTo(expectedCost(FIRST, 18) + expectedCost(SECOND[provider], 9), 12);
    // The agent's call holds both model calls of its loop.
    const agentCall = ofType(events, "agent_start")[0]!.call_id;
    expect(totals.byCall.get(agentCall)?.usage).toEqual(run.usage);
  });

  it("prices a call a fallback profile answered at the fallback's own prices", async () => {
    const primary = await serve((_n, request) => errorReply(protocolOf(request), 503, "Overloaded", "overloaded_error"));
    const backup = await serve((_n, request) => streamReply(protocolOf(request), ["Hi"], [], { input: 400, output: 2 }));
    const { document, compiled } = compile(
      chainDocument([agentNode("a", { name: "assistant", model: "main" })], {
        models: [
          { id: "main", provider, model: "big", base_url: baseUrl(primary, provider), max_retries: 0, fallbacks: ["spare"], prices: PRICES },
          {
            id: "spare",
            provider,
            model: "small",
            base_url: baseUrl(backup, provider),
            max_retries: 0,
            prices: { input_per_million: 0.5, output_per_million: 1 },
          },
        ],
      }),
    );
    const events = await collectRun(compiled, { message: "Hi" }, { threadId: "t" });
    const [call] = ofType(events, "ai_message");
    expect([call!.profile, call!.usage]).toEqual(["spare", { input_tokens: 400, output_tokens: 2 }]);
    expect(usageTotals(events, document.models).byRun.get(call!.run_id)?.cost_usd).toBeCloseTo((400 * 0.5 + 2 * 1) / 1_000_000, 12);
  });
});

describe("usage requests", () => {
  it("asks an OpenAI-compatible server for the stream's usage (stream_options.include_usage)", async () => {
    const server = await serve((_n, request) => streamReply(protocolOf(request), ["ok"]));
    const { compiled } = compile(
      chainDocument([agentNode("a", { name: "assistant", model: "remote" })], {
        models: [{ id: "remote", provider: "openai", model: "test-model", base_url: `${server.url}/v1`, max_retries: 0 }],
      }),
    );
    await collectRun(compiled, { message: "Hi" }, { threadId: "t" });
    expect(server.requests[0]!.body).toMatchObject({ stream: true, stream_options: { include_usage: true } });
  });

  it("leaves usage out of an ai_message when the server reports none, and the run unpriced", async () => {
    // An OpenAI-compatible server that ignores stream_options sends no usage chunk.
    const server = await serve((_n, request) => {
      const reply = streamReply(protocolOf(request), ["ok"]);
      return reply.kind === "sse" ? { ...reply, events: reply.events.filter((e) => !e.includes('"usage"')) } : reply;
    });
    const { document, compiled } = compile(
      chainDocument([agentNode("a", { name: "assistant", model: "remote" })], {
        models: [{ id: "remote", provider: "openai", model: "test-model", base_url: `${server.url}/v1`, max_retries: 0, prices: PRICES }],
      }),
    );
    const events = await collectRun(compiled, { message: "Hi" }, { threadId: "t" });
    expect(ofType(events, "ai_message")[0]).not.toHaveProperty("usage");
    expect(usageTotals(events, document.models).byRun.size).toBe(0);
  });
});

describe("scripted model usage", () => {
  it("reports an estimate of about four characters a token, marked estimated", async () => {
    const { document, compiled } = compile(
      chainDocument([agentNode("a", { name: "assistant", script: { rules: [{ match: ".", reply: "Sunny in Paris, 21 degrees." }] } })], {
        models: [{ id: "scripted", provider: "scripted", model: "scripted", prices: { input_per_million: 1, output_per_million: 2 } }],
      }),
    );
    const events = await collectRun(compiled, { message: "Weather?" }, { threadId: "t" });
    const usage = ofType(events, "ai_message")[0]!.usage!;
    expect(usage.estimated).toBe(true);
    expect(usage.output_tokens).toBe(Math.ceil("Sunny in Paris, 21 degrees.".length / 4));
    expect(usage.input_tokens).toBeGreaterThanOrEqual(Math.ceil("Weather?".length / 4));
    const run = usageTotals(events, document.models).byRun.get(events[0]!.run_id)!;
    expect(run.usage.estimated).toBe(true);
    expect(run.cost_usd).toBeCloseTo((usage.input_tokens * 1 + usage.output_tokens * 2) / 1_000_000, 12);
  });
});
