import { afterEach, describe, expect, it } from "vitest";
import { providerModel } from "./providerModel.js";
import { createOpenAIModel } from "./openai.js";
import { collect, profile, weatherTool } from "./testing/collect.js";
import { openaiStream } from "./testing/openaiWire.js";
import { startWireServer, type WireServer } from "./testing/wireServer.js";

const KEY = "sk-test-openai-0123456789";
let server: WireServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function openaiPort(events: string[], fields: Parameters<typeof profile>[0] = { id: "gpt", provider: "openai" }) {
  server = await startWireServer(() => ({ kind: "sse", events }));
  const p = profile({ base_url: `${server.url}/v1`, ...fields, provider: "openai" });
  return providerModel({ ...p, provider: "openai" }, { getKey: () => KEY });
}

describe("OpenAI-compatible provider", () => {
  it("streams tokens as separate chunks, in order", async () => {
    const port = await openaiPort(openaiStream(["Hel", "lo", ", wor", "ld"]));
    const { tokens, full } = await collect(port);
    expect(tokens).toEqual(["Hel", "lo", ", wor", "ld"]);
    expect(full.content).toBe("Hello, world");
  });

  it("posts a streaming chat completion with the key as a Bearer token", async () => {
    const port = await openaiPort(openaiStream(["ok"]), { id: "gpt", provider: "openai", temperature: 0.3, max_tokens: 50 });
    await collect(port, { temperature: 0.7 });
    const request = server!.requests[0]!;
    expect(request.method).toBe("POST");
    expect(request.path).toBe("/v1/chat/completions");
    expect(request.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(request.body).toMatchObject({ model: "test-model", stream: true, temperature: 0.7, max_tokens: 50 });
  });

  it("sends tools in function format and joins tool-call deltas into parsed args", async () => {
    const call = { id: "call_1", name: "get_weather", argumentPieces: ['{"ci', 'ty": "Par', 'is", "days"', ": 3}"] };
    const port = await openaiPort(openaiStream(["Checking"], [call]));
    const { full, chunks } = await collect(port, { tools: [weatherTool] });
    expect(chunks.length).toBeGreaterThan(4);
    expect(full.tool_calls).toEqual([{ id: "call_1", name: "get_weather", args: { city: "Paris", days: 3 }, type: "tool_call" }]);
    expect(server!.requests[0]!.body).toMatchObject({
      tools: [{ type: "function", function: { name: "get_weather", description: weatherTool.description, parameters: weatherTool.parameters } }],
    });
  });

  it("sends no tools to a profile without tool calling", async () => {
    const port = await openaiPort(openaiStream(["plain"]), { id: "small", provider: "openai", tool_calling: false });
    expect(port.supportsTools).toBe(false);
    await collect(port, { tools: [weatherTool] });
    expect(server!.requests[0]!.body).not.toHaveProperty("tools");
  });

  it("uses Chat Completions on a custom base URL even for model names ChatOpenAI routes to the Responses API", async () => {
    const port = await openaiPort(openaiStream(["hi"]), { id: "codex", provider: "openai", model: "gpt-5-codex" });
    await collect(port);
    expect(server!.requests[0]!.path).toBe("/v1/chat/completions");
  });

  it("sends a profile without base URL to api.openai.com, whatever the environment says", async () => {
    server = await startWireServer(() => ({ kind: "sse", events: openaiStream(["hi"]) }));
    const seen: string[] = [];
    const local = server.url;
    const redirect: typeof fetch = (input, init) => {
      const url = input instanceof Request ? input.url : String(input);
      seen.push(url);
      return fetch(url.replace("https://api.openai.com", local), init);
    };
    const previous = process.env.OPENAI_BASE_URL;
    process.env.OPENAI_BASE_URL = "http://attacker.invalid/v1";
    try {
      const chat = createOpenAIModel(profile({ id: "gpt", provider: "openai" }), { apiKey: KEY, fetch: redirect });
      const chunks = [];
      for await (const chunk of await chat.stream("Hi")) chunks.push(chunk);
      expect(seen).toEqual(["https://api.openai.com/v1/chat/completions"]);
    } finally {
      if (previous === undefined) delete process.env.OPENAI_BASE_URL;
      else process.env.OPENAI_BASE_URL = previous;
    }
  });
});
