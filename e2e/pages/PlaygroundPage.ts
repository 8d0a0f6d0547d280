// Page object for the Playground pane: message box, Send / Stop, threads, chat messages
// and tool-call cards, found by the names of ui-contract.md.
import { expect, type Locator, type Page } from "@playwright/test";

export class PlaygroundPage {
  readonly region: Locator;
  readonly message: Locator;
  readonly sendButton: Locator;
  readonly stopButton: Locator;
  readonly newThreadButton: Locator;
  readonly thread: Locator;
  readonly renameButton: Locator;
  readonly deleteButton: Locator;
  /** "Running" during a run; "Idle", "Waiting for you" (paused on a person) or "Error: …" after it. */
  readonly status: Locator;
  readonly messages: Locator;

  constructor(readonly page: Page) {
    this.region = page.getByRole("region", { name: "Playground", exact: true });
    this.message = this.region.getByRole("textbox", { name: "Message", exact: true });
    this.sendButton = this.region.getByRole("button", { name: "Send", exact: true });
    this.stopButton = this.region.getByRole("button", { name: "Stop", exact: true });
    this.newThreadButton = this.region.getByRole("button", { name: "New thread", exact: true });
    this.thread = this.region.getByRole("combobox", { name: "Thread", exact: true });
    this.renameButton = this.region.getByRole("button", { name: "Rename thread", exact: true });
    this.deleteButton = this.region.getByRole("button", { name: "Delete thread", exact: true });
    this.status = this.region.getByRole("status");
    this.messages = this.region.getByRole("article");
  }

  /** A chat message whose accessible name starts with `prefix` (its author, then its text). */
  article(prefix: string): Locator {
    return this.region.getByRole("article", { name: new RegExp(`^${escapeRegExp(prefix)}`) });
  }

  /** The card of a tool call, inside whichever message made it. */
  toolCall(tool: string): Locator {
    return this.region.getByRole("group", { name: `Tool call ${tool}`, exact: true });
  }

  /** Every tool-call card (groups named `Tool call <tool>`), in any message. */
  get toolCalls(): Locator {
    return this.region.getByRole("group", { name: /^Tool call / });
  }

  /** Messages not written by the user: the graph's replies. */
  get replies(): Locator {
    return this.region.getByRole("article", { name: /^(?!User\b)/ });
  }

  /** Sends a message and waits until its run is no longer Running (Idle, waiting on a person, or an error). */
  async sendAndSettle(text: string): Promise<void> {
    await this.send(text);
    await expect(this.article(`User: ${text}`)).toBeVisible();
    await expect(this.status).not.toHaveText("Running", { timeout: 30_000 });
  }

  /**
   * Types a message and sends it with Enter once Send is enabled, as a person does: Enter while the
   * previous run is still ending sends nothing (the text stays in the box).
   */
  async send(text: string): Promise<void> {
    await this.message.fill(text);
    await expect(this.sendButton).toBeEnabled({ timeout: 30_000 });
    await this.message.press("Enter");
  }

  /** Sends a message and waits until its run has finished (Idle again, within `timeout` ms). */
  async sendAndWait(text: string, timeout = 15_000): Promise<void> {
    await this.send(text);
    await expect(this.article(`User: ${text}`)).toBeVisible();
    // The message shows the moment it is sent, so this wait also covers the engine worker's
    // cold start on a page's first run (it used to pass before the message appeared).
    await expect(this.status).toHaveText("Idle", { timeout });
  }

  /** The options of the Thread combobox (thread titles, most recent first). */
  get threadOptions(): Locator {
    return this.thread.getByRole("option");
  }
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
