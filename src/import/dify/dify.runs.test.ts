/**
 * Every Dify fixture, imported, runs one turn the way the CLI runs a document (Node services,
 * the engine's own runner) with its model profiles and HTTP tools pointed at a local
 * OpenAI-compatible server, and answers. A question on the way is answered with its first option.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { collectRun, compileGraph, type RunEvent } from "../../engine/index.js";
import { openaiStream } from "../../models/testing/openaiWire.js";
import { startWireServer, type RecordedRequest, type Reply, type WireServer } from "../../models/testing/faultServer.js";
import type { GraphDocument } from "../../schema/index.js";
import { secretNamesIn } from "../../schema/index.js";
import { nodeServices } from "../../server/graph/nodeServices.js";
import { FIXTURES, importFixture } from "./testing/fixtures.js";

const SUBFLOW_ID = "dify-3c2b1a09-8f7e-4d6c-b5a4-938271605f4e";

/** Model calls get a reply (JSON when the call asks for structured output); anything else is an HTTP tool's call. */
function respond(request: RecordedRequest): Reply {
  if (!request.path.endsWith("/chat/completions")) return { kind: "json", status: 200, body: { items: [{ name: "tea", price: 3 }] } };
  const wire = JSON.stringify(request.body);
  if (wire.includes("Reply with a single JSON value")) return { kind: "sse", events: openaiStream(['{"order_id": "A-1042", "intent": "status"}']) };
  return { kind: "sse", events: openaiStream(["Bonjour ", "from ", "the ", "test ", "model."]) };
}

/** The document with every model and every HTTP tool pointed at the local server, and the env its secrets need. */
function pointedAt(document: GraphDocument, server: WireServer): { document: GraphDocument; env: Record<string, string> } {
  const env: Record<string, string> = { OPENAI_API_KEY: "sk-local-test-key" };
  const models = document.models.map((m) => (m.provider === "scripted" ? m : { ...m, provider: "openai" as const, base_url: `${server.url}/v1` }));
  const tools = document.tools.map((tool) => {
    if (tool.kind !== "http") return tool;
    const url = `${server.url}/http/${tool.id}`;
    for (const value of [...Object.values(tool.config.headers), ...Object.values(tool.config.query)]) {
      for (const name of secretNamesIn(value)) {
        env[`GRAPHWRIGHT_SECRET_${name}`] = "local-test-secret";
        env[`GRAPHWRIGHT_SECRET_${name}_ORIGINS`] = server.url;
      }
    }
    return { ...tool, config: { ...tool.config, url } };
  });
  return { document: { ...document, models, tools }, env };
}

const answerOf = (events: readonly RunEvent[]) => events.flatMap((e) => (e.type === "ai_message" && e.content ? [e.content] : [])).at(-1) ?? "";

describe("imported Dify fixtures run one turn", { timeout: 60_000 }, () => {
  let server: WireServer;
  beforeAll(async () => {
    server = await startWireServer((request) => respond(request));
  });
  afterAll(async () => {
    await server.close();
  });

  it.each(FIXTURES)("%s answers a message against an OpenAI-compatible server", async (name) => {
    const { document, env } = pointedAt(importFixture(name).document, server);
    const child = pointedAt(importFixture("translate-subflow", SUBFLOW_ID).document, server).document;
    const services = nodeServices(document, { env, graphs: { load: async (id) => (id === SUBFLOW_ID ? child : Promise.reject(new Error(`no graph ${id}`))) } });
    const compiled = compileGraph(document, services);
    const threadId = `dify-${name}`;
    const before = server.requests.filter((r) => r.path.endsWith("/chat/completions")).length;
    let events = await collectRun(compiled, { message: "Price of tea and a refund for order A-1042 please" }, { threadId });
    const paused = events.find((e) => e.type === "interrupt");
    if (paused?.type === "interrupt" && paused.payload.kind === "question") {
      const option = paused.payload.options[0]?.id ?? "";
      events = await collectRun(compiled, { message: "", resume: { interrupt_id: paused.interrupt_id, value: { option_id: option } } }, { threadId });
    }
    await services.tools.close();
    const end = events.find((e) => e.type === "run_end");
    expect(end?.type === "run_end" ? end.status : "none", JSON.stringify(events.filter((e) => e.type === "error"))).toBe("completed");
    expect(answerOf(events)).not.toBe("");
    expect(server.requests.filter((r) => r.path.endsWith("/chat/completions")).length).toBeGreaterThan(before);
  });
});
