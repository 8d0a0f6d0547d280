// Fault injection, part 1: a local OpenAI-compatible server (the fault catalogue of
// src/models/testing/faults.ts) that fails before the reply starts — rate limits, server
// errors, resets, silence, empty or non-model answers, a refused key. Each case checks what
// the user sees, how long it takes, and that the thread reads the same after a reload.
import { expect, expectIntactAfterReload, expectNoKey, historyOf, test, timedSend, useProvider } from "./providerFixture";
import { fault, reply } from "./providerServer";

// Page loads and the first run worker are slow on a loaded machine; the timed part is measured apart.
test.describe.configure({ timeout: 150_000 });

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

for (const kind of ["429_hidden_retry_after", "429_no_retry_after"] as const) {
  test(`${kind}: a 429 without a readable Retry-After backs off from 1 s, then answers`, async ({ app, controls, playground, provider }) => {
    const server = await provider(fault(kind));
    await app.goto();
    await useProvider(controls, server, { maxRetries: 2 });
    const ms = await timedSend(playground, server, ASK);
    await expect(playground.article(HELLO)).toBeVisible();
    expect(server.requests).toHaveLength(2);
    // Exponential backoff from 1 s, jittered to no less than half of it (it was 265 ms).
    expect(gapBetweenAttempts(server.requests)).toBeGreaterThanOrEqual(500);
    expect(ms).toBeLessThan(10_000);
    await expectIntactAfterReload(playground, ASK);
  });
}

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

test("a connection reset before any header is an error a person can read", async ({ app, controls, playground, provider }) => {
  const server = await provider(fault("reset_before_headers"));
  await app.goto();
  await useProvider(controls, server);
  const ms = await timedSend(playground, server, ASK);
  await expect(playground.status).toHaveText(/^Error: /);
  // One sentence, not two messages glued together ("Connection error.: Failed to fetch").
  await expect(playground.status).not.toHaveText(/\.:/);
  expect(ms).toBeLessThan(10_000);
  await expectIntactAfterReload(playground, ASK);
});

test("a server that never sends headers ends at the deadline, and the error says the real wait", async ({ app, controls, playground, provider }) => {
  const server = await provider(fault("never_sends_headers"));
  await app.goto();
  await useProvider(controls, server, { maxRetries: 1, timeoutMs: 1_000, profile: { first_byte_timeout_ms: 1_000 } });
  const ms = await timedSend(playground, server, ASK);
  await expect(playground.status).toHaveText(/^Error: /);
  expect(server.requests).toHaveLength(2);
  expect(ms).toBeLessThan(10_000);
  // Two attempts of 1 s and a backoff: the error names the whole wait, not one attempt's 1 s.
  const said = /(\d+(?:\.\d+)?) ?s\b/.exec((await playground.status.textContent()) ?? "");
  expect(said, "the error names the wait in seconds").not.toBeNull();
  expect(Number(said![1])).toBeGreaterThanOrEqual(2);
  expect(Number(said![1])).toBeLessThanOrEqual(ms / 1000 + 1);
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

test("a 401 says the key was refused and where to change it, without retrying or showing the key", async ({ app, controls, page, playground, provider }) => {
  const server = await provider(fault("401"));
  await app.goto();
  await useProvider(controls, server, { maxRetries: 2 });
  const ms = await timedSend(playground, server, ASK);
  await expect(playground.status).toHaveText(/^Error: .*key/i);
  await expect(playground.status).toHaveText(/Settings/);
  expect(server.requests).toHaveLength(1);
  expect(ms).toBeLessThan(10_000);
  expectNoKey(await page.content());
  await expectIntactAfterReload(playground, ASK);
});
