// Page object for the Timeline pane: the Events treegrid, filter, Verbose, and the
// trace / fork / replay buttons, found by the names of ui-contract.md.
import { readFile } from "node:fs/promises";
import type { Download, Locator, Page } from "@playwright/test";

export class TimelinePage {
  readonly region: Locator;
  readonly tree: Locator;
  readonly rows: Locator;
  readonly filter: Locator;
  readonly verbose: Locator;
  readonly exportButton: Locator;
  readonly forkButton: Locator;
  readonly replayButton: Locator;
  readonly details: Locator;

  constructor(readonly page: Page) {
    this.region = page.getByRole("region", { name: "Timeline", exact: true });
    this.tree = this.region.getByRole("treegrid", { name: "Events", exact: true });
    this.rows = this.tree.getByRole("row");
    this.filter = this.region.getByRole("textbox", { name: "Filter events", exact: true });
    this.verbose = this.region.getByRole("checkbox", { name: "Verbose", exact: true });
    this.exportButton = this.region.getByRole("button", { name: "Export trace", exact: true });
    this.forkButton = this.region.getByRole("button", { name: "Fork from here", exact: true });
    this.replayButton = this.region.getByRole("button", { name: "Replay run", exact: true });
    this.details = this.region.getByRole("region", { name: "Event details", exact: true });
  }

  /** Rows whose accessible name (event type, then what it concerns) starts with `prefix`. */
  row(prefix: string): Locator {
    return this.tree.getByRole("row", { name: new RegExp(`^${prefix.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`) });
  }

  /** Clicks Export trace and returns the downloaded file's name and parsed JSON. */
  async exportTrace(): Promise<{ fileName: string; json: unknown }> {
    const download: Promise<Download> = this.page.waitForEvent("download");
    await this.exportButton.click();
    const file = await download;
    return { fileName: file.suggestedFilename(), json: JSON.parse(await readFile(await file.path(), "utf8")) as unknown };
  }
}
