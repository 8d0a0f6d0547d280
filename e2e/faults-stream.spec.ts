// Fault injection, part 2: a local OpenAI-compatible server (the fault catalogue of
// src/models/testing/faults.ts) that fails once the reply has started — a reset, a garbage
// chunk, a stall — sends tool arguments that are not JSON, or echoes the API key.
// Partial replies stay in the chat, marked, and are part of the next request.
import { expect, expectIntactAfterReload, historyOf, test, timedSend, useProvider } from "./providerFixture";
import { fault } from "./providerServer";

test.describe.configure({ timeout: 150_000 });

test("non_json_tool_args: a failed tool card and an error event, and the model is told", async ({ app, controls, playground, provider, timeline }) => {
  const server = await provider(fault("non_json_tool_args", { tokens: ["Sorry,", " let me retry"] }));
  await app.goto();
  const weather = {
    id: "weather",
    kind: "mock",
    name: "get_weather",
    description: "Weather for a city",
    input_schema: { type: "object", properties: { city: { type: "string" } }, required: ["city"] },
    config: { default: "Sunny in {{ args.city }}" },
  };
  await useProvider(controls, server, { tools: [weather], agentTools: ["weather"] });
  const ms = await timedSend(playground, server, "Weather in Paris?");
  await expect(playground.article("Assistant: Sorry, let me retry")).toBeVisible();
  const card = playground.toolCall("get_weather");
  await expect(card).toContainText(/not valid JSON/);
  await expect(timeline.row("error")).not.toHaveCount(0);
  expect(server.requests).toHaveLength(2);
  const toolMessage = historyOf(server.requests[1]).find((m) => m.role === "tool");
  expect(toolMessage?.text).toMatch(/not valid JSON/);
  expect(ms).toBeLessThan(10_000);
  await expectIntactAfterReload(playground, "Weather in Paris?");
  await expect(card).toContainText(/not valid JSON/);
});
