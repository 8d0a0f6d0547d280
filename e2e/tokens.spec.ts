// Tokens and cost: a local OpenAI-compatible server reports each call's usage as OpenAI does (a
// final usage chunk, cached prompt tokens included); the timeline shows it per call and per run,
// the playground shows the run's total, priced at the profile's prices, and the trace carries it.
import { expect, test, useAnthropicProvider, useProvider } from "./providerFixture";
import { reply, type Script } from "./providerServer";
import { WEATHER_TOOL } from "../src/models/testing/faults";

test.describe.configure({ timeout: 120_000 });

const weatherCall = { id: "call_w", name: "get_weather", argumentPieces: ['{"city":', ' "Paris"}'] };
/** USD per million tokens. */
const PRICES = { input_per_million: 2, output_per_million: 10, cached_input_per_million: 1 };

/** Each reply in the protocol of its request, with usage as that provider reports it. */
const weatherTurn: Script = (n, request) =>
  n === 0
    ? // 1,268 tokens: 226 × $2 + 1,024 cached × $1 + 18 × $10 per million = $0.001656
      reply(["Checking"], [weatherCall], { input: 1_250, output: 18, cached: 1_024 })(n, request)
    : // 1,319 tokens: 286 × $2 + 1,024 × $1 + 9 × $10 per million = $0.001686
      reply(["Sunny", " in", " Paris"], [], { input: 1_310, output: 9, cached: 1_024 })(n, request);

const graph = { profile: { prices: PRICES }, tools: [WEATHER_TOOL], agentTools: [WEATHER_TOOL.id] };

test("tokens per model call in the timeline, and the run's total and cost in the playground and the trace", async ({
  app,
  controls,
  page,
  playground,
  provider,
  timeline,
}) => {
  const server = await provider(weatherTurn);
  await app.goto();
  await useProvider(controls, server, graph);
  await playground.sendAndSettle("Weather in Paris?");
  await expect(playground.article("Assistant: Sunny in Paris")).toBeVisible();
  expect(server.requests[0]!.body).toMatchObject({ stream_options: { include_usage: true } });

  const calls = timeline.row("ai_message Assistant");
  await expect(calls).toHaveCount(2);
  await expect(calls.nth(0)).toContainText("1,268 tokens · $0.00166");
  await expect(calls.nth(1)).toContainText("1,319 tokens · $0.00169");
  await expect(timeline.row("agent_start Assistant")).toContainText("2,587 tokens · $0.00334");
  await expect(timeline.row("run_start")).toContainText("2,587 tokens · $0.00334");
  await calls.nth(0).click();
  await expect(timeline.details).toContainText("Tokens: 1,268 tokens · $0.00166 (input 1,250 (1,024 cached) · output 18 · 1 model call)");

  const total = playground.region.getByRole("note", { name: "Last run usage" });
  await expect(total).toHaveText("Last run: 2,587 tokens · $0.00334");

  const { json } = await timeline.exportTrace();
  const [run] = (json as { runs: { model_calls: number; usage: unknown; cost_usd: number }[] }).runs;
  expect(run).toMatchObject({ model_calls: 2, usage: { input_tokens: 2_560, output_tokens: 27, cached_tokens: 2_048 }, unpriced_calls: 0 });
  expect(run!.cost_usd).toBeCloseTo(0.003342, 9);

  // A price changed in the profile's inspector fields prices the run anew: 27 output tokens × $20 more per million.
  const profile = page.getByRole("group", { name: "Model profile remote" });
  const output = profile.getByRole("spinbutton", { name: "Output price (USD per 1M tokens)" });
  await expect(output).toHaveValue("10");
  await output.fill("30");
  await output.press("Enter");
  await expect(total).toHaveText("Last run: 2,587 tokens · $0.00388");
});

test("Anthropic usage (cache reads in message_start, output in message_delta) reads the same, and survives a reload", async ({
  app,
  controls,
  page,
  playground,
  provider,
  timeline,
}) => {
  const server = await provider(weatherTurn);
  await app.goto();
  await useAnthropicProvider(page, controls, server, graph);
  await playground.sendAndSettle("Weather in Paris?");
  await expect(playground.article("Assistant: Sunny in Paris")).toBeVisible();
  expect(server.requests[0]!.path).toMatch(/\/v1\/messages$/);

  const total = playground.region.getByRole("note", { name: "Last run usage" });
  await expect(total).toHaveText("Last run: 2,587 tokens · $0.00334");
  await page.reload();
  await expect(playground.article("Assistant: Sunny in Paris")).toBeVisible({ timeout: 15_000 });
  await expect(total).toHaveText("Last run: 2,587 tokens · $0.00334");
  await expect(timeline.row("ai_message Assistant").nth(0)).toContainText("1,268 tokens · $0.00166");
  await expect(timeline.row("run_start")).toContainText("2,587 tokens · $0.00334");
});
