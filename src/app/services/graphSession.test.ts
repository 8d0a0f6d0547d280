import "fake-indexeddb/auto";
import { IDBFactory } from "fake-indexeddb";
import { beforeEach, describe, expect, it } from "vitest";
import { Database } from "../../persistence/db.js";
import { createWorkspace, type Workspace, type WorkspaceClock } from "../../persistence/workspace/index.js";
import { createEditorStore } from "../store/editorStore";
import { blankDocument } from "../store/nodeFactory";
import { templates } from "../templates/catalog";
import { instantiateTemplate } from "../templates/instantiate";
import { shareLink } from "../io/shareLink";
import { createGraphSession, openInitialGraph, startGraphSession, type GraphSession } from "./graphSession";

let tick: number;
// Every save is a millisecond later than the last, so "most recently edited" is well defined.
const clock: WorkspaceClock = { now: () => tick, iso: () => new Date(tick++).toISOString() };
let workspace: Workspace;

function session(): GraphSession {
  return createGraphSession({ store: createEditorStore(blankDocument("placeholder")), workspace });
}

beforeEach(() => {
  tick = Date.UTC(2026, 0, 1);
  workspace = createWorkspace(new Database({ name: "session-test", indexedDB: new IDBFactory() }), clock);
});

describe("openInitialGraph", () => {
  it("opens and stores a copy of the first template on first run", async () => {
    const s = session();
    await openInitialGraph(s, templates);
    const document = s.store.getState().document;
    expect(document.meta).toMatchObject({ id: templates[0]?.id, name: templates[0]?.title });
    expect((await workspace.graphs.list()).map((g) => g.id)).toEqual([templates[0]?.id]);
  });

  it("opens the most recently edited graph with an empty undo history", async () => {
    await workspace.graphs.save(blankDocument("older", "Older"));
    tick += 1_000;
    await workspace.graphs.save(blankDocument("newer", "Newer"));
    const s = session();
    await openInitialGraph(s, templates);
    expect(s.store.getState().document.meta.name).toBe("Newer");
    expect(s.store.temporal.getState().pastStates).toEqual([]);
  });

  it("opens the first template in memory and reports the problem when the workspace cannot be read", async () => {
    const s = session();
    workspace.graphs.list = async () => {
      throw new Error("The connection to the browser database was lost.");
    };
    await openInitialGraph(s, templates);
    expect(s.store.getState().document.meta.name).toBe(templates[0]?.title);
    expect(s.autosave.getStatus()).toMatchObject({ state: "error", message: expect.stringContaining("connection to the browser database was lost") });
  });
});

describe("GraphSession.open", () => {
  it("saves the open graph's pending edits, then opens and stores the new one with a fresh history", async () => {
    const s = session();
    await openInitialGraph(s, templates);
    s.autosave.start();
    s.store.getState().updateDocument((d) => ({ ...d, meta: { ...d.meta, name: "Edited" } }));
    const next = instantiateTemplate(templates[1]!, { id: "g_next", now: new Date(tick) });
    tick += 1_000;
    await s.open(next);
    s.autosave.stop();
    expect(s.store.getState().document).toBe(next);
    expect(s.store.temporal.getState().pastStates).toEqual([]);
    expect((await workspace.graphs.get(templates[0]!.id))?.name).toBe("Edited");
    expect((await workspace.graphs.list())[0]?.id).toBe("g_next");
  });

  it("restores a saved version as one undoable step that keeps the unsaved edits", async () => {
    const s = session();
    await openInitialGraph(s, templates);
    const original = s.store.getState().document;
    await workspace.graphs.saveVersion(original, "v1", "ver_1");
    s.store.getState().updateDocument((d) => ({ ...d, nodes: d.nodes.slice(0, 1) }));
    const edited = s.store.getState().document;
    await s.restoreVersion("ver_1");
    expect(s.store.getState().document.nodes.length).toBe(original.nodes.length);
    expect((await workspace.graphs.get(original.meta.id))?.document.nodes.length).toBe(original.nodes.length);
    s.store.temporal.getState().undo();
    expect(s.store.getState().document).toBe(edited);
  });

  it("hands out graph ids that no stored graph uses", async () => {
    const s = session();
    await openInitialGraph(s, templates);
    const id = await s.freshGraphId();
    expect(await s.graphIds()).not.toContain(id);
    expect(id).toMatch(/^g_/);
  });
});

describe("share links at start-up", () => {
  it("opens the linked graph after the workspace's own and reports it", async () => {
    const shared = instantiateTemplate(templates[2]!, { id: "g_shared", now: new Date(tick) });
    const { url } = await shareLink(shared, "https://example.com/");
    const s = session();
    await openInitialGraph(s, templates, { fragment: new URL(url).hash });
    expect(s.store.getState().document).toEqual(shared);
    expect(s.startup).toEqual({ notice: `Opened the shared graph "${shared.meta.name}".`, importFailure: null });
    expect((await workspace.graphs.list()).map((g) => g.id).sort()).toEqual(["g_shared", templates[0]!.id].sort());
  });

  it("keeps the workspace's graph open and reports a damaged link", async () => {
    const s = session();
    await openInitialGraph(s, templates, { fragment: "#graph=AAAA" });
    expect(s.store.getState().document.meta.id).toBe(templates[0]!.id);
    expect(s.startup.importFailure).toMatchObject({ source: "The share link", issues: [{ path: "$", message: expect.stringMatching(/damaged/) }] });
  });

  it("starts a session once, however often it is asked", async () => {
    const s = session();
    const shared = instantiateTemplate(templates[1]!, { id: "g_once", now: new Date(tick) });
    const fragment = new URL((await shareLink(shared, "https://example.com/")).url).hash;
    await Promise.all([startGraphSession(s, templates, { fragment }), startGraphSession(s, templates, { fragment })]);
    expect((await workspace.graphs.list()).filter((g) => g.name.startsWith(shared.meta.name))).toHaveLength(1);
  });
});
