/** Drafts: one write issued and committed at once, never holding a saved key, kept per page and graph. */
import "fake-indexeddb/auto";
import { IDBFactory } from "fake-indexeddb";
import { beforeEach, describe, expect, it } from "vitest";
import { assertValid, type GraphDocument } from "../../schema/index.js";
import { minimalDocument } from "../../schema/fixtures/minimalDocument.js";
import { Database, DB_VERSION, STORES } from "../db.js";
import { createWorkspace, DRAFTS_SCHEMA, DraftStore, type Workspace, type WorkspaceClock } from "./index.js";

const KEY = "sk-proj-Draft8q2WzX41bLmNpRtVy83KdHsFf0Gg";
const clock: WorkspaceClock = { now: () => Date.UTC(2026, 0, 1), iso: () => new Date(Date.UTC(2026, 0, 1)).toISOString() };

function doc(id: string, description = "Plain"): GraphDocument {
  const input = minimalDocument();
  return assertValid({ ...input, meta: { ...input.meta, id, name: `Graph ${id}`, description } });
}

let factory: IDBFactory;
let db: Database;
let ws: Workspace;

beforeEach(() => {
  factory = new IDBFactory();
  db = new Database({ name: "drafts-test", indexedDB: factory });
  ws = createWorkspace(db, clock);
});

/** The drafts' own database, as another connection sees it. */
const draftsDb = () => db.companion("drafts", DRAFTS_SCHEMA);

/** Every draft row as stored, untouched by the workspace's reader. */
async function rawDrafts(): Promise<unknown[]> {
  return draftsDb().tx(["drafts"], "readonly", "reading drafts", (tx) => tx.objectStore("drafts").getAll());
}

describe("writing a draft", () => {
  it("lands even when the page's connection closes as soon as the handler returns, where a graph save does not", async () => {
    await ws.drafts.readKeys();
    const connection = await db.open();
    const write = ws.drafts.writeNow([{ document: doc("g1", "Edited"), base: null }]);
    const save = ws.graphs.save(doc("g2", "Edited")).then(
      () => "stored",
      () => "failed",
    );
    // What an unloading page does: nothing it asks after this point is issued.
    connection.close();
    const open = factory.open.bind(factory);
    factory.open = () => {
      throw new DOMException("The page is gone.", "InvalidStateError");
    };
    await expect(write?.done).resolves.toBeUndefined();
    expect(await save).toBe("failed");
    factory.open = open;
    const after = createWorkspace(new Database({ name: "drafts-test", indexedDB: factory }), clock);
    expect(await after.graphs.get("g2")).toBeUndefined();
    expect((await after.drafts.list()).drafts.map((d) => [d.graph_id, d.document.meta.description])).toEqual([["g1", "Edited"]]);
  });

  it("lands while a write of the workspace's database is still running (a graph save the page is leaving)", async () => {
    await ws.drafts.readKeys();
    // A readwrite transaction over every workspace store, drafts of older pages included, that
    // keeps asking until the draft has landed (or gives up): a draft queued behind it would
    // land only after it, and an unloading page's unfinished transactions are aborted.
    const connection = await db.open();
    const stores = [...connection.objectStoreNames] as (typeof STORES)[keyof typeof STORES][];
    let landed = false;
    let landedWhileRunning = false;
    const running = connection.transaction(stores, "readwrite");
    const held = (async () => {
      for (let i = 0; i < 2_000 && !landed; i++) await running.objectStore(STORES.graphs).get("g1");
      landedWhileRunning = landed;
      await running.done;
    })();
    const write = ws.drafts.writeNow([{ document: doc("g1", "Edited"), base: null }]);
    await write?.done.then(() => (landed = true));
    await held;
    expect(landedWhileRunning).toBe(true);
    expect((await ws.drafts.list()).drafts.map((d) => d.document.meta.description)).toEqual(["Edited"]);
  });

  it("is read back, oldest first, after the database is reopened", async () => {
    await ws.drafts.readKeys();
    await ws.graphs.save(doc("g1"));
    const stored = await ws.graphs.get("g1");
    await ws.drafts.writeNow([{ document: doc("g1", "Edited"), base: { rev: stored?.rev ?? 0, document: doc("g1") } }])?.done;
    await ws.drafts.writeNow([{ document: doc("g2", "New"), base: null }])?.done;
    await db.close();
    const again = createWorkspace(new Database({ name: "drafts-test", indexedDB: factory }), clock);
    const { drafts, problems } = await again.drafts.list();
    expect(problems).toEqual([]);
    expect(drafts.map((d) => [d.graph_id, d.document.meta.description, d.base?.rev ?? null, d.seq])).toEqual([
      ["g1", "Edited", 0, 1],
      ["g2", "New", null, 2],
    ]);
    expect(drafts[0]).toMatchObject({ writer: ws.drafts.writer, saved: clock.iso() });
  });

  it("writes nothing before the saved keys were read, rather than a draft that may hold one", async () => {
    await ws.secrets.set("openai", KEY);
    const fresh = new DraftStore(db, clock);
    const other = createWorkspace(new Database({ name: "drafts-test", indexedDB: factory }), clock);
    expect(other.drafts.writeNow([{ document: doc("g1", `key ${KEY}`), base: null }])).toBeNull();
    await other.drafts.readKeys();
    await other.drafts.writeNow([{ document: doc("g1", "after"), base: null }])?.done;
    expect((await fresh.list()).drafts.map((d) => d.document.meta.description)).toEqual(["after"]);
  });

  it("writes nothing while the database is not open yet", async () => {
    const unopened = new DraftStore(new Database({ name: "never-opened", indexedDB: factory }), clock);
    expect(unopened.writeNow([{ document: doc("g1"), base: null }])).toBeNull();
  });

  it("writes nothing once the drafts' connection was closed (another tab's upgrade, a lost connection), and again once it reopened by itself", async () => {
    const store = draftsDb();
    const drafts = new DraftStore(db, clock, "page-a", store);
    await drafts.readKeys();
    await store.close();
    expect(drafts.writeNow([{ document: doc("g1"), base: null }])).toBeNull();
    // That failed write started the reopening: once it is done, the next page hide is kept.
    await store.open();
    await drafts.writeNow([{ document: doc("g1", "after reopen"), base: null }])?.done;
    expect((await drafts.list()).drafts.map((d) => d.document.meta.description)).toEqual(["after reopen"]);
  });

  it("does not need the workspace's connection: a draft lands while it is closed", async () => {
    await ws.drafts.readKeys();
    await db.close();
    await ws.drafts.writeNow([{ document: doc("g1", "kept"), base: null }])?.done;
    expect((await ws.drafts.list()).drafts.map((d) => d.document.meta.description)).toEqual(["kept"]);
  });

  it("replaces a saved key pasted into the document, and into its base, by REDACTED", async () => {
    await ws.secrets.set("openai", KEY);
    await ws.drafts.readKeys();
    const base = doc("g1", `old ${KEY.slice(8, 24)}`);
    await ws.drafts.writeNow([{ document: doc("g1", `token ${KEY.slice(8)}`), base: { rev: 3, document: base } }])?.done;
    const text = JSON.stringify(await rawDrafts());
    expect(text).toContain("token REDACTED");
    expect(text).toContain("old REDACTED");
    for (let i = 0; i + 12 <= KEY.length; i++) expect(text).not.toContain(KEY.slice(i, i + 12));
  });

  it("redacts a key saved after start-up at once, and keeps one deleted since", async () => {
    await ws.drafts.readKeys();
    await ws.secrets.set("anthropic", KEY);
    await ws.drafts.writeNow([{ document: doc("g1", `k ${KEY}`), base: null }])?.done;
    await ws.secrets.delete("anthropic");
    await ws.drafts.writeNow([{ document: doc("g2", `k ${KEY}`), base: null }])?.done;
    const { drafts } = await ws.drafts.list();
    expect(drafts.map((d) => d.document.meta.description)).toEqual(["k REDACTED", `k ${KEY}`]);
  });

  it("uses the keys a graph save read last, when another page saved a key meanwhile", async () => {
    await ws.drafts.readKeys();
    const otherTab = createWorkspace(new Database({ name: "drafts-test", indexedDB: factory }), clock);
    await otherTab.secrets.set("openai", KEY);
    await ws.graphs.save(doc("g1"));
    await ws.drafts.writeNow([{ document: doc("g1", `pasted ${KEY}`), base: null }])?.done;
    expect((await ws.drafts.list()).drafts[0]?.document.meta.description).toBe("pasted REDACTED");
  });
});

describe("dropping a draft", () => {
  it("deletes the draft a save made unneeded but not a later one of the same page", async () => {
    await ws.drafts.readKeys();
    const first = ws.drafts.writeNow([{ document: doc("g1", "first"), base: null }]);
    await first?.done;
    await ws.drafts.writeNow([{ document: doc("g1", "second"), base: null }])?.done;
    await ws.drafts.delete("g1", ws.drafts.writer, first?.written[0]?.seq);
    expect((await ws.drafts.list()).drafts.map((d) => d.document.meta.description)).toEqual(["second"]);
  });

  it("keeps each page's draft of one graph apart", async () => {
    const a = new DraftStore(db, clock, "page-a");
    const b = new DraftStore(db, clock, "page-b");
    await Promise.all([a.readKeys(), b.readKeys()]);
    await a.writeNow([{ document: doc("g1", "from A"), base: null }])?.done;
    await b.writeNow([{ document: doc("g1", "from B"), base: null }])?.done;
    expect((await a.list()).drafts.map((d) => [d.writer, d.document.meta.description])).toEqual([
      ["page-a", "from A"],
      ["page-b", "from B"],
    ]);
  });

  it("goes with its graph when the graph is deleted", async () => {
    await ws.drafts.readKeys();
    await ws.graphs.save(doc("g1"));
    await ws.drafts.writeNow([
      { document: doc("g1", "Edited"), base: null },
      { document: doc("g2"), base: null },
    ])?.done;
    await ws.graphs.delete("g1");
    expect((await ws.drafts.list()).drafts.map((d) => d.graph_id)).toEqual(["g2"]);
  });

  it("names a draft it cannot read and leaves it in place", async () => {
    await (await draftsDb().open()).put("drafts", { graph_id: "g9", writer: "w", v: 1, seq: 1, saved: "x", base: null, document: { nope: true } });
    const { drafts, problems } = await ws.drafts.list();
    expect(drafts).toEqual([]);
    expect(problems).toEqual([expect.stringMatching(/unsaved changes of graph "g9" could not be read: .*drafts/)]);
    expect(await rawDrafts()).toHaveLength(1);
  });
});

describe("drafts kept by pages before drafts had their own database", () => {
  it("are moved out of the workspace's drafts store at the next start and taken like the others", async () => {
    const row = { graph_id: "g1", writer: "old-page", v: 1, seq: 4, saved: "2025-12-31T23:00:00.000Z", base: null, document: doc("g1", "from before") };
    await db.tx([STORES.drafts], "readwrite", "seeding", (tx) => tx.objectStore(STORES.drafts).put(row));
    await ws.drafts.readKeys();
    await ws.drafts.writeNow([{ document: doc("g2", "new"), base: null }])?.done;
    const { drafts, problems } = await ws.drafts.list();
    expect(problems).toEqual([]);
    expect(drafts.map((d) => [d.graph_id, d.writer, d.document.meta.description])).toEqual([
      ["g1", "old-page", "from before"],
      ["g2", ws.drafts.writer, "new"],
    ]);
    expect(await db.tx([STORES.drafts], "readonly", "reading", (tx) => tx.objectStore(STORES.drafts).count())).toBe(0);
    await ws.drafts.delete("g1", "old-page", 4);
    expect((await ws.drafts.list()).drafts.map((d) => d.graph_id)).toEqual(["g2"]);
  });
});

describe("database upgrade 5 → 6", () => {
  it("adds the drafts store to a version-5 database, keeping its graphs and secrets", async () => {
    const v5 = new Database({ name: "upgrade-6", indexedDB: factory, version: 5 });
    await createWorkspace(v5, clock).graphs.save(doc("g1"));
    await v5.tx([STORES.secrets], "readwrite", "seeding", (tx) => tx.objectStore(STORES.secrets).put({ id: "openai", value: KEY }));
    expect((await v5.open()).objectStoreNames.contains(STORES.drafts)).toBe(false);
    await v5.close();
    const v6 = new Database({ name: "upgrade-6", indexedDB: factory });
    expect((await v6.open()).version).toBe(DB_VERSION);
    const upgraded = createWorkspace(v6, clock);
    expect((await upgraded.graphs.get("g1"))?.document).toEqual(doc("g1"));
    await upgraded.drafts.readKeys();
    await upgraded.drafts.writeNow([{ document: doc("g1", KEY), base: null }])?.done;
    expect((await upgraded.drafts.list()).drafts[0]?.document.meta.description).toBe("REDACTED");
  });
});
