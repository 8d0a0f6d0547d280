// Every Flowise fixture's imported graph runs one turn in Node, through the services the CLI runs
// documents with, against a local OpenAI-compatible server its model profiles are pointed at.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { collectRun, compileGraph, type RunEvent } from "../engine/index.js";
import { FIXTURE_FLOWS, importFixture } from "../import/flowise/testing.js";
import { openaiStream } from "../models/testing/openaiWire.js";
import { startWireServer, type RecordedRequest, type Reply, type WireServer } from "../models/testing/faultServer.js";
import type { GraphDocument } from "../schema/index.js";
import { nodeServices } from "../server/graph/nodeServices.js";

const ANSWER = "Imported graph answering.";
let server: WireServer;

/** A JSON value matching the structured-output schema the LLM node sends in its system prompt (first enum value, "x" for text). */
function structuredReply(request: RecordedRequest): string | null {
  const messages = (request.body as { messages?: { role: string; content: unknown }[] }).messages ?? [];
  const system = messages.map((m) => (typeof m.content === "string" ? m.content : "")).join("\n");
  const schemaText = /It must match this JSON Schema:\n(.*)$/m.exec(system)?.[1];
  if (!schemaText) return null;
  const schema = JSON.parse(schemaText) as { properties?: Record<string, { type?: string; enum?: string[] }> };
  const value = Object.fromEntries(
    Object.entries(schema.properties ?? {}).map(([key, spec]) => [key, spec.enum?.[0] ?? (spec.type === "number" ? 1 : spec.type === "array" ? [] : "x")]),
  );
  return JSON.stringify(value);
}

function respond(request: RecordedRequest): Reply {
  if (!request.path.endsWith("/chat/completions")) return { kind: "json", status: 200, body: { ok: true } };
  return { kind: "sse", events: openaiStream([structuredReply(request) ?? ANSWER]) };
}

beforeEach(async () => {
  server = await startWireServer(respond);
});
afterEach(async () => {
  await server.close();
});

/** The document with every model profile, HTTP tool and MCP server pointed at the test server. */
function pointedAtServer(document: GraphDocument): GraphDocument {
  const local = (url: string) => url.replace(/^https?:\/\/[^/]+/, server.url);
  return {
    ...document,
    models: document.models.map((m) => ({ ...m, provider: "openai" as const, base_url: `${server.url}/v1` })),
    tools: document.tools.map((t) => (t.kind === "http" ? { ...t, config: { ...t.config, url: local(t.config.url) } } : t)),
  };
}

/** Each `{{ secrets.NAME }}` the document reads, set and allowed to go to the test server. */
function secretsEnv(document: GraphDocument): Record<string, string> {
  const env: Record<string, string> = { OPENAI_API_KEY: "sk-test-local" };
  for (const [, name] of JSON.stringify(document.tools).matchAll(/secrets\.([A-Za-z_][A-Za-z0-9_]*)/g)) {
    env[`GRAPHWRIGHT_SECRET_${name}`] = "test-secret-value";
    env[`GRAPHWRIGHT_SECRET_${name}_ORIGINS`] = server.url;
  }
  return env;
}

const replies = (events: readonly RunEvent[]) => events.flatMap((e) => (e.type === "ai_message" && e.content ? [e.content] : []));
const failures = (events: readonly RunEvent[]) => events.filter((e) => e.type === "error");

describe("imported Flowise graphs run", () => {
  it("runs the iteration's body once per item of its list, calling the HTTP tool for each", async () => {
    const document = pointedAtServer(importFixture("iteration-http-function.json").document);
    const services = nodeServices(document, { env: secretsEnv(document) });
    try {
      const events = await collectRun(compileGraph(document, services), { message: "Oslo, Lima" }, { threadId: "t-iteration" });
      expect(failures(events)).toEqual([]);
      const calls = server.requests.filter((r) => r.path.startsWith("/v1/forecast"));
      expect(calls).toHaveLength(2);
      expect(calls[0]?.headers.authorization).toBe("Bearer test-secret-value");
    } finally {
      await services.tools.close();
    }
  });

  it.each(FIXTURE_FLOWS)("$label answers one turn against an OpenAI-compatible server", async ({ file, flow }) => {
    const document = pointedAtServer(importFixture(file, flow).document);
    // The Helpdesk flow runs the Order desk flow by its Flowise id: that flow, imported under the id.
    const orders = pointedAtServer(importFixture("export-all.json", "Order desk").document);
    const graphs = { load: async (id: string) => (id === "b7d1e0c2-orders-flow" ? { ...orders, meta: { ...orders.meta, id } } : null) };
    const services = nodeServices(document, { env: secretsEnv(document), graphs });
    try {
      const compiled = compileGraph(document, services);
      let events = await collectRun(compiled, { message: "Oslo, Lima" }, { threadId: `t-${file}-${flow ?? ""}` });
      const pause = events.find((e) => e.type === "interrupt");
      if (pause?.type === "interrupt") {
        // Human in the loop: the person approves, the run goes on to the end.
        events = [
          ...events,
          ...(await collectRun(
            compiled,
            { message: "", resume: { interrupt_id: pause.interrupt_id, value: { decision: "approve" } } },
            { threadId: `t-${file}-${flow ?? ""}` },
          )),
        ];
      }
      expect(failures(events)).toEqual([]);
      expect(replies(events).length).toBeGreaterThan(0);
      const ends = events.flatMap((e) => (e.type === "run_end" ? [e.status] : []));
      expect(ends.at(-1)).toBe("completed");
      expect(server.requests.some((r) => r.path === "/v1/chat/completions")).toBe(true);
    } finally {
      await services.tools.close();
    }
  });
});
