import { afterEach, describe, expect, it } from "vitest";
import { providerModel } from "./providerModel.js";
import { anthropicStream } from "./testing/anthropicWire.js";
import { collect, profile, weatherTool } from "./testing/collect.js";
import { startWireServer, type WireServer } from "./testing/wireServer.js";

const KEY = "sk-ant-test-0123456789";
let server: WireServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function anthropicPort(events: string[], fields: Partial<Parameters<typeof profile>[0]> = {}) {
  server = await startWireServer(() => ({ kind: "sse", events }));
  const p = profile({ id: "claude", model: "claude-test", base_url: server.url, ...fields, provider: "anthropic" });
  return providerModel({ ...p, provider: "anthropic" }, { getKey: () => KEY });
}

describe("Anthropic provider", () => {
  it("streams text deltas as separate chunks, in order", async () => {
    const port = await anthropicPort(anthropicStream(["The ", "sky ", "is ", "blue."]));
    const { tokens, full } = await collect(port);
    expect(tokens).toEqual(["The ", "sky ", "is ", "blue."]);
    expect(full.content).toBe("The sky is blue.");
  });

  it("sends the key as x-api-key with the browser-access and version headers", async () => {
    const port = await anthropicPort(anthropicStream(["ok"]), { temperature: 0.2 });
    await collect(port);
    const request = server!.requests[0]!;
    expect(request.path).toBe("/v1/messages");
    expect(request.headers["x-api-key"]).toBe(KEY);
    expect(request.headers["anthropic-dangerous-direct-browser-access"]).toBe("true");
    expect(request.headers["anthropic-version"]).toBe("2023-06-01");
    expect(request.headers.authorization).toBeUndefined();
    expect(request.body).toMatchObject({ model: "claude-test", stream: true, temperature: 0.2, max_tokens: 4096 });
  });

  it("converts tools and joins input_json_delta pieces into parsed args", async () => {
    const call = { id: "toolu_01", name: "get_weather", argumentPieces: ['{"city":', ' "Os', 'lo", "days": 2}'] };
    const port = await anthropicPort(anthropicStream(["Let me check."], [call]));
    const { full, tokens } = await collect(port, { tools: [weatherTool] });
    expect(tokens.join("")).toBe("Let me check.");
    expect(full.tool_calls).toEqual([{ id: "toolu_01", name: "get_weather", args: { city: "Oslo", days: 2 }, type: "tool_call" }]);
    expect(server!.requests[0]!.body).toMatchObject({
      tools: [{ name: "get_weather", description: weatherTool.description, input_schema: weatherTool.parameters }],
    });
  });
});
