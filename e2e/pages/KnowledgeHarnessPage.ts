// Page object for the test-only knowledge harness (e2e/harness/knowledge.html).
import type { Page } from "@playwright/test";
import type { HarnessFile, KnowledgeHarness } from "../harness/knowledge";

type Harness = { knowledgeHarness: KnowledgeHarness };

export class KnowledgeHarnessPage {
  constructor(readonly page: Page) {}

  /** `timings` shortens the knowledge client's watchdog bounds. */
  async goto(timings: { probeMs?: number; silentMs?: number; stopMs?: number } = {}): Promise<void> {
    const query = new URLSearchParams(Object.entries(timings).map(([key, value]) => [key, String(value)])).toString();
    await this.page.goto(`/e2e/harness/knowledge.html${query ? `?${query}` : ""}`);
    await this.page.getByText("ready", { exact: true }).waitFor();
  }

  async reload(): Promise<void> {
    await this.page.reload();
    await this.page.getByText("ready", { exact: true }).waitFor();
  }

  add(graphId: string, baseId: string, files: { name: string; bytes: Uint8Array | string }[]) {
    const sent: HarnessFile[] = files.map((file) => ({
      name: file.name,
      bytes: [...(typeof file.bytes === "string" ? new TextEncoder().encode(file.bytes) : file.bytes)],
    }));
    return this.page.evaluate(([g, b, f]) => (window as unknown as Harness).knowledgeHarness.add(g, b, f), [graphId, baseId, sent] as const);
  }

  /** Adds files; answers `{ ok: false, error }` when the batch is rejected. */
  tryAdd(graphId: string, baseId: string, files: { name: string; bytes: string }[]) {
    const sent: HarnessFile[] = files.map((file) => ({ name: file.name, bytes: [...new TextEncoder().encode(file.bytes)] }));
    return this.page.evaluate(([g, b, f]) => (window as unknown as Harness).knowledgeHarness.tryAdd(g, b, f), [graphId, baseId, sent] as const);
  }

  texts(graphId: string, baseId: string) {
    return this.page.evaluate(([g, b]) => (window as unknown as Harness).knowledgeHarness.texts(g, b), [graphId, baseId] as const);
  }

  stats(graphId: string, baseId: string) {
    return this.page.evaluate(([g, b]) => (window as unknown as Harness).knowledgeHarness.stats(g, b), [graphId, baseId] as const);
  }

  deleteBase(graphId: string, baseId: string) {
    return this.page.evaluate(([g, b]) => (window as unknown as Harness).knowledgeHarness.deleteBase(g, b), [graphId, baseId] as const);
  }

  scriptRan(): Promise<boolean> {
    return this.page.evaluate(() => (window as unknown as Harness).knowledgeHarness.scriptRan());
  }
}
