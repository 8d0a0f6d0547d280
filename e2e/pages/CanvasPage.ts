// Page object for building graphs: the canvas, the node palette, the inspector, the Problems
// region and the edit toolbar, found by the names of ui-contract.md.
import { expect, type Locator, type Page } from "@playwright/test";

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Every palette name of ui-contract.md with the kind its node carries in `data-kind`. */
export const FLOW_KINDS = [
  { title: "Agent", kind: "agent" },
  { title: "Tool", kind: "tool" },
  { title: "Router", kind: "router" },
  { title: "If", kind: "if" },
  { title: "Switch", kind: "switch" },
  { title: "Loop", kind: "loop" },
  { title: "Parallel", kind: "parallel" },
  { title: "Approval", kind: "approval" },
  { title: "Question", kind: "question" },
  { title: "Planner", kind: "planner" },
  { title: "Execute", kind: "execute" },
  { title: "Set state", kind: "set_state" },
  { title: "LLM", kind: "llm" },
  { title: "Subgraph", kind: "subgraph" },
  { title: "Note", kind: "note" },
  { title: "Start", kind: "start" },
  { title: "End", kind: "end" },
] as const;

export class CanvasPage {
  readonly canvas: Locator;
  readonly palette: Locator;
  readonly inspector: Locator;
  readonly problems: Locator;
  readonly undoButton: Locator;
  readonly redoButton: Locator;
  readonly autoLayoutButton: Locator;
  /** Every node element on the canvas. */
  readonly nodes: Locator;

  constructor(readonly page: Page) {
    this.canvas = page.getByRole("region", { name: "Canvas", exact: true });
    this.palette = page.getByRole("region", { name: "Node palette", exact: true });
    this.inspector = page.getByRole("region", { name: "Inspector", exact: true });
    this.problems = page.getByRole("region", { name: "Problems", exact: true });
    const header = page.getByRole("banner");
    this.undoButton = header.getByRole("button", { name: "Undo", exact: true });
    this.redoButton = header.getByRole("button", { name: "Redo", exact: true });
    this.autoLayoutButton = header.getByRole("button", { name: "Auto layout", exact: true });
    this.nodes = this.canvas.locator('[aria-roledescription="node"]');
  }

  /** A node on the canvas by its accessible name (its display name). */
  node(name: string): Locator {
    return this.canvas.getByRole("group", { name, exact: true });
  }

  /** Nodes on the canvas of one kind (`data-kind`). */
  nodesOfKind(kind: string): Locator {
    return this.nodes.and(this.canvas.locator(`[data-kind="${kind}"]`));
  }

  /** The caret line an expression field draws under the text at a syntax error. */
  get expressionPointer(): Locator {
    return this.inspector.getByTestId("expression-pointer");
  }

  /** A labelled source handle of a node's branch, e.g. `branch("Check", "True")`. */
  branch(nodeName: string, label: string): Locator {
    return this.node(nodeName).getByLabel(`Output ${label}`, { exact: true });
  }

  /** An edge on the canvas by its accessible name, e.g. "Flow edge from Agent to End". */
  edge(name: string): Locator {
    return this.canvas.getByRole("group", { name, exact: true });
  }

  paletteButton(title: string): Locator {
    return this.palette.getByRole("button", { name: title, exact: true });
  }

  /** A labelled inspector field (textbox, select, spin button, checkbox). */
  field(label: string): Locator {
    return this.inspector.getByLabel(label, { exact: true });
  }

  /** Empties the graph with the keyboard: select all, Delete. */
  async clear(): Promise<void> {
    await expect(this.nodes.first()).toBeVisible();
    await this.nodes.first().focus();
    await this.page.keyboard.press("ControlOrMeta+a");
    await this.page.keyboard.press("Delete");
    await expect(this.nodes).toHaveCount(0);
  }

  /** Adds a node by focusing its palette button and pressing Enter (no mouse). */
  async addWithKeyboard(title: string): Promise<void> {
    await this.paletteButton(title).focus();
    await this.page.keyboard.press("Enter");
  }

  /** Selects a node with the keyboard: focus it, press Enter. */
  async selectWithKeyboard(name: string): Promise<void> {
    await this.node(name).focus();
    await this.page.keyboard.press("Enter");
    await expect(this.node(name)).toHaveClass(/selected/);
  }

  /** Connects `from` to `to` with a flow edge from the keyboard: select `from`, pick `to` in Connect to, press Enter on Connect. */
  async connectWithKeyboard(from: string, to: string): Promise<void> {
    await this.selectWithKeyboard(from);
    await this.field("Connect to").focus();
    await this.field("Connect to").selectOption({ label: to });
    await this.inspector.getByRole("button", { name: "Connect", exact: true }).focus();
    await this.page.keyboard.press("Enter");
    await expect(this.edge(`Flow edge from ${from} to ${to}`)).toBeVisible();
  }

  /** Types a new value into an inspector text field and commits it with Enter. */
  async setField(label: string, value: string): Promise<void> {
    const field = this.field(label);
    await field.fill(value);
    await field.press("Enter");
  }

  async box(locator: Locator): Promise<Box> {
    const box = await locator.boundingBox();
    if (!box) throw new Error("element is not visible");
    return box;
  }

  /** Drags a node by its centre with the mouse, in small steps like a person would. */
  async drag(name: string, by: { x: number; y: number }): Promise<void> {
    const box = await this.box(this.node(name));
    const start = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    await this.page.mouse.move(start.x, start.y);
    await this.page.mouse.down();
    await this.page.mouse.move(start.x + by.x, start.y + by.y, { steps: 12 });
    await this.page.mouse.up();
  }
}
