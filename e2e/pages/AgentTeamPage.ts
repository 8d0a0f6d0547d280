// Page object for sub-agent hierarchies: building a team on the canvas (agents, delegation
// edges, scripted rules), collapsing subtrees, the inner-loop dialog and the Agent selector.
import { expect, type Locator, type Page } from "@playwright/test";
import { CanvasPage } from "./CanvasPage";

export interface RuleInput {
  match: string;
  reply?: string;
  /** JSON text of the rule's tool calls, e.g. `[{ "name": "transfer_to_Analytics", "args": {} }]`. */
  toolCalls?: string;
}

export class AgentTeamPage {
  readonly editor: CanvasPage;
  /** The playground's `Agent` combobox: "Graph" or one agent run directly. */
  readonly agentSelector: Locator;

  constructor(readonly page: Page) {
    this.editor = new CanvasPage(page);
    this.agentSelector = page.getByRole("region", { name: "Playground", exact: true }).getByRole("combobox", { name: "Agent", exact: true });
  }

  /** Adds a node from the palette with the keyboard and, for agents, renames it. */
  async add(kind: "Agent" | "Start" | "End", name?: string): Promise<void> {
    const before = await this.editor.nodes.count();
    await this.editor.addWithKeyboard(kind);
    await expect(this.editor.nodes).toHaveCount(before + 1);
    if (name) {
      await this.editor.setField("Name", name);
      await expect(this.editor.node(name)).toBeVisible();
    }
  }

  /** Connects two nodes from the source's inspector (the keyboard way). */
  async connect(source: string, target: string, kind: "Flow" | "Delegation" = "Flow"): Promise<void> {
    await this.editor.selectWithKeyboard(source);
    await this.editor.field("Connect to").selectOption({ label: target });
    await this.editor.field("Edge kind").selectOption({ label: kind });
    await this.editor.inspector.getByRole("button", { name: "Connect", exact: true }).click();
    await expect(this.editor.edge(`${kind} edge from ${source} to ${target}`)).toBeAttached();
  }

  /** Connects a parent to a sub-agent with the mouse: its `Sub-agents` handle to the child's `Parent agent` handle. */
  async dragDelegation(parent: string, child: string): Promise<void> {
    const from = await this.editor.box(this.editor.node(parent).getByLabel("Sub-agents", { exact: true }));
    const to = await this.editor.box(this.editor.node(child).getByLabel("Parent agent", { exact: true }));
    await this.page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await this.page.mouse.down();
    await this.page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 15 });
    await this.page.mouse.up();
    await expect(this.delegation(parent, child)).toBeAttached();
  }

  /** Adds a scripted-model rule to the selected agent. */
  async addRule(agent: string, rule: RuleInput): Promise<void> {
    await this.editor.selectWithKeyboard(agent);
    const inspector = this.editor.inspector;
    await inspector.getByRole("button", { name: "Add rule", exact: true }).click();
    const group = inspector.getByRole("group", { name: /^Rule \d+$/ }).last();
    await commit(group.getByLabel("Match regex", { exact: true }), rule.match);
    await commit(group.getByLabel("Reply", { exact: true }), rule.reply ?? "");
    if (rule.toolCalls) {
      // The JSON field pretty-prints what it commits, so check the parsed value, not the text.
      const field = group.getByLabel("Tool calls", { exact: true });
      await field.fill(rule.toolCalls);
      await field.blur();
      await expect.poll(async () => JSON.parse(await field.innerText()) as unknown).toEqual(JSON.parse(rule.toolCalls));
    }
  }

  /** A delegation edge on the canvas. */
  delegation(parent: string, child: string): Locator {
    return this.editor.edge(`Delegation edge from ${parent} to ${child}`);
  }

  /** The subtree toggle on a parent agent. */
  subtreeToggle(parent: string, action: "Collapse" | "Expand"): Locator {
    return this.editor.node(parent).getByRole("button", { name: `${action} sub-agents of ${parent}`, exact: true });
  }

  /** Opens the read-only inner loop of an agent by double-clicking it. */
  async openInnerLoop(agent: string): Promise<Locator> {
    await this.editor.node(agent).dblclick();
    const dialog = this.page.getByRole("dialog", { name: `Inner loop of ${agent}`, exact: true });
    await expect(dialog).toBeVisible();
    return dialog;
  }
}

/** Fills a field and commits it by leaving it (multi-line fields commit on blur). */
async function commit(field: Locator, value: string): Promise<void> {
  await field.fill(value);
  await field.blur();
  await expect(field).toHaveValue(value);
}
