// Fault injection, part 2: a local OpenAI-compatible server (the fault catalogue of
// src/models/testing/faults.ts) that fails once the reply has started — a reset, a garbage
// chunk, a stall — sends tool arguments that are not JSON, or echoes the API key.
// Partial replies stay in the chat, marked, and are part of the next request.
import { expect, expectIntactAfterReload, expectNoKey, historyOf, test, timedSend, useProvider } from "./providerFixture";
import { fault, reply } from "./providerServer";
import { WEATHER_TOOL } from "../src/models/testing/faults";

test.describe.configure({ timeout: 150_000 });

const ASK = "Tell me a story";

for (const kind of ["reset_mid_stream", "garbage_chunk", "stall_after_2_tokens"] as const) {
  test(`${kind}: the partial reply stays, marked, in the chat and in the next request`, async ({ app, controls, playground, provider }) => {
    const server = await provider(fault(kind, { times: 1, after: reply(["Noted", " that"]) }));
    await app.goto();
    // The stall case needs a short stall limit, which bounds the first byte too: the others get
    // a long one, so a busy machine's slow first request is not taken for the fault.
    await useProvider(controls, server, { timeoutMs: kind === "stall_after_2_tokens" ? 2_000 : 10_000 });
    const ms = await timedSend(playground, server, ASK);
    await expect(playground.status).toHaveText(kind === "reset_mid_stream" ? /^Error: .*broke in the middle of the reply/ : /^Error: /);
    // What the reply had got to: "Hello from", or "Hello" when the cut reached a busy page's
    // stream before it read the second token (a stream that errors drops the chunks it still holds).
    const partial = playground.article("Assistant: Hello");
    await expect(partial).toBeVisible();
    await expect(partial).toContainText(/interrupted|stopped/i);
    const kept = (await partial.getByRole("paragraph").first().textContent())?.trim() ?? "";
    expect(kept).toMatch(/^Hello( from)?$/);
    expect(ms).toBeLessThan(10_000);
    await expectIntactAfterReload(playground, ASK);

    await timedSend(playground, server, "Go on");
    await expect(playground.article("Assistant: Noted that")).toBeVisible();
    // A system note may say the reply was cut off; the conversation itself must be whole, with the
    // partial reply as the chat shows it.
    const history = historyOf(server.requests.at(-1)).filter((m) => m.role !== "system");
    expect(history.map((m) => m.role)).toEqual(["user", "assistant", "user"]);
    expect(history[1]!.text).toContain(kept);
  });
}

test("non_json_tool_args: a failed tool card and an error event, and the model is told", async ({ app, controls, playground, provider, timeline }) => {
  const server = await provider(fault("non_json_tool_args", { tokens: ["Sorry,", " let me retry"] }));
  await app.goto();
  await useProvider(controls, server, { tools: [WEATHER_TOOL], agentTools: [WEATHER_TOOL.id] });
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

test("echo_key_stream: a reply that streams the key back shows it redacted everywhere", async ({ app, controls, page, playground, provider }) => {
  const server = await provider(fault("echo_key_stream"));
  await app.goto();
  await useProvider(controls, server);
  await timedSend(playground, server, ASK);
  await expect(playground.article("Assistant: Your key is")).toBeVisible();
  await expect(playground.status).toHaveText("Idle");
  expectNoKey(await page.content());
  await expectIntactAfterReload(playground, ASK);
  expectNoKey(await page.content());
});

test("echo_key: an error body that echoes the key without its prefix shows it redacted", async ({ app, controls, page, playground, provider }) => {
  const server = await provider(fault("echo_key"));
  await app.goto();
  await useProvider(controls, server);
  await timedSend(playground, server, ASK);
  await expect(playground.status).toHaveText(/^Error: .*key/i);
  expectNoKey(await page.content());
  await expectIntactAfterReload(playground, ASK);
  expectNoKey(await page.content());
});
