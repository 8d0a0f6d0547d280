// The Playground: chatting with the open graph in real Chromium — streamed replies, tool-call
// cards, Stop, threads, problems instead of runs, and everything still there after a reload.
import { expect, test } from "./fixtures";

/** A blank graph whose agent answers slowly, long enough to press Stop. */
function slowGraph(): string {
  const words = "This reply streams slowly so that there is time to press Stop before it ends. ".repeat(10);
  return JSON.stringify({
    version: 1,
    meta: { id: "slow-graph", name: "Slow graph", tags: [] },
    models: [{ id: "scripted", provider: "scripted", model: "scripted" }],
    nodes: [
      { id: "start", kind: "start", position: { x: 0, y: 0 }, data: { name: "Start" } },
      {
        id: "agent",
        kind: "agent",
        position: { x: 200, y: 0 },
        data: { name: "Slowpoke", model: "scripted", script: { rules: [], fallback: words, tokens_per_second: 10 } },
      },
      { id: "end", kind: "end", position: { x: 400, y: 0 }, data: { name: "End" } },
    ],
    edges: [
      { id: "e1", kind: "flow", source: "start", target: "agent" },
      { id: "e2", kind: "flow", source: "agent", target: "end" },
    ],
  });
}

test("a message runs the graph: Running, then the streamed reply with its tool call, then Idle", async ({ app, playground }) => {
  await app.goto();
  await expect(playground.status).toHaveText("Idle");
  await playground.send("What's the weather in Paris?");
  await expect(playground.status).toHaveText("Running");
  await expect(playground.stopButton).toBeEnabled();
  await expect(playground.status).toHaveText("Idle");
  await expect(playground.stopButton).toBeDisabled();

  await expect(playground.article("User: What's the weather in Paris?")).toBeVisible();
  const asking = playground.article("Assistant: Let me check the weather in Paris.");
  await expect(asking).toBeVisible();
  const card = asking.getByRole("group", { name: "Tool call get_weather", exact: true });
  await expect(card).toBeVisible();
  await card.getByText("get_weather").click();
  await expect(card).toContainText('"city": "Paris"');
  await expect(card).toContainText("Sunny, 21°C, light wind in Paris");
  await expect(card).toContainText(/\d+ ms/);
  await expect(playground.article("Assistant: Right now: Sunny, 21°C, light wind in Paris.")).toBeVisible();
  await expect(playground.message).toHaveValue("");
});

test("the blank graph from New graph answers on the scripted model", async ({ app, controls, playground }) => {
  await app.goto();
  await controls.button("New graph").click();
  await expect(controls.graphName).toHaveValue("Untitled graph");
  await expect(playground.messages).toHaveCount(0);
  await playground.sendAndWait("hello");
  await expect(playground.article("Assistant: I have no scripted answer for that.")).toBeVisible();
});

test("Enter sends, Shift+Enter starts a new line", async ({ app, playground }) => {
  await app.goto();
  await playground.message.fill("first line");
  await playground.message.press("Shift+Enter");
  await playground.message.pressSequentially("second line");
  await expect(playground.message).toHaveValue("first line\nsecond line");
  await playground.message.press("Enter");
  await expect(playground.article("User: first line second line")).toBeVisible();
  await expect(playground.status).toHaveText("Idle");
});

test("a reload keeps the thread, its messages and the active thread", async ({ app, page, playground }) => {
  await app.goto();
  await playground.sendAndWait("hello");
  await playground.newThreadButton.click();
  await playground.sendAndWait("What is 12 * (3 + 4)?");
  await expect(playground.article("Assistant: What is 12 * (3 + 4)? → the answer is 84.")).toBeVisible();

  await page.reload();
  await expect(playground.thread).toHaveValue(/.+/);
  await expect(playground.thread.locator("option:checked")).toHaveText("What is 12 * (3 + 4)?");
  await expect(playground.threadOptions).toHaveText(["What is 12 * (3 + 4)?", "hello"]);
  await expect(playground.article("User: What is 12 * (3 + 4)?")).toBeVisible();
  await expect(playground.toolCall("calculator")).toBeVisible();
  await expect(playground.article("Assistant: What is 12 * (3 + 4)? → the answer is 84.")).toBeVisible();
  await expect(playground.article("User: hello")).toHaveCount(0);
});

test("Stop cancels a slow run", async ({ app, controls, playground }) => {
  await app.goto();
  await controls.import("slow-graph.json", slowGraph());
  await expect(controls.graphName).toHaveValue("Slow graph");
  await playground.send("take your time");
  const reply = playground.article("Slowpoke: This reply streams slowly");
  await expect(reply).toBeVisible();
  await expect(playground.status).toHaveText("Running");
  await playground.stopButton.click();
  await expect(playground.status).toHaveText("Idle");
  await expect(reply).toContainText("Stopped");
  // The reply was cut off well before its end.
  const text = (await reply.textContent()) ?? "";
  expect(text.length).toBeLessThan(400);
  await expect(playground.sendButton).toBeDisabled();
  await playground.message.fill("again");
  await expect(playground.sendButton).toBeEnabled();
});

test("a run in progress never blocks editing the graph", async ({ app, controls, playground }) => {
  await app.goto();
  await controls.import("slow-graph.json", slowGraph());
  await expect(controls.graphName).toHaveValue("Slow graph");
  await playground.send("stream for a while");
  const reply = playground.article("Slowpoke: This reply streams slowly");
  await expect(reply).toBeVisible();
  await controls.rename("Renamed while running");
  await expect(playground.status).toHaveText("Running");
  // Tokens keep arriving while the graph is edited.
  const before = (await reply.textContent()) ?? "";
  await expect.poll(async () => ((await reply.textContent()) ?? "").length).toBeGreaterThan(before.length);
  await playground.stopButton.click();
  await expect(playground.status).toHaveText("Idle");
});

test("New thread starts an empty conversation; the Thread box switches between them", async ({ app, playground }) => {
  await app.goto();
  await playground.sendAndWait("hello");
  await playground.newThreadButton.click();
  await expect(playground.messages).toHaveCount(0);
  await expect(playground.thread.locator("option:checked")).toHaveText("New thread");
  await playground.sendAndWait("What's the weather in London?");
  await expect(playground.thread.locator("option:checked")).toHaveText("What's the weather in London?");

  await playground.thread.selectOption({ label: "hello" });
  await expect(playground.article("User: hello")).toBeVisible();
  await expect(playground.article("User: What's the weather in London?")).toHaveCount(0);
  await playground.thread.selectOption({ label: "What's the weather in London?" });
  await expect(playground.article("Assistant: Right now: Drizzle, 14°C in London.")).toBeVisible();
  await expect(playground.article("User: hello")).toHaveCount(0);
});

test("threads can be renamed, and deleted after a confirmation", async ({ app, playground }) => {
  await app.goto();
  await playground.sendAndWait("hello");
  await playground.renameButton.click();
  const name = playground.region.getByRole("textbox", { name: "Thread name" });
  await name.fill("Greetings");
  await name.press("Enter");
  await expect(playground.thread.locator("option:checked")).toHaveText("Greetings");

  await playground.newThreadButton.click();
  await playground.sendAndWait("What can you do?");
  await playground.deleteButton.click();
  const confirm = playground.region.getByRole("alertdialog", { name: "Delete thread?" });
  await expect(confirm).toContainText("What can you do?");
  await confirm.getByRole("button", { name: "Keep thread" }).click();
  await expect(confirm).toBeHidden();
  await expect(playground.threadOptions).toHaveText(["What can you do?", "Greetings"]);

  await playground.deleteButton.click();
  await confirm.getByRole("button", { name: "Yes, delete thread" }).click();
  await expect(playground.threadOptions).toHaveText(["Greetings"]);
  await expect(playground.article("User: hello")).toBeVisible();
});

test("a graph with problems is not run: the playground says why", async ({ app, editor, playground }) => {
  await app.goto();
  const limit = editor.field("Recursion limit");
  await limit.fill("0");
  await limit.press("Enter");
  await expect(playground.region.getByRole("note")).toContainText("This graph has 1 problem: ");
  await playground.send("hello");
  await expect(playground.status).toHaveText(/^Error: This graph has 1 problem: .*recursion_limit/);
  await expect(playground.messages).toHaveCount(0);
  await expect(playground.message).toHaveValue("hello");
});

test("model output is rendered as markdown without raw HTML", async ({ app, controls, page, playground }) => {
  const reply = "**Bold** [docs](https://example.com/docs) [bad](javascript:alert(1)) <img src=x onerror=alert(1)>";
  const doc = JSON.parse(slowGraph()) as { nodes: { kind: string; data: Record<string, unknown> }[]; meta: { id: string; name: string } };
  doc.meta = { ...doc.meta, id: "markdown-graph", name: "Markdown graph" };
  for (const node of doc.nodes) if (node.kind === "agent") node.data.script = { rules: [], fallback: reply, tokens_per_second: 0 };
  await app.goto();
  await controls.import("markdown.json", JSON.stringify(doc));
  await expect(controls.graphName).toHaveValue("Markdown graph");
  await playground.sendAndWait("format something");
  const article = playground.article("Slowpoke:");
  await expect(article.locator("strong")).toHaveText("Bold");
  const link = article.getByRole("link", { name: "docs" });
  await expect(link).toHaveAttribute("href", "https://example.com/docs");
  await expect(link).toHaveAttribute("target", "_blank");
  await expect(link).toHaveAttribute("rel", "noopener noreferrer");
  await expect(article.getByRole("link", { name: "bad" })).toHaveCount(0);
  await expect(article.locator("img")).toHaveCount(0);
  expect(await page.evaluate(() => document.querySelectorAll("[onerror]").length)).toBe(0);
});
