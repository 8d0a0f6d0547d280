/** Two tabs on one workspace: a stale save is detected by revision, merged or refused, never a silent overwrite. */
import "fake-indexeddb/auto";
import { IDBFactory } from "fake-indexeddb";
import { beforeEach, describe, expect, it } from "vitest";
import { Database } from "../../persistence/db.js";
import { createWorkspace, StaleGraphError, type Workspace } from "../../persistence/workspace/index.js";
import type { GraphDocument } from "../../schema/index.js";
import { createEditorStore } from "../store/editorStore";
import { blankDocument } from "../store/nodeFactory";
import { templates } from "../templates/catalog";
import { createGraphSession, openInitialGraph, type GraphSession } from "./graphSession";
import type { SaveChannel, SavedMessage } from "./graphSync";

let factory: IDBFactory;

/** A tab: its own database connection and editor, sharing the browser's IndexedDB and channel. */
function tab(channel: SaveChannel | null = null): GraphSession {
  const workspace: Workspace = createWorkspace(new Database({ name: "two-tabs", indexedDB: factory }));
  return createGraphSession({ store: createEditorStore(blankDocument("placeholder")), workspace, channel });
}

/** A BroadcastChannel between tabs of one test: each message reaches every other end, later. */
function channels(): { open(): SaveChannel; delivered(): Promise<void> } {
  const ends: { listeners: ((event: { data: unknown }) => void)[] }[] = [];
  let inFlight: Promise<void> = Promise.resolve();
  return {
    open() {
      const end = { listeners: [] as ((event: { data: unknown }) => void)[] };
      ends.push(end);
      return {
        postMessage(message: SavedMessage) {
          for (const other of ends) {
            if (other === end) continue;
            inFlight = inFlight.then(() => new Promise((resolve) => setTimeout(resolve, 0))).then(() => other.listeners.forEach((l) => l({ data: message })));
          }
        },
        addEventListener(_type, listener) {
          end.listeners.push(listener);
        },
      };
    },
    delivered: () => inFlight,
  };
}

const rename = (name: string) => (d: GraphDocument) => ({ ...d, meta: { ...d.meta, name } });
const describeAs = (description: string) => (d: GraphDocument) => ({ ...d, meta: { ...d.meta, description } });

beforeEach(() => {
  factory = new IDBFactory();
});

describe("graph revisions", () => {
  it("refuses a save over a revision that is no longer the stored one, writing nothing", async () => {
    const ws = createWorkspace(new Database({ name: "revisions", indexedDB: factory }));
    const first = await ws.graphs.save(blankDocument("g1", "One"));
    expect(first.rev).toBe(0);
    const second = await ws.graphs.save(rename("Two")(first.document), { expectedRev: 0 });
    expect(second.rev).toBe(1);
    const stale = ws.graphs.save(rename("Stale")(first.document), { expectedRev: 0 });
    await expect(stale).rejects.toBeInstanceOf(StaleGraphError);
    await expect(stale).rejects.toMatchObject({ code: "STALE_GRAPH", stored: { rev: 1, name: "Two" } });
    expect((await ws.graphs.get("g1"))?.name).toBe("Two");
  });
});

describe("a saved key pasted into the graph", () => {
  it("is replaced by REDACTED in the editor and the store, and the user is told", async () => {
    const a = tab();
    await openInitialGraph(a, templates);
    const key = "sk-ant-api03-Hv82kQz5Lr0pWx7mNt3c";
    await a.workspace.secrets.set("anthropic", key);
    const notices: string[] = [];
    a.onNotice((message) => notices.push(message));

    a.store.getState().updateDocument(describeAs(`token ${key.slice(7)}`));
    await a.autosave.saveNow(a.store.getState().document);

    expect(a.store.getState().document.meta.description).toBe("token REDACTED");
    const id = a.store.getState().document.meta.id;
    expect((await a.workspace.graphs.get(id))?.document.meta.description).toBe("token REDACTED");
    expect(notices).toEqual([expect.stringMatching(/saved API key was found .* replaced by REDACTED/)]);
    expect(a.autosave.getStatus().state).toBe("saved");
  });
});

describe("two tabs on one graph", () => {
  it("keeps tab B's rename when tab A, still showing the old name, edits the description", async () => {
    const a = tab();
    await openInitialGraph(a, templates);
    const b = tab();
    await openInitialGraph(b, templates);
    const id = a.store.getState().document.meta.id;
    const description = a.store.getState().document.meta.description;

    b.store.getState().updateDocument(rename("Renamed in B"));
    await b.autosave.saveNow(b.store.getState().document);
    a.store.getState().updateDocument(describeAs("Described in A"));
    await a.autosave.saveNow(a.store.getState().document);

    const stored = await a.workspace.graphs.get(id);
    expect(stored?.document.meta).toMatchObject({ name: "Renamed in B", description: "Described in A" });
    expect(a.autosave.getStatus().state).toBe("saved");
    // Tab A now shows the merge, and Undo takes back only its own edit.
    expect(a.store.getState().document.meta).toMatchObject({ name: "Renamed in B", description: "Described in A" });
    a.store.temporal.getState().undo();
    expect(a.store.getState().document.meta.name).toBe("Renamed in B");
    expect(a.store.getState().document.meta.description).toBe(description);
  });

  it("refuses, with a message saying what to do, when both tabs changed the same field", async () => {
    const a = tab();
    await openInitialGraph(a, templates);
    const b = tab();
    await openInitialGraph(b, templates);
    const id = a.store.getState().document.meta.id;

    b.store.getState().updateDocument(rename("Name from B"));
    await b.autosave.saveNow(b.store.getState().document);
    a.store.getState().updateDocument(rename("Name from A"));
    await a.autosave.saveNow(a.store.getState().document);

    expect((await a.workspace.graphs.get(id))?.name).toBe("Name from B");
    expect(a.autosave.getStatus()).toMatchObject({ state: "error" });
    expect(a.autosave.getStatus().message).toMatch(/changed in another tab, and both tabs changed the name.*Reload this tab/);
  });

  it("shows another tab's saved change in a tab with no unsaved edits", async () => {
    const bus = channels();
    const a = tab(bus.open());
    await openInitialGraph(a, templates);
    a.autosave.start();
    const b = tab(bus.open());
    await openInitialGraph(b, templates);

    b.store.getState().updateDocument(rename("Renamed in B"));
    await b.autosave.saveNow(b.store.getState().document);
    await bus.delivered();
    await expect.poll(() => a.store.getState().document.meta.name).toBe("Renamed in B");
    // Loading it is not an edit of this tab: nothing to undo, nothing to save again.
    expect(a.store.temporal.getState().pastStates).toEqual([]);
    expect(a.autosave.hasPending(a.store.getState().document.meta.id)).toBe(false);
    a.autosave.stop();
  });
});
