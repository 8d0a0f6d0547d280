// Page object for the header's graph controls: templates, graph name, import, export, versions, settings.
import { readFile } from "node:fs/promises";
import { expect, type Download, type Locator, type Page } from "@playwright/test";

export interface DownloadedFile {
  fileName: string;
  text: string;
  bytes: Buffer;
}

export class GraphControls {
  readonly graphName: Locator;
  readonly canvas: Locator;
  readonly header: Locator;

  constructor(readonly page: Page) {
    this.graphName = page.getByRole("textbox", { name: "Graph name" });
    this.canvas = page.getByRole("region", { name: "Canvas", exact: true });
    this.header = page.getByRole("banner");
  }

  button(name: string): Locator {
    return this.header.getByRole("button", { name, exact: true });
  }

  dialog(name: string): Locator {
    return this.page.getByRole("dialog", { name, exact: true });
  }

  /** A node on the canvas, found by its accessible name (ui-contract.md). */
  node(name: string): Locator {
    return this.canvas.getByLabel(name, { exact: true });
  }

  /** The autosave confirmation in the header. */
  get saved(): Locator {
    return this.header.getByText("All changes saved");
  }

  /** Opens a template from the Templates dialog and waits until the graph is open. */
  async openTemplate(title: string): Promise<void> {
    await this.button("Templates").click();
    const dialog = this.dialog("Templates");
    await dialog.getByRole("button", { name: title, exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(this.graphName).toHaveValue(title);
  }

  /**
   * Every template the Templates dialog offers, in its order, with the messages it suggests
   * ("Try: …"), read as a user reads them. Opens and closes the dialog.
   */
  async templateList(): Promise<{ title: string; suggestions: string[] }[]> {
    await this.button("Templates").click();
    const dialog = this.dialog("Templates");
    await expect(dialog).toBeVisible();
    const list: { title: string; suggestions: string[] }[] = [];
    for (const item of await dialog.getByRole("listitem").all()) {
      const title = (await item.getByRole("button").textContent())?.trim() ?? "";
      list.push({ title, suggestions: (await item.locator("q").allTextContents()).map((q) => q.trim()) });
    }
    await dialog.press("Escape");
    await expect(dialog).toBeHidden();
    return list;
  }

  async rename(name: string): Promise<void> {
    await this.graphName.fill(name);
    await this.graphName.press("Enter");
    await expect(this.graphName).toHaveValue(name);
  }

  /** Chooses an Export menu item and returns the file it downloads. */
  async export(format: "JSON" | "Mermaid" | "PNG"): Promise<DownloadedFile> {
    const download: Promise<Download> = this.page.waitForEvent("download");
    await this.button("Export").click();
    await this.page.getByRole("menu", { name: "Export" }).getByRole("menuitem", { name: format, exact: true }).click();
    const file = await download;
    const bytes = await readFile(await file.path());
    return { fileName: file.suggestedFilename(), text: bytes.toString("utf8"), bytes };
  }

  /** Imports a file through the labelled file input (what the Import button opens). */
  async import(fileName: string, content: string): Promise<void> {
    await this.page.getByLabel("Import graph file").setInputFiles({ name: fileName, mimeType: "application/json", buffer: Buffer.from(content) });
  }
}
