// Fault injection over the Anthropic Messages protocol: the same catalogue answered in
// Anthropic's wire format. The key only goes to the official API, whose requests the test
// forwards to the local server, so the faults here are the ones that arrive as a whole answer.
import { expect, expectIntactAfterReload, expectNoKey, historyOf, test, timedSend, useAnthropicProvider } from "./providerFixture";
import { fault, reply } from "./providerServer";
import { WEATHER_TOOL } from "../src/models/testing/faults";

test.describe.configure({ timeout: 150_000 });

const ASK = "Hi there";

test("anthropic 500x2_then_success: retried, then the reply", async ({ app, controls, page, playground, provider }) => {
  const server = await provider(fault("500x2_then_success"));
  await app.goto();
  await useAnthropicProvider(page, controls, server, { maxRetries: 2 });
  const ms = await timedSend(playground, server, ASK);
  await expect(playground.article("Assistant: Hello from the server")).toBeVisible();
  expect(server.requests).toHaveLength(3);
  expect(server.requests[0]!.path).toMatch(/\/v1\/messages$/);
  expect(ms).toBeLessThan(10_000);
  await expectIntactAfterReload(playground, ASK);
});

const silent = [
  ["empty_200", /no text and no tool call/],
  ["done_only", /no text and no tool call/],
  ["html_200", /text\/html/],
] as const;
for (const [kind, says] of silent) {
  test(`anthropic ${kind}: an error, not an empty bubble, and not sent back as history`, async ({ app, controls, page, playground, provider }) => {
    const server = await provider(fault(kind, { times: 1, after: reply(["Hello", " again"]) }));
    await app.goto();
    await useAnthropicProvider(page, controls, server);
    await timedSend(playground, server, ASK);
    await expect(playground.status).toHaveText(says);
    await expect(playground.replies.filter({ hasNotText: says })).toHaveCount(0);
    await expectIntactAfterReload(playground, ASK);
    await timedSend(playground, server, "Try again");
    await expect(playground.article("Assistant: Hello again")).toBeVisible();
    expect(historyOf(server.requests[1]).filter((m) => m.role === "assistant")).toEqual([]);
  });
}

test("anthropic non_json_tool_args: a failed tool card, and the model is told", async ({ app, controls, page, playground, provider }) => {
  const server = await provider(fault("non_json_tool_args", { tokens: ["Sorry,", " let me retry"] }));
  await app.goto();
  await useAnthropicProvider(page, controls, server, { tools: [WEATHER_TOOL], agentTools: [WEATHER_TOOL.id] });
  await timedSend(playground, server, "Weather in Paris?");
  await expect(playground.article("Assistant: Sorry, let me retry")).toBeVisible();
  await expect(playground.toolCall("get_weather")).toContainText(/not valid JSON/);
  expect(server.requests).toHaveLength(2);
  await expectIntactAfterReload(playground, "Weather in Paris?");
});

for (const [kind, ends] of [
  ["echo_key", /^Error: .*key/i],
  ["echo_key_stream", /^Idle$/],
] as const) {
  test(`anthropic ${kind}: the key the server echoes shows nowhere on the page, before or after a reload`, async ({
    app,
    controls,
    page,
    playground,
    provider,
  }) => {
    const server = await provider(fault(kind));
    await app.goto();
    await useAnthropicProvider(page, controls, server);
    await timedSend(playground, server, ASK);
    await expect(playground.status).toHaveText(ends);
    expectNoKey(await page.content());
    await expectIntactAfterReload(playground, ASK);
    expectNoKey(await page.content());
  });
}
