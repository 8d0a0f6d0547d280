/**
 * Unsaved edits across a reload: a page that unloads before its save lands keeps a draft, and
 * the next start takes it through the normal save, merging with what another tab saved since.
 */
import "fake-indexeddb/auto";
import { IDBFactory } from "fake-indexeddb";
import { beforeEach, describe, expect, it } from "vitest";
import { Database } from "../../persistence/db.js";
import { createWorkspace, DRAFTS_SCHEMA, type Workspace } from "../../persistence/workspace/index.js";
import type { GraphDocument } from "../../schema/index.js";
import { createEditorStore } from "../store/editorStore";
import { blankDocument } from "../store/nodeFactory";
import { templates } from "../templates/catalog";
import { recoverDrafts } from "./draftRecovery";
import { createGraphSession, openInitialGraph, type GraphSession } from "./graphSession";

const NAME = "reload-test";
const KEY = "sk-ant-api03-Reload5kQz5Lr0pWx7mNt3cYb";
let factory: IDBFactory;

interface Tab {
  session: GraphSession;
  workspace: Workspace;
  /** Edits the open document as the user would. */
  edit(change: (d: GraphDocument) => GraphDocument): void;
  /** Hides the page, then stops it the way an unload does: no request it asks for afterwards is issued. */
  unload(): void;
  /** Hides the page and lets it live on (a tab switch): the save it starts lands. */
  hide(): void;
}

/** A page of the app: its own connection (which dies with it) and editor, on the browser's shared IndexedDB. */
async function openTab(): Promise<Tab> {
  let alive = true;
  const pageFactory = {
    open: (name: string, version?: number) => {
      if (!alive) throw new DOMException("The page is gone.", "InvalidStateError");
      return factory.open(name, version);
    },
    deleteDatabase: (name: string) => factory.deleteDatabase(name),
    databases: () => factory.databases(),
    cmp: (a: unknown, b: unknown) => factory.cmp(a, b),
  } as IDBFactory;
  const database = new Database({ name: NAME, indexedDB: pageFactory });
  const workspace = createWorkspace(database);
  const win = new EventTarget();
  const doc = Object.assign(new EventTarget(), { visibilityState: "visible" });
  const session = createGraphSession({ store: createEditorStore(blankDocument("placeholder")), workspace, page: { window: win, document: doc } });
  await openInitialGraph(session, templates);
  session.autosave.start();
  const connection = await database.open();
  return {
    session,
    workspace,
    edit: (change) => session.store.getState().updateDocument(change),
    unload() {
      doc.visibilityState = "hidden";
      doc.dispatchEvent(new Event("visibilitychange"));
      win.dispatchEvent(new Event("pagehide"));
      alive = false;
      connection.close();
    },
    hide() {
      doc.visibilityState = "hidden";
      doc.dispatchEvent(new Event("visibilitychange"));
    },
  };
}

const describeAs = (description: string) => (d: GraphDocument) => ({ ...d, meta: { ...d.meta, description } });
const rename = (name: string) => (d: GraphDocument) => ({ ...d, meta: { ...d.meta, name } });

/** Reads the workspace from a connection of its own, as a test looks at the browser's storage. */
async function look(): Promise<{ workspace: Workspace; draftRows: () => Promise<unknown[]> }> {
  const database = new Database({ name: NAME, indexedDB: factory });
  return {
    workspace: createWorkspace(database),
    draftRows: () => database.companion("drafts", DRAFTS_SCHEMA).tx(["drafts"], "readonly", "reading drafts", (tx) => tx.objectStore("drafts").getAll()),
  };
}

beforeEach(() => {
  factory = new IDBFactory();
});

describe("an edit made just before the page unloads", () => {
  it("is stored by the next start, which opens it with a fresh undo history", async () => {
    const a = await openTab();
    const id = a.session.store.getState().document.meta.id;
    a.edit(describeAs("Edited right before the reload"));
    a.unload();
    const { workspace, draftRows } = await look();
    await expect.poll(async () => (await draftRows()).length).toBe(1);
    expect((await workspace.graphs.get(id))?.document.meta.description).not.toBe("Edited right before the reload");

    const next = await openTab();
    expect(next.session.store.getState().document.meta).toMatchObject({ id, description: "Edited right before the reload" });
    expect(next.session.store.temporal.getState().pastStates).toEqual([]);
    expect((await workspace.graphs.get(id))?.document.meta.description).toBe("Edited right before the reload");
    expect(await draftRows()).toEqual([]);
  });

  it("is applied once: a second start finds nothing left to store", async () => {
    const a = await openTab();
    const id = a.session.store.getState().document.meta.id;
    a.edit(describeAs("Once"));
    a.unload();
    const { workspace } = await look();
    await expect.poll(async () => (await workspace.drafts.list()).drafts.length).toBe(1);
    await openTab();
    const rev = (await workspace.graphs.get(id))?.rev;
    await openTab();
    expect((await workspace.graphs.get(id))?.rev).toBe(rev);
  });

  it("drops the draft once the hidden page's save lands, so a later edit of the same field is no clash", async () => {
    const a = await openTab();
    const id = a.session.store.getState().document.meta.id;
    a.edit(describeAs("Saved while hidden"));
    a.hide();
    const { workspace, draftRows } = await look();
    await expect.poll(async () => (await workspace.graphs.get(id))?.document.meta.description).toBe("Saved while hidden");
    await expect.poll(draftRows).toEqual([]);
    a.edit(describeAs("Changed again"));
    await a.session.autosave.flush();
    a.unload();

    const next = await openTab();
    expect(next.session.startup.notice).toBeNull();
    expect(next.session.store.getState().document.meta.description).toBe("Changed again");
    expect(await workspace.graphs.listVersions(id)).toEqual([]);
  });

  it("keeps no saved key in the draft: a pasted key is stored as REDACTED, in the draft and in the graph", async () => {
    const a = await openTab();
    await a.workspace.secrets.set("anthropic", KEY);
    const id = a.session.store.getState().document.meta.id;
    a.edit(describeAs(`token ${KEY.slice(7)}`));
    a.unload();
    const { workspace, draftRows } = await look();
    await expect.poll(async () => (await draftRows()).length).toBe(1);
    const text = JSON.stringify(await draftRows());
    expect(text).toContain("token REDACTED");
    for (let i = 0; i + 12 <= KEY.length; i++) expect(text).not.toContain(KEY.slice(i, i + 12));

    await openTab();
    expect((await workspace.graphs.get(id))?.document.meta.description).toBe("token REDACTED");
  });
});

describe("a draft and another tab's later save", () => {
  it("keeps both: tab B's rename stays and tab A's edit is merged in", async () => {
    const a = await openTab();
    const b = await openTab();
    const id = a.session.store.getState().document.meta.id;
    a.edit(describeAs("Described in A"));
    a.unload();
    b.edit(rename("Renamed in B"));
    await b.session.autosave.flush();
    const { workspace } = await look();
    const afterB = await workspace.graphs.get(id);
    expect(afterB?.document.meta.name).toBe("Renamed in B");

    const next = await openTab();
    expect(next.session.store.getState().document.meta).toMatchObject({ name: "Renamed in B", description: "Described in A" });
    expect((await workspace.graphs.get(id))?.rev).toBe((afterB?.rev ?? 0) + 1);
  });

  it("keeps tab B's value of a field both changed, and tab A's draft as a version the user is told of", async () => {
    const a = await openTab();
    const b = await openTab();
    const id = a.session.store.getState().document.meta.id;
    a.edit(describeAs("From A"));
    a.unload();
    b.edit(describeAs("From B"));
    await b.session.autosave.flush();

    const next = await openTab();
    expect(next.session.store.getState().document.meta.description).toBe("From B");
    expect(next.session.startup.notice).toMatch(/clash with a change saved in another tab.*version "Unsaved changes of /);
    const versions = await next.workspace.graphs.listVersions(id);
    expect(versions.map((v) => [v.name, v.document.meta.description])).toEqual([[expect.stringMatching(/^Unsaved changes of /), "From A"]]);
    expect((await next.workspace.drafts.list()).drafts).toEqual([]);
  });

  it("drops a left-over draft the stored graph already holds, without a new revision", async () => {
    const a = await openTab();
    const id = a.session.store.getState().document.meta.id;
    const base = a.session.sync.base(id);
    a.edit(describeAs("Landed"));
    await a.session.autosave.flush();
    // A draft of the same edit, as when the page unloaded after its save landed but before the draft went.
    a.workspace.drafts.writeNow([{ document: a.session.store.getState().document, base: base ?? null }]);
    const { workspace } = await look();
    await expect.poll(async () => (await workspace.drafts.list()).drafts.length).toBe(1);
    const rev = (await workspace.graphs.get(id))?.rev;

    const notices = await recoverDrafts({ workspace, sync: a.session.sync });
    expect(notices).toEqual({ notices: [] });
    expect((await workspace.graphs.get(id))?.rev).toBe(rev);
    expect((await workspace.drafts.list()).drafts).toEqual([]);
  });
});
