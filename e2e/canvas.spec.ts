// Building graphs on the canvas: palette, keyboard-only wiring, undo/redo, delete, copy/paste,
// dragging, inspector edits, live validation and auto layout — in real Chromium.
import { expect, test } from "./fixtures";
import { CanvasPage, type Box } from "./pages/CanvasPage";

const overlap = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

test.beforeEach(async ({ app }) => {
  await app.goto();
});

test.afterEach(({ consoleErrors }) => {
  expect(consoleErrors).toEqual([]);
});

test("builds and wires a two-node graph with the keyboard only", async ({ editor, page }) => {
  await editor.clear();

  await editor.addWithKeyboard("Agent");
  await expect(editor.node("Agent")).toBeVisible();
  await expect(editor.node("Agent")).toHaveAttribute("data-kind", "agent");
  await expect(editor.field("Name")).toHaveValue("Agent");

  await editor.addWithKeyboard("End");
  await expect(editor.node("End")).toHaveAttribute("data-kind", "end");

  await editor.selectWithKeyboard("Agent");
  await expect(editor.field("Name")).toHaveValue("Agent");
  await editor.field("Connect to").focus();
  await editor.field("Connect to").selectOption({ label: "End" });
  await editor.inspector.getByRole("button", { name: "Connect", exact: true }).focus();
  await page.keyboard.press("Enter");

  await expect(editor.edge("Flow edge from Agent to End")).toBeVisible();
  await expect(editor.inspector.getByRole("button", { name: "Flow edge to End", exact: true })).toBeVisible();
});

test("the command palette adds a node from the keyboard", async ({ editor, page }) => {
  await editor.clear();
  await editor.nodes.first().or(editor.paletteButton("Agent")).first().focus();
  await page.keyboard.press("ControlOrMeta+k");
  const dialog = page.getByRole("dialog", { name: "Command palette" });
  await expect(dialog).toBeVisible();
  await page.keyboard.type("llm");
  await page.keyboard.press("Enter");
  await expect(dialog).toBeHidden();
  await expect(editor.node("LLM")).toHaveAttribute("data-kind", "llm");
});

test("a palette button dragged onto the canvas adds that node", async ({ editor }) => {
  await editor.clear();
  await editor.paletteButton("Tool").dragTo(editor.canvas.locator(".react-flow__pane"));
  await expect(editor.node("Tool")).toHaveAttribute("data-kind", "tool");
});

test("undo and redo with the toolbar buttons and with Ctrl+Z / Ctrl+Shift+Z", async ({ editor, page }) => {
  await editor.clear();
  await editor.addWithKeyboard("Agent");
  await expect(editor.node("Agent")).toBeVisible();

  await editor.undoButton.click();
  await expect(editor.node("Agent")).toHaveCount(0);
  await expect(editor.redoButton).toBeEnabled();
  await editor.redoButton.click();
  await expect(editor.node("Agent")).toBeVisible();
  await expect(editor.redoButton).toBeDisabled();

  await editor.node("Agent").focus();
  await page.keyboard.press("ControlOrMeta+z");
  await expect(editor.node("Agent")).toHaveCount(0);
  await page.keyboard.press("ControlOrMeta+Shift+z");
  await expect(editor.node("Agent")).toBeVisible();
});

test("Delete removes the selected node, but not while typing in a field", async ({ editor, page }) => {
  await editor.clear();
  await editor.addWithKeyboard("Agent");
  await editor.addWithKeyboard("Note");
  await editor.selectWithKeyboard("Agent");

  await editor.field("Description").focus();
  await page.keyboard.press("Backspace");
  await page.keyboard.press("Delete");
  await expect(editor.node("Agent")).toBeVisible();

  await editor.node("Agent").focus();
  await page.keyboard.press("Delete");
  await expect(editor.node("Agent")).toHaveCount(0);
  await expect(editor.node("Note")).toBeVisible();
});

test("Ctrl+C / Ctrl+V pastes a copy of the selected node", async ({ editor, page }) => {
  await editor.clear();
  await editor.addWithKeyboard("Agent");
  await editor.node("Agent").focus();
  await page.keyboard.press("ControlOrMeta+c");
  await page.keyboard.press("ControlOrMeta+v");
  await expect(editor.node("Agent2")).toHaveAttribute("data-kind", "agent");
  await expect(editor.node("Agent2")).toHaveClass(/selected/);
  await expect(editor.nodes).toHaveCount(2);

  await page.keyboard.press("ControlOrMeta+d");
  await expect(editor.node("Agent3")).toBeVisible();
});

test("copied nodes paste into another tab through the system clipboard", async ({ editor, page, context }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await editor.clear();
  await editor.addWithKeyboard("Agent");
  await editor.setField("Name", "Courier");
  await editor.node("Courier").focus();
  await page.keyboard.press("ControlOrMeta+c");

  const other = await context.newPage();
  await other.goto("/");
  const otherEditor = new CanvasPage(other);
  await otherEditor.clear();
  await otherEditor.paletteButton("Agent").focus();
  await other.keyboard.press("ControlOrMeta+v");
  await expect(otherEditor.node("Courier")).toHaveAttribute("data-kind", "agent");
});

test("dragging a node moves it, and one undo puts it back", async ({ editor }) => {
  await editor.clear();
  await editor.addWithKeyboard("Agent");
  const node = editor.node("Agent");
  const before = await editor.box(node);

  // Away from the canvas's edges: a drag near one pans the view (React Flow's auto-pan).
  await editor.drag("Agent", { x: 160, y: 40 });
  await expect.poll(async () => (await editor.box(node)).x).toBeGreaterThan(before.x + 100);

  await editor.undoButton.click();
  // Both coordinates at once: the node may still be moving along one when the other has arrived.
  await expect
    .poll(async () => {
      const box = await editor.box(node);
      return Math.max(Math.abs(box.x - before.x), Math.abs(box.y - before.y));
    })
    .toBeLessThan(0.5);
  // The drag was one step: undoing it left the add, so the node is still there.
  await expect(node).toBeVisible();
});

test("renaming a node in the Inspector renames it on the canvas", async ({ editor }) => {
  await editor.clear();
  await editor.addWithKeyboard("Agent");
  await editor.setField("Name", "Researcher");
  await expect(editor.node("Researcher")).toHaveAttribute("data-kind", "agent");
  await expect(editor.node("Agent")).toHaveCount(0);
});

test("an invalid name is listed in Problems and marks the node", async ({ editor }) => {
  await editor.clear();
  await editor.addWithKeyboard("Start");
  await editor.addWithKeyboard("Agent");
  await editor.addWithKeyboard("End");
  await editor.selectWithKeyboard("Agent");
  await editor.setField("Name", "Bad name");

  const problem = editor.problems.getByRole("button", { name: /Bad name: .*start with a letter/ });
  await expect(problem).toBeVisible();
  const node = editor.node("Bad name");
  await expect(node).toHaveClass(/gw-node-error/);
  await expect(node).toHaveAttribute("aria-description", /start with a letter/);
  await expect(editor.inspector.getByRole("list", { name: "Problems of this node" })).toContainText("start with a letter");

  // Activating the problem selects its node.
  await editor.selectWithKeyboard("Start");
  await problem.click();
  await expect(node).toHaveClass(/selected/);
  await expect(editor.field("Name")).toHaveValue("Bad name");

  await editor.setField("Name", "Good_name");
  await expect(editor.problems.getByRole("button", { name: /start with a letter/ })).toHaveCount(0);
  await expect(editor.node("Good_name")).not.toHaveAttribute("aria-description", /start with a letter/);
});

test("invalid JSON in a scripted rule shows an error and leaves the document as it was", async ({ editor }) => {
  await editor.clear();
  await editor.addWithKeyboard("Agent");
  await editor.inspector.getByRole("button", { name: "Add rule", exact: true }).click();
  const rule = editor.inspector.getByRole("group", { name: "Rule 1" });
  const calls = rule.getByLabel("Tool calls", { exact: true });
  await calls.fill("[{ not json");
  await calls.blur();
  await expect(rule.getByRole("alert")).toContainText("Invalid JSON");
  await expect(calls).toHaveAttribute("aria-invalid", "true");

  // Nothing was written: the last undo step is still adding the rule, whose tool calls are empty.
  await editor.undoButton.click();
  await expect(rule).toHaveCount(0);
  await editor.redoButton.click();
  await expect(calls).toHaveText("[]");

  await calls.fill('[{ "name": "get_time_date" }]');
  await calls.blur();
  await expect(rule.getByRole("alert")).toHaveCount(0);
  await expect(editor.node("Agent")).toContainText("1 rule");
});

test("Auto layout puts nodes in flow order without overlaps, as one undo step", async ({ editor }) => {
  await editor.clear();
  await editor.addWithKeyboard("Agent");
  await editor.addWithKeyboard("End");
  await editor.field("Connect from").selectOption({ label: "Agent" });
  await editor.inspector.getByRole("button", { name: "Connect", exact: true }).click();
  await expect(editor.edge("Flow edge from Agent to End")).toBeVisible();
  // Put End to the left of Agent, against the flow.
  const agentBox = await editor.box(editor.node("Agent"));
  const endBox = await editor.box(editor.node("End"));
  await editor.drag("End", { x: agentBox.x - endBox.x - endBox.width - 40, y: agentBox.y - endBox.y });
  const endIsRightOfAgent = async () => (await editor.box(editor.node("End"))).x > (await editor.box(editor.node("Agent"))).x;
  await expect.poll(endIsRightOfAgent).toBe(false);

  await editor.autoLayoutButton.click();
  await expect.poll(endIsRightOfAgent).toBe(true);
  const [agent, end] = [await editor.box(editor.node("Agent")), await editor.box(editor.node("End"))];
  expect(overlap(agent, end)).toBe(false);
  expect(end.x).toBeGreaterThan(agent.x + agent.width);

  await editor.undoButton.click();
  await expect.poll(endIsRightOfAgent).toBe(false);
});

test("Auto layout brings the laid-out graph back into view", async ({ editor, page }) => {
  await editor.clear();
  await editor.addWithKeyboard("Agent");
  await editor.addWithKeyboard("End");
  const canvas = await editor.box(editor.canvas);
  const inView = async (name: string) => {
    const node = await editor.box(editor.node(name));
    return node.x >= canvas.x && node.y >= canvas.y && node.x + node.width <= canvas.x + canvas.width && node.y + node.height <= canvas.y + canvas.height;
  };
  // Pan the graph out of view, leftwards, by dragging an empty spot of the pane near its top right.
  await page.mouse.move(canvas.x + canvas.width - 40, canvas.y + 40);
  await page.mouse.down();
  await page.mouse.move(canvas.x + 20, canvas.y + 40, { steps: 8 });
  await page.mouse.up();
  await expect.poll(async () => (await inView("Agent")) || (await inView("End"))).toBe(false);

  await editor.autoLayoutButton.click();
  await expect.poll(async () => (await inView("Agent")) && (await inView("End"))).toBe(true);
});

test("Shift+click selects several nodes, and the inspector acts on all of them", async ({ editor, page }) => {
  await editor.clear();
  await editor.addWithKeyboard("Agent");
  await editor.addWithKeyboard("Note");
  await editor.drag("Note", { x: 0, y: 140 });
  await editor.node("Agent").click();
  await editor.node("Note").click({ modifiers: ["Shift"] });
  await expect(editor.node("Agent")).toHaveClass(/selected/);
  await expect(editor.node("Note")).toHaveClass(/selected/);
  await expect(editor.inspector).toContainText("2 nodes and 0 edges selected");
  await editor.inspector.getByRole("button", { name: "Delete selected", exact: true }).click();
  await expect(editor.nodes).toHaveCount(0);
  await page.keyboard.press("ControlOrMeta+z");
  await expect(editor.nodes).toHaveCount(2);
});

test("conditional and delegation edges are drawn distinctly and edited in the inspector", async ({ editor }) => {
  await editor.clear();
  await editor.addWithKeyboard("Agent");
  await editor.addWithKeyboard("Agent");
  await editor.addWithKeyboard("End");
  await editor.selectWithKeyboard("Agent");

  await editor.field("Connect to").selectOption({ label: "Agent2" });
  await editor.field("Edge kind").selectOption({ label: "Delegation" });
  await editor.inspector.getByRole("button", { name: "Connect", exact: true }).click();
  await expect(editor.edge("Delegation edge from Agent to Agent2")).toHaveAttribute("data-kind", "delegation");

  await editor.field("Connect to").selectOption({ label: "End" });
  await editor.field("Edge kind").selectOption({ label: "Conditional" });
  await editor.inspector.getByRole("button", { name: "Connect", exact: true }).click();
  const conditional = editor.edge("Conditional edge from Agent to End");
  await expect(conditional).toHaveAttribute("data-kind", "conditional");

  await editor.inspector.getByRole("button", { name: "Conditional edge to End", exact: true }).click();
  await editor.setField("Condition", "state.done == true");
  await expect(editor.canvas.getByText("state.done == true")).toBeVisible();
  await editor.field("Edge kind").selectOption({ label: "Flow" });
  await expect(editor.edge("Flow edge from Agent to End")).toHaveAttribute("data-kind", "flow");
  await expect(editor.canvas.getByText("state.done == true")).toHaveCount(0);
});
