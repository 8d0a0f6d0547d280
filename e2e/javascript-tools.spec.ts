// JavaScript tools in the browser: the engine worker asks the page to run the code in QuickJS
// inside a sandboxed frame's worker. A result reaches the tool card; an infinite loop ends
// with a timeout card while the page stays responsive, and the next message works.
import numberCruncher from "../examples/number-cruncher.json" with { type: "json" };
import { expect, test } from "./fixtures";

// Starting the frame, its worker and QuickJS breaks no policy of the page or the frame.
test.afterEach(({ consoleErrors }) => {
  expect(consoleErrors).toEqual([]);
});

/** How long the spinning tool may run before QuickJS interrupts it. */
const SPIN_TIMEOUT_MS = 6_000;

/** The Number cruncher template plus `spin`, a JavaScript tool that never returns (`code` and limits as given). */
function withSpinningTool(code = "while (true) {}", limits = { timeout_ms: SPIN_TIMEOUT_MS, memory_limit_mb: 16 }): typeof numberCruncher {
  const doc = structuredClone(numberCruncher);
  doc.meta = { ...doc.meta, id: "js-spin", name: "Spinning cruncher" };
  doc.tools.push({
    ...doc.tools[0]!,
    id: "spin",
    name: "spin",
    description: "Never returns.",
    input_schema: { type: "object", properties: {}, required: [] } as never,
    config: { code, ...limits },
  });
  const agent = doc.nodes.find((node) => node.id === "cruncher")!;
  agent.data.tools!.push("spin");
  agent.data.script!.rules.unshift(
    { match: "^spin$", tool_calls: [{ name: "spin", args: {} }] } as never,
    { on: "tool", tool: "spin", reply: "The spin ended: {{ tool_result }}" } as never,
  );
  return doc;
}

test("an agent's JavaScript tool runs in the sandbox and its card shows the result", async ({ app, controls, playground }) => {
  await app.goto();
  await controls.import("number-cruncher.json", JSON.stringify(numberCruncher));
  await expect(controls.graphName).toHaveValue("Number cruncher");

  await playground.sendAndWait("Summarize 3 1 4 1 5 9 2 6");
  const card = playground.toolCall("summarize_numbers");
  await expect(card).toContainText("done");
  await card.locator("summary").click();
  await expect(card).toContainText('"median": 3.5');
  await expect(card).toContainText('"sum": 31');
  await expect(playground.article("Cruncher: Here is the summary")).toBeVisible();
});

test("an infinite loop in a JavaScript tool ends with a timeout card while the canvas keeps reacting, and the next message works", async ({
  app,
  controls,
  editor,
  playground,
}) => {
  await app.goto();
  await controls.import("spinning-cruncher.json", JSON.stringify(withSpinningTool()));
  await expect(controls.graphName).toHaveValue("Spinning cruncher");
  // A first call starts the sandbox, so the spin's card times the code alone.
  await playground.sendAndWait("Summarize 1 2");

  await playground.send("spin");
  const card = playground.toolCall("spin");
  await expect(card).toContainText("running…");

  // While the code spins, the page is free: a node can be dragged and the move shows.
  const end = editor.node("End");
  const before = await editor.box(end);
  await editor.drag("End", { x: 120, y: 60 });
  await expect.poll(async () => (await editor.box(end)).x).toBeGreaterThan(before.x + 80);
  await expect(card).toContainText("running…");

  await expect(card).toContainText("failed", { timeout: SPIN_TIMEOUT_MS + 10_000 });
  await card.locator("summary").click();
  await expect(card).toContainText(`did not finish within ${SPIN_TIMEOUT_MS} ms`);
  const duration = Number((await card.locator("summary").textContent())?.match(/(\d+) ms/)?.[1]);
  expect(duration).toBeLessThan(SPIN_TIMEOUT_MS + 500);
  await expect(playground.status).toHaveText("Idle");

  await playground.sendAndWait("Summarize 10 20");
  const next = playground.article("Cruncher: Here is the summary").last();
  await expect(next).toContainText('"mean":15');
});

test("the JavaScript tool form's Test button runs the code with sample arguments and shows the result or the error", async ({ app, controls, editor }) => {
  await app.goto();
  await controls.import("number-cruncher.json", JSON.stringify(numberCruncher));
  await expect(controls.graphName).toHaveValue("Number cruncher");

  const tool = editor.inspector.getByRole("group", { name: "Tool summarize_numbers" });
  await expect(tool.getByRole("textbox", { name: "Code" })).toContainText("const numbers = ");
  const result = tool.getByRole("status", { name: "Test result" });
  await tool.getByRole("textbox", { name: "Sample arguments" }).fill('{ "numbers": "4 8 15 16 23 42" }');
  await tool.getByRole("button", { name: "Test", exact: true }).click();
  await expect(result).toContainText('"sum": 108');

  await tool.getByRole("textbox", { name: "Sample arguments" }).fill('{ "numbers": "four" }');
  await tool.getByRole("button", { name: "Test", exact: true }).click();
  await expect(result).toHaveText("Error at line 2: Not a list of numbers: four");
});

test("code stuck in long native calls is stopped by removing its frame shortly after the deadline, and the next run gets a new frame", async ({
  app,
  controls,
  editor,
}) => {
  await app.goto();
  await controls.import("number-cruncher.json", JSON.stringify(numberCruncher));
  const tool = editor.inspector.getByRole("group", { name: "Tool summarize_numbers" });
  const result = tool.getByRole("status", { name: "Test result" });
  const code = tool.getByRole("textbox", { name: "Code" });
  // QuickJS checks its deadline between bytecodes; each step here is one long native call.
  await tool.getByRole("spinbutton", { name: "Memory limit (MB)" }).fill("256");
  await tool.getByRole("spinbutton", { name: "Memory limit (MB)" }).press("Enter");
  await code.fill("const hoard = [];\nwhile (true) hoard.push(new Array(100000).fill(1));");
  await code.blur();
  await tool.getByRole("button", { name: "Test", exact: true }).click();
  await expect(result).toHaveText("Error: The JavaScript code did not finish within 1000 ms; its sandbox was shut down.", { timeout: 10_000 });

  await code.fill("return args.n + 1;");
  await code.blur();
  await tool.getByRole("textbox", { name: "Sample arguments" }).fill('{ "n": 41 }');
  await tool.getByRole("button", { name: "Test", exact: true }).click();
  await expect(result).toHaveText("Result: 42");
});

test("an agent's tool stuck in long native calls ends with a timeout card once its frame is removed, and the next message runs in a new frame", async ({
  app,
  controls,
  page,
  playground,
}) => {
  // QuickJS checks its deadline between bytecodes; each step here is one long native call, so
  // only the engine's backstop stops it, by having the page remove the frame.
  const hoard = "const hoard = [];\nwhile (true) hoard.push(new Array(100000).fill(1));";
  await app.goto();
  await controls.import("hoarding-cruncher.json", JSON.stringify(withSpinningTool(hoard, { timeout_ms: 1_000, memory_limit_mb: 256 })));
  await expect(controls.graphName).toHaveValue("Spinning cruncher");
  await playground.sendAndWait("Summarize 1 2");
  const frame = page.locator('iframe[title="JavaScript tool sandbox"]');
  const first = await frame.elementHandle();

  await playground.send("spin");
  const card = playground.toolCall("spin");
  await expect(card).toContainText("failed", { timeout: 10_000 });
  await card.locator("summary").click();
  await expect(card).toContainText("did not finish within 1000 ms; its sandbox was shut down.");
  await expect(playground.status).toHaveText("Idle");

  await playground.sendAndWait("Summarize 10 20");
  await expect(playground.article("Cruncher: Here is the summary").last()).toContainText('"mean":15');
  await expect(frame).toHaveCount(1);
  expect(await frame.evaluate((element, old) => element !== old, first)).toBe(true);
});

test("the sandbox starts ahead of the first call only when the open graph has a JavaScript tool", async ({ app, controls, page, playground }) => {
  const frame = page.locator('iframe[title="JavaScript tool sandbox"]');
  await app.goto();
  // The first template has no JavaScript tool: a whole run passes without the sandbox.
  await playground.sendAndWait("hello");
  await expect(frame).toHaveCount(0);
  await controls.import("number-cruncher.json", JSON.stringify(numberCruncher));
  await expect(controls.graphName).toHaveValue("Number cruncher");
  // Started at idle, before anything calls the tool.
  await expect(frame).toHaveCount(1);
});
