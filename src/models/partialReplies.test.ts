import { describe, expect, it } from "vitest";
import { MemorySaver } from "@langchain/langgraph/web";
import type { BaseMessage } from "@langchain/core/messages";
import { collectRun, compileGraph, interruptedBy, runGraph, type RunEvent } from "../engine/index.js";
import { agentNode, chainDocument } from "../engine/testing/documents.js";
import { createToolResolver } from "../tools/index.js";
import { createModelResolver } from "./resolver.js";
import { faultResponder, type FaultKind } from "./testing/faults.js";
import { serversClosedAfterEach, type WireServer } from "./testing/wireServer.js";

const serve = serversClosedAfterEach();

function agentGraph(server: WireServer, provider: "openai" | "anthropic") {
  const doc = chainDocument([agentNode("a", { name: "assistant", model: "remote" })], {
    models: [
      { id: "remote", provider, model: "test-model", base_url: provider === "openai" ? `${server.url}/v1` : server.url, max_retries: 0, timeout_ms: 1_000 },
    ],
  });
  let n = 0;
  return compileGraph(doc, {
    models: createModelResolver({ getKey: () => "sk-test-0123456789abcdef" }),
    tools: createToolResolver(),
    checkpointer: new MemorySaver(),
    ids: { next: (prefix) => `${prefix}_${++n}` },
  });
}

async function threadMessages(compiled: ReturnType<typeof agentGraph>): Promise<BaseMessage[]> {
  return ((await compiled.graph.getState({ configurable: { thread_id: "t" } })).values as { messages: BaseMessage[] }).messages;
}

/** The conversation a request sent, as role and text, in either protocol. */
function sent(server: WireServer, n: number): string[] {
  const body = server.requests[n]!.body as { messages: { role: string; content: unknown }[] };
  return body.messages.map((m) => `${m.role}: ${typeof m.content === "string" ? m.content : JSON.stringify(m.content)}`);
}

describe.each(["openai", "anthropic"] as const)("a reply cut off mid-stream is kept in history (%s)", (provider) => {
  it.each(["reset_mid_stream", "stall_after_2_tokens", "garbage_chunk"] as FaultKind[])("after %s", async (fault) => {
    const server = await serve((n, request) => faultResponder(n === 0 ? fault : "ok")(request, n));
    const compiled = agentGraph(server, provider);
    const first = await collectRun(compiled, { message: "Tell me" }, { threadId: "t" });
    expect(first.at(-1)).toMatchObject({ type: "run_end", status: "error" });
    const stored = (await threadMessages(compiled)).at(-1)!;
    expect(stored.content).toBe("Hello from");
    expect(interruptedBy(stored)).toBe("error");

    await collectRun(compiled, { message: "Go on" }, { threadId: "t" });
    const conversation = sent(server, 1).filter((line) => !line.startsWith("system"));
    expect(conversation).toHaveLength(3);
    expect(conversation[0]).toMatch(/^user: .*Tell me/);
    expect(conversation[1]).toMatch(/^assistant: .*Hello from/);
    expect(conversation[2]).toMatch(/^user: .*Go on/);
  });

  it("after Stop", async () => {
    const server = await serve((n, request) => faultResponder(n === 0 ? "stall_after_2_tokens" : "ok")(request, n));
    const compiled = agentGraph(server, provider);
    const controller = new AbortController();
    const events: RunEvent[] = [];
    let streamed = "";
    for await (const event of runGraph(compiled, { message: "Tell me" }, { threadId: "t", signal: controller.signal })) {
      events.push(event);
      if (event.type === "message_delta") streamed += event.delta;
      if (streamed === "Hello from") controller.abort();
    }
    expect(events.at(-1)).toMatchObject({ type: "run_end", status: "cancelled" });
    const stored = (await threadMessages(compiled)).at(-1)!;
    expect([stored.content, interruptedBy(stored)]).toEqual(["Hello from", "cancelled"]);
    await collectRun(compiled, { message: "Go on" }, { threadId: "t" });
    expect(sent(server, 1).join("\n")).toMatch(/assistant: .*Hello from/);
  });
});
