// Importing a graph with the browser's storage full (issue 26, item 8): the graph opens in this
// tab, the save says the storage is full and that the graph is kept here, the graph open before
// stays stored, and once there is room the next change stores the imported graph.
import "fake-indexeddb/auto";
import { IDBFactory } from "fake-indexeddb";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Database, STORES } from "../../persistence/db.js";
import { createWorkspace } from "../../persistence/workspace/index.js";
import { createEditorStore } from "../store/editorStore";
import { blankDocument } from "../store/nodeFactory";
import { templates } from "../templates/catalog";
import { createGraphSession, openInitialGraph } from "./graphSession";
import { importGraphText } from "./importGraphText";

afterEach(() => {
  vi.restoreAllMocks();
});

const DATABASE = "import-quota";

/** This test's database refuses every write of a graph, as a full disk does (other databases are left alone). */
function fillStorage(): void {
  const put = IDBObjectStore.prototype.put;
  vi.spyOn(IDBObjectStore.prototype, "put").mockImplementation(function (this: IDBObjectStore, ...args: Parameters<typeof put>) {
    const full = this.transaction.db.name === DATABASE && (this.name === STORES.graphs || this.name === STORES.versions);
    if (full) throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
    return put.apply(this, args);
  });
}

describe("importing with the storage full", () => {
  it("opens the graph in this tab, says the storage is full and the graph is kept here, and stores it with the next change once there is room", async () => {
    const workspace = createWorkspace(new Database({ name: DATABASE, indexedDB: new IDBFactory() }));
    const session = createGraphSession({ store: createEditorStore(blankDocument("placeholder")), workspace });
    await openInitialGraph(session, templates);
    session.autosave.start();
    const before = session.store.getState().document.meta.id;

    const imported = { ...blankDocument("g_imported"), meta: { ...blankDocument("g_imported").meta, id: "g_imported", name: "Imported desk" } };
    fillStorage();
    const outcome = await importGraphText(session, JSON.stringify(imported));
    expect(outcome).toEqual({ ok: true, message: 'Imported "Imported desk".' });
    expect(session.store.getState().document.meta.name).toBe("Imported desk");
    expect(session.autosave.getStatus()).toEqual({
      state: "error",
      message: expect.stringMatching(
        /^Could not save "Imported desk": The browser's storage is full, so .* failed and nothing was saved\. .*Your changes are kept in this tab; they will be saved again with your next change\.$/,
      ) as string,
    });
    // Nothing stored was lost: the graph open before is still in the workspace, and the import is not half-stored.
    expect(await workspace.graphs.get(before)).toBeDefined();
    expect(await workspace.graphs.get("g_imported")).toBeUndefined();

    vi.restoreAllMocks();
    session.store.getState().updateDocument((d) => ({ ...d, meta: { ...d.meta, description: "Room again" } }));
    await session.autosave.flush();
    session.autosave.stop();
    expect(await workspace.graphs.get("g_imported")).toMatchObject({ name: "Imported desk" });
    expect(session.autosave.getStatus().state).toBe("saved");
  });
});
