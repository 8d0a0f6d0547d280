// The ejected tools and models behave as the engine's: a return_direct tool ends the turn, and a
// profile's fallback answers when its provider is down but not when it refuses the request. The
// generated src/graph.ts is loaded for real (LangGraph's Node entry: this file runs isolated, see vite.config.ts).
import { rmSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { HumanMessage } from "@langchain/core/messages";
import { docWith, mockTool } from "../schema/fixtures/builders.js";
import { projectDir, writeProject } from "../../tests/support/ejectedProject.js";
import { startToolServer, type ToolServer } from "../../tests/support/toolServer.js";
import { ejectDocument } from "./index.js";

interface ChatGraph {
  invoke(input: Record<string, unknown>): Promise<{ messages: { text: string; name?: string; getType(): string }[] }>;
}

const written: string[] = [];
afterAll(() => written.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

async function ejectedGraph(name: string, document: unknown): Promise<ChatGraph> {
  const dir = writeProject(projectDir(`tools-${name}`), await ejectDocument(document));
  written.push(dir);
  const { createGraph } = (await import(pathToFileURL(path.join(dir, "src/graph.ts")).href)) as { createGraph(): ChatGraph };
  return createGraph();
}

const ask = (graph: ChatGraph, message: string) => graph.invoke({ messages: [new HumanMessage(message)] });

describe("the ejected tools and models", () => {
  let server: ToolServer;
  beforeAll(async () => {
    server = await startToolServer();
  });
  afterAll(() => server.close());

  it("ends the turn with a return_direct tool's result as the agent's reply, without asking the model again", async () => {
    const document = docWith((doc) => {
      doc.tools = [{ ...mockTool("t1", "lookup", { default: "Order 42 shipped" }), return_direct: true }];
      doc.nodes[1].data.tools = ["t1"];
      doc.nodes[1].data.script = {
        rules: [
          { match: "order", tool_calls: [{ name: "lookup", args: {} }] },
          { on: "tool", reply: "The model again" },
        ],
      };
    });
    const graph = await ejectedGraph("return-direct", document);
    const state = await ask(graph, "where is my order?");
    expect(state.messages.map((m) => [m.getType(), m.text])).toEqual([
      ["human", "where is my order?"],
      ["ai", ""],
      ["tool", "Order 42 shipped"],
      ["ai", "Order 42 shipped"],
    ]);
    expect(state.messages.at(-1)?.name).toBe("Assistant");
  });

  it("answers from the fallback profile when the provider is down, and surfaces a refused request instead", async () => {
    vi.stubEnv("OPENAI_API_KEY", "sk-stand-in-for-tests");
    try {
      const onProvider = (baseUrl: string) =>
        docWith((doc) => {
          doc.models = [
            { id: "primary", provider: "openai", model: "gpt-test", base_url: baseUrl, max_retries: 0, fallbacks: ["offline"] },
            { id: "offline", provider: "scripted", model: "scripted" },
          ];
          doc.nodes[1].data.model = "primary";
          doc.nodes[1].data.script = { rules: [{ match: "hello", reply: "Hello from the fallback" }] };
        });
      const down = await ejectedGraph("fallback-down", onProvider(`${server.origin}/v1`));
      const before = server.modelRequests().length;
      expect((await ask(down, "hello")).messages.at(-1)?.text).toBe("Hello from the fallback");
      expect(server.modelRequests().length).toBe(before + 1);
      const refusing = await ejectedGraph("fallback-refused", onProvider(`${server.origin}/refusing/v1`));
      await expect(ask(refusing, "hello")).rejects.toThrow("This request is refused for the test");
    } finally {
      vi.unstubAllEnvs();
    }
  });
});
