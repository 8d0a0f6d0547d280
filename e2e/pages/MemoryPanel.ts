// Page object for the Memory panel: a dialog opened from View › Memory or the command palette,
// listing the open graph's long-term memories agent by agent.
import { expect, type Locator, type Page } from "@playwright/test";

export class MemoryPanel {
  readonly dialog: Locator;
  readonly region: Locator;

  constructor(readonly page: Page) {
    this.dialog = page.getByRole("dialog", { name: "Memory", exact: true });
    this.region = this.dialog.getByRole("region", { name: "Memory", exact: true });
  }

  /** Opens it from the header's View menu. */
  async openFromViewMenu(): Promise<void> {
    await this.page.getByRole("banner").getByRole("button", { name: "View", exact: true }).click();
    await this.page.getByRole("menu", { name: "View" }).getByRole("menuitem", { name: "Memory", exact: true }).click();
    await expect(this.region).toBeVisible();
  }

  /** Opens it from the Ctrl/Cmd+K command palette, with the keyboard only. */
  async openFromCommandPalette(): Promise<void> {
    await this.page.keyboard.press("ControlOrMeta+k");
    const filter = this.page.getByRole("combobox", { name: "Filter commands", exact: true });
    await filter.fill("Memory");
    await expect(this.page.getByRole("option", { name: "Memory", exact: true })).toBeVisible();
    await filter.press("Enter");
    await expect(this.region).toBeVisible();
  }

  async close(): Promise<void> {
    await this.dialog.press("Escape");
    await expect(this.dialog).toBeHidden();
  }

  /** The list of one agent's memories. */
  memoriesOf(agent: string): Locator {
    return this.region.getByRole("list", { name: `Memories of ${agent}`, exact: true });
  }

  /** One memory of an agent, found by its key. */
  memory(agent: string, key: string): Locator {
    return this.memoriesOf(agent)
      .getByRole("listitem")
      .filter({ has: this.page.getByRole("button", { name: `Delete memory ${key}`, exact: true }) });
  }

  /** Edits a memory's text with the keyboard: Edit, type, Ctrl/Cmd+Enter. */
  async edit(agent: string, key: string, text: string): Promise<void> {
    await this.memory(agent, key)
      .getByRole("button", { name: `Edit memory ${key}`, exact: true })
      .click();
    const field = this.memoriesOf(agent).getByRole("textbox", { name: `Memory ${key}`, exact: true });
    await expect(field).toBeFocused();
    await field.fill(text);
    await field.press("ControlOrMeta+Enter");
    await expect(field).toBeHidden();
  }
}
