// The XSS corpus (e2e/xss-corpus.json, over 200 payloads) delivered the ways hostile text
// reaches the app — model replies, tool arguments, tool results and tool names from a local
// provider, and names, labels and texts of an imported document — in large batches.
// Nothing may run (canary, dialogs), load (request log, the server's own log) or be planted in the DOM.
import { expect, test, useProvider } from "./providerFixture";
import { reply, type ProviderServer, type Script } from "./providerServer";
import { batches, payloads, watch } from "./xssAudit";

test.describe.configure({ timeout: 180_000 });

const appOrigin = (baseURL: string | undefined) => new URL(baseURL ?? "http://localhost").origin;

/** Requests to the server's `/x/…` paths: loads a payload asked for. */
const strayLoads = (server: ProviderServer) => server.requests.filter((r) => r.path.startsWith("/x/")).map((r) => r.path);

test("replies, tool arguments, tool results and tool names from a provider run nothing and load nothing", async ({
  app,
  baseURL,
  controls,
  page,
  playground,
  provider,
  timeline,
}) => {
  const steps: Script[] = [];
  const server = await provider((n, request) => steps[Math.min(n, steps.length - 1)]!(n, request));
  const watcher = await watch(page, () => [appOrigin(baseURL), `${server.url}/v1/`]);
  const all = payloads(`${server.url}/x`);
  const echoCalls = batches(all, 25).map((batch, i) => ({ id: `call_echo_${i}`, name: "echo", argumentPieces: [JSON.stringify({ text: batch.join("\n") })] }));
  const namedCalls = all
    .filter((p) => p.length <= 64)
    .slice(0, 30)
    .map((name, i) => ({ id: `call_name_${i}`, name, argumentPieces: [JSON.stringify({ text: name })] }));
  steps.push(
    // One reply holding every payload, streamed ten payloads per chunk.
    reply(["Here they are:\n\n", ...batches(all, 10).map((b) => `${b.join("\n\n")}\n\n`), "END-OF-CORPUS"]),
    // Every payload as tool arguments (and so as echoed tool results), and short ones as tool names.
    reply([], [...echoCalls, ...namedCalls]),
    reply(["Tools done."]),
    // A reply that is markup alone, which renders to nothing as markdown.
    reply(["<svg onload=__xss()>", "<img src=x onerror=__xss()>"]),
  );

  await app.goto();
  await watcher.recordBaseline();
  const echo = { id: "echo", kind: "builtin", name: "echo", description: "Repeats its text", config: { builtin: "echo" } };
  await useProvider(controls, server, { tools: [echo], agentTools: ["echo"], timeoutMs: 10_000 });

  await playground.send(all[0]!);
  await expect(playground.region.getByText("END-OF-CORPUS")).toBeVisible({ timeout: 60_000 });
  await expect(playground.status).toHaveText("Idle");

  await playground.send("Use the tools");
  await expect(playground.article("Assistant: Tools done.")).toBeVisible({ timeout: 60_000 });
  await expect(playground.toolCall("echo")).toHaveCount(echoCalls.length);
  await expect(playground.toolCalls).toHaveCount(echoCalls.length + namedCalls.length);
  await expect(playground.toolCall("echo").first()).toContainText("hover me");

  await playground.send("Markup only");
  await expect.poll(() => server.requests.length, { timeout: 30_000 }).toBe(4);
  await expect(playground.status).not.toHaveText("Running", { timeout: 30_000 });

  await timeline.verbose.check();
  await expect(timeline.rows.first()).toBeVisible();
  await watcher.expectNothingHappened();
  expect(strayLoads(server)).toEqual([]);

  await page.reload();
  await expect(playground.region.getByText("END-OF-CORPUS")).toBeVisible({ timeout: 30_000 });
  await watcher.expectNothingHappened();
  expect(strayLoads(server)).toEqual([]);
});

test("names, labels and texts of an imported document run nothing and load nothing", async ({ app, baseURL, controls, page, playground, provider }) => {
  const server = await provider(() => ({ kind: "raw", status: 404, contentType: "text/plain", body: "" }));
  const watcher = await watch(page, () => [appOrigin(baseURL)]);
  const all = payloads(`${server.url}/x`);
  const short = all.filter((p) => p.length <= 200);
  const notes = batches(all, 25).map((batch, i) => ({
    id: `note${i}`,
    kind: "note",
    position: { x: 400 + (i % 4) * 260, y: Math.floor(i / 4) * 220 },
    data: { text: batch.join("\n") },
  }));
  const options = short.slice(0, 40).map((label, i) => ({ id: `o${i}`, label }));
  const doc = {
    version: 1,
    meta: { id: "xss-names", name: "Hostile names", description: all.join("\n") },
    nodes: [
      { id: "start", kind: "start", position: { x: 0, y: 0 }, data: { name: short[1] } },
      { id: "ask", kind: "question", position: { x: 0, y: 150 }, data: { name: "Ask", question: all.slice(0, 60).join("\n\n"), options } },
      { id: "end", kind: "end", position: { x: 0, y: 300 }, data: { name: short[2] } },
      ...notes,
    ],
    edges: [
      { id: "e1", kind: "flow", source: "start", target: "ask", label: short[3] },
      ...options.map((o, i) => ({ id: `e${i + 2}`, kind: "flow", source: "ask", target: "end", source_handle: o.id, label: short[4 + i] })),
    ],
  };

  await app.goto();
  await watcher.recordBaseline();
  await controls.import("hostile-names.json", JSON.stringify(doc));
  await expect(controls.graphName).toHaveValue("Hostile names");
  await expect(controls.canvas.getByText("hover me").first()).toBeAttached();

  await playground.send(short[5]!);
  await expect(playground.region.getByRole("button", { name: options[0]!.label, exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(playground.threadOptions.first()).toBeAttached();

  await watcher.expectNothingHappened();
  expect(strayLoads(server)).toEqual([]);
  await page.reload();
  await expect(controls.graphName).toHaveValue("Hostile names");
  await expect(playground.region.getByRole("button", { name: options[0]!.label, exact: true })).toBeVisible({ timeout: 30_000 });
  await watcher.expectNothingHappened();
  expect(strayLoads(server)).toEqual([]);
});

test.describe("without the Content-Security-Policy", () => {
  // The app's CSP (e2e/csp.spec.ts) blocks a planted handler and a foreign load before the watch
  // could see them: this proves the watch alone would catch them, so the corpus is checked twice.
  test.use({ bypassCSP: true });

  test("the watch itself catches a planted handler, its canary call and its load", async ({ app, baseURL, page, provider }) => {
    const server = await provider(() => ({ kind: "raw", status: 404, contentType: "text/plain", body: "" }));
    const watcher = await watch(page, () => [appOrigin(baseURL)]);
    await app.goto();
    await watcher.recordBaseline();
    await page.evaluate((src) => {
      const img = document.createElement("img");
      img.setAttribute("onerror", "__xss()");
      img.src = src;
      document.body.append(img);
    }, `${server.url}/x/probe`);
    await expect.poll(() => strayLoads(server)).toEqual(["/x/probe"]);
    // The server logs the request before the browser has the 404 and fires `onerror`: wait for the canary.
    const complaint = () =>
      watcher.expectNothingHappened().then(
        () => "nothing",
        (error: unknown) => String(error),
      );
    await expect.poll(complaint).toMatch(/canary/);
    expect(watcher.loads).toEqual([`${server.url}/x/probe`]);
  });
});
