// Page object for the test-only persistence harness (e2e/harness/persistence.html).
import type { Page } from "@playwright/test";
import type { PersistenceHarness, SavedThread } from "../harness/persistence";

type Harness = { persistenceHarness: PersistenceHarness };

export class PersistenceHarnessPage {
  constructor(readonly page: Page) {}

  async goto(): Promise<void> {
    await this.page.goto("/e2e/harness/persistence.html");
    await this.page.getByText("ready", { exact: true }).waitFor();
  }

  async reload(): Promise<void> {
    await this.page.reload();
    await this.page.getByText("ready", { exact: true }).waitFor();
  }

  write(): Promise<SavedThread> {
    return this.page.evaluate(() => (window as unknown as Harness).persistenceHarness.write());
  }

  read(): Promise<SavedThread> {
    return this.page.evaluate(() => (window as unknown as Harness).persistenceHarness.read());
  }

  holdLock(threadId: string): Promise<void> {
    return this.page.evaluate((id) => (window as unknown as Harness).persistenceHarness.holdLock(id), threadId);
  }

  releaseLock(): Promise<void> {
    return this.page.evaluate(() => (window as unknown as Harness).persistenceHarness.releaseLock());
  }

  tryLock(threadId: string): Promise<string> {
    return this.page.evaluate((id) => (window as unknown as Harness).persistenceHarness.tryLock(id), threadId);
  }

  rememberMemories(): Promise<[string, number | undefined][]> {
    return this.page.evaluate(() => (window as unknown as Harness).persistenceHarness.rememberMemories());
  }

  rankMemories(): Promise<[string, number | undefined][]> {
    return this.page.evaluate(() => (window as unknown as Harness).persistenceHarness.rankMemories());
  }

  retryWrites(): Promise<unknown[]> {
    return this.page.evaluate(() => (window as unknown as Harness).persistenceHarness.retryWrites());
  }
}
