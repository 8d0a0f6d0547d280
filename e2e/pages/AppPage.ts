// Page object for the workspace shell: navigation and the landmarks of ui-contract.md.
import { expect, type Locator, type Page } from "@playwright/test";

export const LANDMARKS = ["Node palette", "Canvas", "Inspector", "Playground", "Timeline"] as const;
export type LandmarkName = (typeof LANDMARKS)[number];

export class AppPage {
  readonly heading: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole("heading", { level: 1, name: "Graphwright" });
  }

  /**
   * Opens the app and waits until the shell has rendered (`timeout`: for a page whose first
   * render is large, such as a graph of a thousand nodes).
   */
  async goto(path = "/", { timeout }: { timeout?: number } = {}) {
    await this.page.goto(path);
    await expect(this.heading).toBeVisible({ timeout });
  }

  landmark(name: LandmarkName): Locator {
    return this.page.getByRole("region", { name, exact: true });
  }
}
