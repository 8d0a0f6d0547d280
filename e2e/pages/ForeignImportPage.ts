// Page object for importing other builders' workflows: the three ways in (the Import button's
// file, a file dropped on the canvas, text pasted on the canvas), the flow picker and the
// Import report dialog.
import { readFile } from "node:fs/promises";
import path from "node:path";
import { expect, type Locator, type Page } from "@playwright/test";
import { GraphControls } from "./GraphControls";

export type Entry = "file" | "drop" | "paste";

const ROOT = path.resolve(import.meta.dirname, "../..");

/** A fixture of an importer, read from `src/import/<format>/fixtures/`. */
export async function fixtureText(format: string, file: string): Promise<string> {
  return readFile(path.join(ROOT, "src", "import", format, "fixtures", file), "utf8");
}

export class ForeignImportPage {
  readonly controls: GraphControls;
  /** The non-modal Import report dialog. */
  readonly report: Locator;

  constructor(readonly page: Page) {
    this.controls = new GraphControls(page);
    this.report = page.getByRole("dialog", { name: "Import report", exact: true });
  }

  /** Imports `text` as `fileName` through `entry`. */
  async import(entry: Entry, fileName: string, text: string): Promise<void> {
    if (entry === "file") {
      const mimeType = /\.ya?ml$/.test(fileName) ? "application/yaml" : "application/json";
      await this.page.getByLabel("Import graph file").setInputFiles({ name: fileName, mimeType, buffer: Buffer.from(text) });
    } else if (entry === "drop") {
      const dataTransfer = await this.page.evaluateHandle(
        ({ name, content }) => {
          const transfer = new DataTransfer();
          transfer.items.add(new File([content], name));
          return transfer;
        },
        { name: fileName, content: text },
      );
      await this.controls.canvas.locator(".react-flow__pane").dispatchEvent("drop", { dataTransfer });
    } else {
      await this.page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
      await this.page.evaluate((content) => navigator.clipboard.writeText(content), text);
      await this.controls.canvas.locator(".react-flow__pane").click({ position: { x: 5, y: 5 } });
      await this.page.keyboard.press("ControlOrMeta+v");
    }
  }

  /** In the flow picker of a file of several flows, imports exactly `names`. */
  async pickFlows(names: string[]): Promise<void> {
    const picker = this.controls.dialog("Choose flows to import");
    const boxes = picker.getByRole("checkbox");
    await expect(boxes.first()).toBeVisible();
    for (const box of await boxes.all()) {
      const label = ((await box.evaluate((element) => element.closest("label")?.textContent)) ?? "").trim();
      await box.setChecked(names.includes(label));
    }
    await picker.getByRole("button", { name: names.length === 1 ? "Import 1 flow" : `Import ${names.length} flows` }).click();
    await expect(picker).toBeHidden();
  }

  /** The report's line of a source node (a button when it points at a node of the graph). */
  line(name: string | RegExp): Locator {
    return this.report.getByRole("list", { name: "Source nodes" }).getByRole("listitem").filter({ hasText: name });
  }

  /** Every line's status, in order. */
  async statuses(): Promise<string[]> {
    return this.report
      .getByRole("list", { name: "Source nodes" })
      .getByRole("listitem")
      .evaluateAll((items) => items.map((item) => item.getAttribute("data-status") ?? ""));
  }

  /** Clicks the first line that points at a node and returns that node's name on the canvas. */
  async selectFirstNodeLine(): Promise<string> {
    const button = this.report.getByRole("list", { name: "Source nodes" }).getByRole("button").first();
    const title = (await button.getAttribute("title")) ?? "";
    await button.click();
    const name = /^Select (.*) on the canvas$/.exec(title)?.[1];
    if (!name) throw new Error(`a report line's title names no node: "${title}"`);
    return name;
  }

  /** Whether the open graph has a saved version of that name (opens and closes Versions). */
  async expectVersion(name: string): Promise<void> {
    await this.controls.button("Versions").click();
    const versions = this.controls.dialog("Versions");
    await expect(versions.getByRole("button", { name: `Restore ${name}` })).toBeVisible();
    await versions.press("Escape");
    await expect(versions).toBeHidden();
  }
}
