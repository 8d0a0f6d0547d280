// Another tab upgrading or deleting the database: our connection steps aside cleanly,
// a later operation reopens (or says why it cannot), and a blocked upgrade is reported.
import "fake-indexeddb/auto";
import { IDBFactory } from "fake-indexeddb";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { Database, DB_VERSION } from "../db.js";
import { PersistenceError } from "../errors.js";
import { IdbSaver } from "./IdbSaver.js";
import { putStep, threadConfig } from "./testing/checkpoints.js";

const NAME = "tabs";
let factory: IDBFactory;

beforeEach(() => {
  factory = new IDBFactory();
});

/** Another tab's raw connection, as an older or newer build of the app would open it. */
function otherTab(version: number): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = factory.open(NAME, version);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error("open failed"));
    request.onblocked = () => reject(new Error("the other tab's upgrade was blocked"));
  });
}

function deleteFromOtherTab(): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = factory.deleteDatabase(NAME);
    request.onsuccess = () => resolve();
    request.onerror = () => reject(request.error ?? new Error("delete failed"));
    request.onblocked = () => reject(new Error("the delete was blocked"));
  });
}

describe("another tab's upgrade", () => {
  it("closes our connection without blocking it and reports the version change", async () => {
    const onVersionChange = vi.fn();
    const saver = new IdbSaver({ name: NAME, indexedDB: factory, onVersionChange });
    await putStep(saver, threadConfig("t-1"), {}, {}, []);

    const newer = await otherTab(DB_VERSION + 1);

    expect(onVersionChange).toHaveBeenCalledTimes(1);
    expect(newer.version).toBe(DB_VERSION + 1);
    newer.close();
  });

  it("makes our next operation fail with VERSION_CHANGED instead of using a database it no longer understands", async () => {
    const saver = new IdbSaver({ name: NAME, indexedDB: factory });
    await putStep(saver, threadConfig("t-1"), {}, {}, []);
    (await otherTab(DB_VERSION + 1)).close();

    const error = await saver.getTuple(threadConfig("t-1")).then(
      () => null,
      (e: unknown) => e,
    );

    expect(error).toBeInstanceOf(PersistenceError);
    expect((error as PersistenceError).code).toBe("VERSION_CHANGED");
    expect((error as PersistenceError).message).toMatch(/Reload this tab/);
  });

  it("lets our next operation reopen after another tab deleted the database", async () => {
    const onVersionChange = vi.fn();
    const saver = new IdbSaver({ name: NAME, indexedDB: factory, onVersionChange });
    await putStep(saver, threadConfig("t-1"), {}, {}, []);

    await deleteFromOtherTab();
    expect(onVersionChange).toHaveBeenCalledTimes(1);

    expect(await saver.getTuple(threadConfig("t-1"))).toBeUndefined();
    const saved = await putStep(saver, threadConfig("t-1"), {}, {}, []);
    expect((await saver.getTuple(threadConfig("t-1")))?.config).toEqual(saved);
  });
});

describe("our upgrade", () => {
  it("reports being blocked by a tab that keeps the old version open, and proceeds once it closes", async () => {
    await new Database({ name: NAME, indexedDB: factory }).tx(["settings"], "readonly", "creating", () => undefined);
    const older = await otherTab(DB_VERSION); // An old build that ignores `versionchange`.
    const onBlocked = vi.fn();
    const upgraded = new Database({ name: NAME, indexedDB: factory, version: DB_VERSION + 1, onBlocked });

    const opening = upgraded.open();
    await vi.waitFor(() => expect(onBlocked).toHaveBeenCalledTimes(1));

    older.close();
    expect((await opening).version).toBe(DB_VERSION + 1);
    const saver = new IdbSaver({ database: upgraded });
    await expect(putStep(saver, threadConfig("t-1"), {}, {}, [])).resolves.toBeDefined();
  });
});
