/**
 * Imported n8n workflows run: each fixture's graph, its model profiles pointed at an
 * OpenAI-compatible test server, runs one turn the way `npm run cli -- run` does (Node services,
 * a checkpointer, compile, run) and answers. A paused approval is answered and the run finishes.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { collectRun, compileGraph, type RunEvent } from "../engine/index.js";
import { N8N_FIXTURES, importFixture } from "../import/n8n/testing/fixtures.js";
import { protocolOf, streamReply } from "../models/testing/faults.js";
import { startWireServer, type WireServer } from "../models/testing/faultServer.js";
import type { GraphDocument } from "../schema/index.js";
import { nodeServices } from "../server/graph/nodeServices.js";
import { openCheckpointer, parseCheckpointSpec } from "./checkpointer.js";

const ANSWER = ["Imported ", "and ", "answering."];
/** What each fixture is asked: the branch fixture takes its If's true branch, the old one its weather branch. */
const MESSAGES: Record<string, string> = {
  "branch-and-switch.json": "I want a refund for order 42",
  "old-version.json": "What is the weather in Lisbon?",
};

/** Model calls a turn makes: the loop's body once, then the join after it. */
const MODEL_CALLS: Record<string, number> = { "loop-over-items.json": 2 };

let server: WireServer;
beforeAll(async () => {
  server = await startWireServer((request) => streamReply(protocolOf(request), ANSWER));
});
afterAll(async () => {
  await server.close();
});

/** The graph with every profile an OpenAI-compatible one on the test server. */
function pointedAtServer(document: GraphDocument): GraphDocument {
  return { ...document, models: document.models.map((m) => ({ ...m, provider: "openai" as const, base_url: `${server.url}/v1` })) };
}

const replies = (events: readonly RunEvent[]) => events.flatMap((e) => (e.type === "ai_message" && e.content ? [e.content] : []));
const statusOf = (events: readonly RunEvent[]) => events.flatMap((e) => (e.type === "run_end" ? [e.status] : [])).at(-1);

describe("imported n8n workflows run one turn", () => {
  it.each(N8N_FIXTURES)("%s answers a message through the CLI's runner", async (name) => {
    const document = pointedAtServer(importFixture(name).document);
    const opened = await openCheckpointer(parseCheckpointSpec("memory"));
    try {
      const compiled = compileGraph(document, nodeServices(document, { checkpointer: opened.saver, store: opened.store, env: { OPENAI_API_KEY: "test-key" } }));
      const threadId = `n8n-${name}`;
      const before = server.requests.length;
      let events = await collectRun(compiled, { message: MESSAGES[name] ?? "Hello there" }, { threadId });
      // A human-in-the-loop step pauses the turn after the draft: approve it as a person would.
      const pause = events.find((e) => e.type === "interrupt");
      if (pause?.type === "interrupt") {
        expect(statusOf(events)).toBe("interrupted");
        events = [
          ...events,
          ...(await collectRun(compiled, { message: "", resume: { interrupt_id: pause.interrupt_id, value: { decision: "approve" } } }, { threadId })),
        ];
      }
      expect(statusOf(events)).toBe("completed");
      expect(replies(events)).toContain(ANSWER.join(""));
      expect(server.requests.length - before).toBe(MODEL_CALLS[name] ?? 1);
      expect(pause !== undefined).toBe(name === "human-in-the-loop.json");
      // The key went to the server the profile names, as a bearer token.
      expect(server.requests.at(-1)?.headers.authorization).toBe("Bearer test-key");
    } finally {
      await opened.close();
    }
  });
});
