import { describe, expect, it } from "vitest";
import { MemorySaver } from "@langchain/langgraph/web";
import { collectRun, compileGraph, type RunEvent, type RunEventOf } from "../engine/index.js";
import { agentNode, chainDocument } from "../engine/testing/documents.js";
import { createToolResolver } from "../tools/index.js";
import { createModelResolver } from "./resolver.js";
import { faultResponder, WEATHER_TOOL, type FaultKind } from "./testing/faults.js";
import { serversClosedAfterEach, type WireServer } from "./testing/wireServer.js";

const serve = serversClosedAfterEach();
const KEY = "sk-test-0123456789abcdef";

/** Answers the first request with the fault and every later one with a good reply. */
const faultThenOk = (fault: FaultKind) => serve((n, request) => faultResponder(n === 0 ? fault : "ok")(request, n));

function agentGraph(server: WireServer, provider: "openai" | "anthropic") {
  const doc = chainDocument([agentNode("a", { name: "assistant", model: "remote", tools: ["weather"] })], {
    models: [{ id: "remote", provider, model: "test-model", base_url: provider === "openai" ? `${server.url}/v1` : server.url, max_retries: 0 }],
    tools: [WEATHER_TOOL],
  });
  let n = 0;
  return compileGraph(doc, {
    models: createModelResolver({ getKey: () => KEY, retry: { baseDelayMs: 1, jitter: false } }),
    tools: createToolResolver(),
    checkpointer: new MemorySaver(),
    ids: { next: (prefix) => `${prefix}_${++n}` },
  });
}

const ofType = <T extends RunEvent["type"]>(events: RunEvent[], type: T) => events.filter((e): e is RunEventOf<T> => e.type === type);

/** The roles and texts the model was sent in a request, in either protocol. */
function sentMessages(server: WireServer, n: number): { role: string; content: unknown }[] {
  return (server.requests[n]?.body as { messages: { role: string; content: unknown }[] }).messages;
}

describe.each(["openai", "anthropic"] as const)("answers that look like success (%s)", (provider) => {
  it.each([
    ["empty_200", "EMPTY_RESPONSE", /answered \(HTTP 200\) but sent no text and no tool call/],
    ["done_only", "EMPTY_RESPONSE", /sent no text and no tool call/],
    ["html_200", "NOT_A_MODEL_SERVER", /answered with a web page \(text\/html\).*Check the base URL of model profile "remote" in Settings/],
  ] as const)("%s ends the run with %s, stores no reply and sends none later", async (fault, code, text) => {
    const server = await faultThenOk(fault);
    const compiled = agentGraph(server, provider);
    const first = await collectRun(compiled, { message: "Hi" }, { threadId: "t" });
    expect(ofType(first, "error").map((e) => e.code)).toEqual([code]);
    expect(ofType(first, "error")[0]!.message).toMatch(text);
    expect(ofType(first, "run_end")[0]!.status).toBe("error");
    expect(ofType(first, "ai_message")).toEqual([]);

    const second = await collectRun(compiled, { message: "Hello again" }, { threadId: "t" });
    expect(ofType(second, "run_end")[0]!.status).toBe("completed");
    const roles = sentMessages(server, 1).map((m) => m.role);
    expect(roles).not.toContain("assistant");
    expect(JSON.stringify(sentMessages(server, 1))).toContain("Hello again");
  });

  it("turns a tool call whose arguments are not JSON into a failed tool call the model reads", async () => {
    const server = await faultThenOk("non_json_tool_args");
    const events = await collectRun(agentGraph(server, provider), { message: "Weather?" }, { threadId: "t" });
    const result = ofType(events, "tool_result")[0]!;
    expect(result).toMatchObject({ tool: "get_weather", tool_call_id: "call_bad", result: "" });
    expect(result.error).toMatch(/^The arguments of get_weather were not valid JSON \("city=Paris; days=2"\)/);
    expect(ofType(events, "tool_call")[0]).toMatchObject({ tool_call_id: "call_bad", args: {} });
    expect(ofType(events, "error").map((e) => e.code)).toEqual(["TOOL_ARGS_NOT_JSON"]);
    expect(ofType(events, "run_end")[0]!.status).toBe("completed");
    // The model got the error as the call's result, and then answered.
    expect(server.requests).toHaveLength(2);
    const sent = JSON.stringify(sentMessages(server, 1));
    expect(sent).toContain("were not valid JSON");
    expect(sent).toContain("call_bad");
    expect(ofType(events, "ai_message").at(-1)!.content).toBe("Hello from the server");
  });
});
