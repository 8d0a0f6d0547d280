// IdbSaver, IdbStore's vector index and thread locks in real Chromium: IndexedDB survives a
// reload, Web Locks span tabs.
import { expect, test } from "./fixtures";
import { PersistenceHarnessPage } from "./pages/PersistenceHarnessPage";

test("reads back after a reload what IdbSaver wrote to real IndexedDB", async ({ page, consoleErrors }) => {
  const harness = new PersistenceHarnessPage(page);
  await harness.goto();
  const written = await harness.write();

  expect(written.checkpointIds).toHaveLength(2);
  expect(written.latest).toEqual({ topic: "refunds", messages: ["hi", "how can I help?"], parentId: written.checkpointIds[1] });
  expect(written.pendingWrites).toEqual([
    ["task-1", "topic", "refunds"],
    ["task-1", "messages", ["how can I help?"]],
  ]);
  expect(written.deletedThreadFound).toBe(false);

  await harness.reload();
  expect(await harness.read()).toEqual(written);
  expect(consoleErrors).toEqual([]);
});

test("keeps a retried task's first write in real IndexedDB, adds its new one and replaces its error", async ({ page, consoleErrors }) => {
  const harness = new PersistenceHarnessPage(page);
  await harness.goto();
  // The retry's first transaction fails on the stored write; its writes then go again, each kept or added.
  expect(await harness.retryWrites()).toEqual([
    ["task-1", "__error__", "rate limited"],
    ["task-1", "topic", "refunds"],
    ["task-1", "notes", "added on retry"],
  ]);
  expect(consoleErrors).toEqual([]);
});

test("tells a second tab that a thread running in the first is busy, until it finishes", async ({ context }) => {
  const first = new PersistenceHarnessPage(await context.newPage());
  const second = new PersistenceHarnessPage(await context.newPage());
  await first.goto();
  await second.goto();

  await first.holdLock("t-1");
  expect(await second.tryLock("t-1")).toBe("THREAD_BUSY");
  expect(await second.tryLock("t-2")).toBe("ran");

  await first.releaseLock();
  await expect.poll(() => second.tryLock("t-1")).toBe("ran");
});

test("ranks memories by meaning after a reload, from the vectors IdbStore kept in real IndexedDB", async ({ page, consoleErrors }) => {
  const harness = new PersistenceHarnessPage(page);
  await harness.goto();
  const ranked = await harness.rememberMemories();
  expect(ranked.map(([key]) => key)).toEqual(["french", "german", "order", "note"]);
  expect(ranked[0]?.[1]).toBeCloseTo(Math.SQRT1_2, 10);
  expect(ranked[1]?.[1]).toBeCloseTo(0.5, 10);
  expect(ranked[3]?.[1]).toBeUndefined();

  await harness.reload();
  expect(await harness.rankMemories()).toEqual(ranked);
  expect(consoleErrors).toEqual([]);
});
