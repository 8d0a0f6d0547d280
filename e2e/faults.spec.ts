// Fault injection, part 1: a local OpenAI-compatible server (the fault catalogue of
// src/models/testing/faults.ts) that fails before the reply starts — rate limits, server
// errors, resets, silence, empty or non-model answers, a refused key. Each case checks what
// the user sees, how long it takes, and that the thread reads the same after a reload.
import { expect, expectIntactAfterReload, historyOf, test, timedSend, useProvider } from "./providerFixture";
import { fault, reply } from "./providerServer";

// Page loads and the first run worker are slow on a loaded machine; the timed part is measured apart.
test.describe.configure({ timeout: 90_000 });

const ASK = "Hi there";
const HELLO = "Assistant: Hello from the server";
/** Seconds between the first two requests the server saw. */
const gapBetweenAttempts = (requests: { time: number }[]) => requests[1]!.time - requests[0]!.time;

test("429 with an exposed Retry-After waits as told, then answers", async ({ app, controls, playground, provider }) => {
  const server = await provider(fault("429_retry_after", { retryAfterSeconds: 1 }));
  await app.goto();
  await useProvider(controls, server, { maxRetries: 2 });
  const ms = await timedSend(playground, server, ASK);
  await expect(playground.article(HELLO)).toBeVisible();
  expect(server.requests).toHaveLength(2);
  expect(gapBetweenAttempts(server.requests)).toBeGreaterThanOrEqual(950);
  expect(ms).toBeLessThan(10_000);
  await expectIntactAfterReload(playground, ASK);
});

test("500 three times ends in an error naming the server failure, after 3 attempts", async ({ app, controls, playground, provider }) => {
  const server = await provider(fault("500x3"));
  await app.goto();
  await useProvider(controls, server, { maxRetries: 2 });
  const ms = await timedSend(playground, server, ASK);
  await expect(playground.status).toHaveText(/^Error: .*500/);
  expect(server.requests).toHaveLength(3);
  expect(ms).toBeLessThan(10_000);
  await expect(playground.replies.filter({ hasNotText: /500/ })).toHaveCount(0);
  await expectIntactAfterReload(playground, ASK);
});

test("500 twice then a reply shows the reply, after 3 attempts", async ({ app, controls, playground, provider }) => {
  const server = await provider(fault("500x2_then_success"));
  await app.goto();
  await useProvider(controls, server, { maxRetries: 2 });
  const ms = await timedSend(playground, server, ASK);
  await expect(playground.article(HELLO)).toBeVisible();
  await expect(playground.status).toHaveText("Idle");
  expect(server.requests).toHaveLength(3);
  expect(ms).toBeLessThan(10_000);
  await expectIntactAfterReload(playground, ASK);
});

const silent = [
  ["empty_200", /no text and no tool call/],
  ["done_only", /no text and no tool call/],
  ["html_200", /text\/html/],
] as const;
for (const [kind, says] of silent) {
  test(`${kind}: an answer with no reply in it is an error, not an empty bubble, and is not sent back as history`, async ({
    app,
    controls,
    playground,
    provider,
  }) => {
    const server = await provider(fault(kind, { times: 1, after: reply(["Hello", " again"]) }));
    await app.goto();
    await useProvider(controls, server);
    const ms = await timedSend(playground, server, ASK);
    await expect(playground.status).toHaveText(/^Error: /);
    await expect(playground.status).toHaveText(says);
    await expect(playground.replies.filter({ hasNotText: says })).toHaveCount(0);
    expect(ms).toBeLessThan(10_000);
    await expectIntactAfterReload(playground, ASK);
    await timedSend(playground, server, "Try again");
    await expect(playground.article("Assistant: Hello again")).toBeVisible();
    expect(historyOf(server.requests[1]).filter((m) => m.role === "assistant")).toEqual([]);
  });
}
