// Replies as markdown in real Chromium: a streamed reply renders block by block (headings, lists,
// fenced code, tables, references resolved across blocks), and a reply that is only raw HTML
// or SVG shows as text instead of an empty bubble.
import { expect, test } from "./fixtures";

// Runs start a worker and stream for seconds; on a busy machine that takes longer than the default.
test.describe.configure({ timeout: 120_000 });

/** A one-agent graph whose scripted agent "Writer" answers `reply` at `tokensPerSecond` (0: at once). */
function writerGraph(reply: string, tokensPerSecond: number): string {
  return JSON.stringify({
    version: 1,
    meta: { id: "markdown-writer", name: "Markdown writer", tags: [] },
    models: [{ id: "scripted", provider: "scripted", model: "scripted" }],
    nodes: [
      { id: "start", kind: "start", position: { x: 0, y: 0 }, data: { name: "Start" } },
      {
        id: "agent",
        kind: "agent",
        position: { x: 200, y: 0 },
        data: { name: "Writer", model: "scripted", script: { rules: [], fallback: reply, tokens_per_second: tokensPerSecond } },
      },
      { id: "end", kind: "end", position: { x: 400, y: 0 }, data: { name: "End" } },
    ],
    edges: [
      { id: "e1", kind: "flow", source: "start", target: "agent" },
      { id: "e2", kind: "flow", source: "agent", target: "end" },
    ],
  });
}

const STREAMED = [
  "## Plan",
  "",
  "Use **bold** words, a `code span` and [the docs][docs].",
  "",
  "- first step",
  "- second step",
  "  - nested detail",
  "",
  "```ts",
  "const a = 1;",
  "",
  "console.log(a);",
  "```",
  "",
  "| name | value |",
  "|------|-------|",
  "| alpha | 1 |",
  "| beta | 2 |",
  "",
  "A closing line with a note[^1] and more words to keep the stream going for a while longer.",
  "",
  "[docs]: https://example.com/docs",
  "",
  "[^1]: The footnote text.",
  "",
].join("\n");

test("a streamed markdown reply renders block by block while it streams, and completely after", async ({ app, controls, playground }) => {
  await app.goto();
  await controls.import("writer.json", writerGraph(STREAMED, 20));
  await expect(controls.graphName).toHaveValue("Markdown writer");
  await playground.send("write it up");
  const reply = playground.article("Writer:");
  // The first blocks are already markdown while the rest of the reply is still arriving.
  const renderedWhileStreaming = () =>
    reply.evaluate(
      (el) => el.getAttribute("aria-busy") === "true" && el.querySelector("h2")?.textContent === "Plan" && el.querySelector("strong")?.textContent === "bold",
    );
  await expect.poll(renderedWhileStreaming, { timeout: 60_000, intervals: [50] }).toBe(true);
  await expect(playground.status).toHaveText("Idle", { timeout: 60_000 });
  await expect(reply).not.toHaveAttribute("aria-busy");

  await expect(reply.locator("strong")).toHaveText("bold");
  await expect(reply.locator("p code")).toHaveText("code span");
  await expect(reply.getByRole("link", { name: "the docs" })).toHaveAttribute("href", "https://example.com/docs");
  await expect(reply.locator("ul > li")).toHaveCount(3);
  await expect(reply.locator("ul ul > li")).toHaveText("nested detail");
  await expect(reply.locator("pre code")).toHaveText("const a = 1;\n\nconsole.log(a);\n");
  await expect(reply.getByRole("cell", { name: "beta" })).toBeVisible();
  await expect(reply.locator("table tr")).toHaveCount(3);
  await expect(reply.getByText("The footnote text.")).toBeAttached();
  // Definitions render nothing themselves; no markdown source is left showing.
  await expect(reply).not.toContainText("[docs]:");
  await expect(reply).not.toContainText("```");
  await expect(reply).not.toContainText("|------|");
});

for (const markup of ['<div><svg viewBox="0 0 10 10"><circle cx="5" cy="5" r="4"/></svg></div>', "<p></p>"]) {
  test(`a reply that is only raw markup (${markup.slice(0, 12)}…) shows as text, not an empty bubble`, async ({ app, controls, page, playground }) => {
    await app.goto();
    await controls.import("writer.json", writerGraph(markup, 0));
    await expect(controls.graphName).toHaveValue("Markdown writer");
    await playground.send("draw something");
    const reply = playground.article("Writer:");
    await expect(reply.locator("pre")).toHaveText(markup, { timeout: 30_000 });
    await expect(playground.status).toHaveText("Idle");
    await expect(reply.locator("svg, circle")).toHaveCount(0);
    expect(await page.evaluate(() => document.querySelectorAll("article circle, article svg").length)).toBe(0);
  });
}
