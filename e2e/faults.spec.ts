// Fault injection, part 1: a local OpenAI-compatible server that fails before the reply
// starts — rate limits, server errors, resets, silence, empty or non-model answers, a
// rejected key. Each case checks what the user sees, how long it takes, and the thread after a reload.
import { expect, expectIntactAfterReload, test, timedSend, useProvider } from "./providerFixture";
import { inOrder, type Step } from "./providerServer";

// Page loads and the first run worker are slow on a loaded machine; the timed part is measured apart.
test.describe.configure({ timeout: 90_000 });

const ASK = "Hi there";
const ok: Step = { kind: "reply", tokens: ["Recovered", " fine"] };
const rateLimited = (exposed: boolean): Step => ({
  kind: "status",
  status: 429,
  body: { error: { message: "Rate limit reached for requests", type: "requests", code: "rate_limit_exceeded" } },
  headers: { "retry-after": "1" },
  exposeHeaders: exposed ? ["retry-after"] : [],
});
const serverError: Step = {
  kind: "status",
  status: 500,
  body: { error: { message: "The server had an error while processing your request.", type: "server_error" } },
};

test.describe("the provider fails before the reply starts", () => {
  test("429 with an exposed Retry-After waits as told, then answers", async ({ app, controls, playground, provider }) => {
    const server = await provider(inOrder(rateLimited(true), ok));
    await app.goto();
    await useProvider(controls, server, { maxRetries: 2 });
    const ms = await timedSend(playground, server, ASK);
    await expect(playground.article("Assistant: Recovered fine")).toBeVisible();
    expect(server.requests).toHaveLength(2);
    expect(server.requests[1]!.at - server.requests[0]!.at).toBeGreaterThanOrEqual(900);
    expect(ms).toBeLessThan(10_000);
    await expectIntactAfterReload(playground, ASK);
  });

  test("500 three times ends in an error naming the server failure, after 3 attempts", async ({ app, controls, playground, provider }) => {
    const server = await provider(inOrder(serverError));
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
    const server = await provider(inOrder(serverError, serverError, ok));
    await app.goto();
    await useProvider(controls, server, { maxRetries: 2 });
    const ms = await timedSend(playground, server, ASK);
    await expect(playground.article("Assistant: Recovered fine")).toBeVisible();
    await expect(playground.status).toHaveText("Idle");
    expect(server.requests).toHaveLength(3);
    expect(ms).toBeLessThan(10_000);
    await expectIntactAfterReload(playground, ASK);
  });
});
