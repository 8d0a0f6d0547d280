import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from "vitest";
import type { GraphDocument } from "../../schema/index.js";
import { createEditorStore, openDocument } from "../store/editorStore";
import { blankDocument } from "../store/nodeFactory";
import { createAutosave, type Autosave, type DraftKeeper } from "./autosave";

type SaveMock = Mock<(doc: GraphDocument) => Promise<void>>;

function setup(save: SaveMock = vi.fn(async (_doc: GraphDocument) => {}), drafts?: DraftKeeper) {
  const store = createEditorStore(blankDocument("g1", "First"));
  const win = new EventTarget();
  const doc = Object.assign(new EventTarget(), { visibilityState: "visible" });
  const autosave = createAutosave({ source: store, save, page: { window: win, document: doc }, ...(drafts ? { drafts } : {}) });
  autosave.start();
  const rename = (name: string) => store.getState().updateDocument((d) => ({ ...d, meta: { ...d.meta, name } }));
  return { store, save, win, doc, autosave, rename };
}

const savedNames = (save: SaveMock) => save.mock.calls.map(([d]) => d.meta.name);

describe("autosave", () => {
  let autosave: Autosave | undefined;
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    autosave?.stop();
    vi.useRealTimers();
  });

  it("saves once, 500 ms after the last of several quick changes", async () => {
    const t = setup();
    autosave = t.autosave;
    t.rename("A");
    await vi.advanceTimersByTimeAsync(300);
    t.rename("AB");
    await vi.advanceTimersByTimeAsync(300);
    t.rename("ABC");
    await vi.advanceTimersByTimeAsync(499);
    expect(t.save).not.toHaveBeenCalled();
    expect(t.autosave.getStatus().state).toBe("pending");
    await vi.advanceTimersByTimeAsync(1);
    expect(savedNames(t.save)).toEqual(["ABC"]);
    expect(t.autosave.getStatus()).toEqual({ state: "saved", message: null });
  });

  it("saves during a long stream of changes at least every maxWait", async () => {
    const t = setup();
    autosave = t.autosave;
    for (let i = 0; i < 30; i++) {
      t.rename(`step ${i}`);
      await vi.advanceTimersByTimeAsync(200);
    }
    expect(t.save.mock.calls.length).toBeGreaterThanOrEqual(1);
  });

  it("saves at once when the page is hidden or closed (pagehide)", async () => {
    const t = setup();
    autosave = t.autosave;
    t.rename("Closing");
    t.win.dispatchEvent(new Event("pagehide"));
    await vi.advanceTimersByTimeAsync(0);
    expect(savedNames(t.save)).toEqual(["Closing"]);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(t.save).toHaveBeenCalledTimes(1);
  });

  it("saves at once when the tab becomes hidden", async () => {
    const t = setup();
    autosave = t.autosave;
    t.rename("Hidden");
    t.doc.visibilityState = "hidden";
    t.doc.dispatchEvent(new Event("visibilitychange"));
    await vi.advanceTimersByTimeAsync(0);
    expect(savedNames(t.save)).toEqual(["Hidden"]);
  });

  it("does nothing without changes", async () => {
    const t = setup();
    autosave = t.autosave;
    t.win.dispatchEvent(new Event("pagehide"));
    await vi.advanceTimersByTimeAsync(2_000);
    expect(t.save).not.toHaveBeenCalled();
    expect(t.autosave.getStatus().state).toBe("idle");
  });

  it("keeps the edits of a graph that is switched away from before its save was due", async () => {
    const t = setup();
    autosave = t.autosave;
    t.rename("Edited first graph");
    openDocument(t.store, blankDocument("g2", "Second"));
    await vi.advanceTimersByTimeAsync(500);
    expect(t.save.mock.calls.map(([d]) => [d.meta.id, d.meta.name])).toEqual([
      ["g1", "Edited first graph"],
      ["g2", "Second"],
    ]);
  });

  it("reports a failed save, keeps the document, and clears the error when a later save works", async () => {
    const save: SaveMock = vi.fn(async (_doc: GraphDocument) => {});
    save.mockRejectedValueOnce(new Error("The browser's storage is full."));
    const t = setup(save);
    autosave = t.autosave;
    const seen: string[] = [];
    t.autosave.subscribe(() => seen.push(t.autosave.getStatus().state));
    t.rename("Big");
    await vi.advanceTimersByTimeAsync(500);
    expect(t.autosave.getStatus()).toMatchObject({ state: "error", message: expect.stringContaining("storage is full") });
    expect(t.store.getState().document.meta.name).toBe("Big");
    t.rename("Smaller");
    await vi.advanceTimersByTimeAsync(500);
    expect(t.autosave.getStatus()).toEqual({ state: "saved", message: null });
    expect(seen).toContain("error");
  });

  it("does not store a document the workspace could not read back, and says why", async () => {
    const t = setup();
    autosave = t.autosave;
    t.rename("");
    await vi.advanceTimersByTimeAsync(500);
    expect(t.save).not.toHaveBeenCalled();
    expect(t.autosave.getStatus()).toMatchObject({ state: "invalid", message: expect.stringContaining("$.meta.name") });
    t.rename("Fixed");
    await vi.advanceTimersByTimeAsync(500);
    expect(savedNames(t.save)).toEqual(["Fixed"]);
    expect(t.autosave.getStatus().state).toBe("saved");
  });

  it("saveNow stores a document at once and does not save it again when the timer fires", async () => {
    const t = setup();
    autosave = t.autosave;
    const next = blankDocument("g3", "Imported");
    openDocument(t.store, next);
    await t.autosave.saveNow(next);
    expect(savedNames(t.save)).toEqual(["Imported"]);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(t.save).toHaveBeenCalledTimes(1);
  });

  it("saves in order, one at a time", async () => {
    const order: string[] = [];
    let release: () => void = () => {};
    const save: SaveMock = vi.fn(async (doc: GraphDocument) => {
      order.push(`start ${doc.meta.name}`);
      if (doc.meta.name === "slow") await new Promise<void>((r) => (release = r));
      order.push(`end ${doc.meta.name}`);
    });
    const t = setup(save);
    autosave = t.autosave;
    t.rename("slow");
    await vi.advanceTimersByTimeAsync(500);
    t.rename("fast");
    await vi.advanceTimersByTimeAsync(500);
    expect(order).toEqual(["start slow"]);
    release();
    await vi.advanceTimersByTimeAsync(0);
    expect(order).toEqual(["start slow", "end slow", "start fast", "end fast"]);
  });

  it("stops watching after stop, saving what was pending", async () => {
    const t = setup();
    t.rename("Before stop");
    t.autosave.stop();
    await vi.advanceTimersByTimeAsync(0);
    t.rename("After stop");
    t.win.dispatchEvent(new Event("pagehide"));
    await vi.advanceTimersByTimeAsync(1_000);
    expect(savedNames(t.save)).toEqual(["Before stop"]);
  });

  describe("drafts", () => {
    /** A keeper that records what it was asked, and when, next to the saves. */
    function keeper(log: string[]): DraftKeeper {
      return {
        keep: (documents) => log.push(`keep ${documents.map((d) => d.meta.name).join(", ")}`),
        drop: (graphId) => log.push(`drop ${graphId}`),
      };
    }

    it("keeps the pending document when the page is closed, before its save starts", async () => {
      const log: string[] = [];
      const save: SaveMock = vi.fn(async (doc: GraphDocument) => void log.push(`save ${doc.meta.name}`));
      const t = setup(save, keeper(log));
      autosave = t.autosave;
      t.rename("Closing");
      t.win.dispatchEvent(new Event("pagehide"));
      expect(log).toEqual(["keep Closing"]);
      await vi.advanceTimersByTimeAsync(0);
      expect(log).toEqual(["keep Closing", "save Closing", "drop g1"]);
    });

    it("keeps a document whose save is still in flight when the tab is hidden", async () => {
      const log: string[] = [];
      const save: SaveMock = vi.fn(() => new Promise<void>(() => {}));
      const t = setup(save, keeper(log));
      autosave = t.autosave;
      t.rename("In flight");
      await vi.advanceTimersByTimeAsync(500);
      expect(save).toHaveBeenCalledTimes(1);
      t.doc.visibilityState = "hidden";
      t.doc.dispatchEvent(new Event("visibilitychange"));
      expect(log).toEqual(["keep In flight"]);
    });

    it("drops the draft when a save started after it lands, not when an older save does", async () => {
      const log: string[] = [];
      let release: () => void = () => {};
      const save: SaveMock = vi.fn(async (doc: GraphDocument) => {
        if (doc.meta.name === "older") await new Promise<void>((r) => (release = r));
        log.push(`saved ${doc.meta.name}`);
      });
      const t = setup(save, keeper(log));
      autosave = t.autosave;
      t.rename("older");
      await vi.advanceTimersByTimeAsync(500);
      t.rename("newer");
      t.win.dispatchEvent(new Event("pagehide"));
      expect(log).toEqual(["keep newer"]);
      release();
      await vi.advanceTimersByTimeAsync(0);
      expect(log).toEqual(["keep newer", "saved older", "saved newer", "drop g1"]);
    });

    it("keeps no draft without unsaved changes, nor of a document the workspace could not read back", async () => {
      const log: string[] = [];
      const t = setup(undefined, keeper(log));
      autosave = t.autosave;
      t.win.dispatchEvent(new Event("pagehide"));
      t.rename("");
      t.win.dispatchEvent(new Event("pagehide"));
      await vi.advanceTimersByTimeAsync(1_000);
      expect(log).toEqual([]);
    });

    it("still saves when keeping the draft fails", async () => {
      const t = setup(undefined, {
        keep: () => {
          throw new Error("no room");
        },
        drop: () => {},
      });
      autosave = t.autosave;
      const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
      t.rename("Saved anyway");
      t.win.dispatchEvent(new Event("pagehide"));
      await vi.advanceTimersByTimeAsync(0);
      expect(savedNames(t.save)).toEqual(["Saved anyway"]);
      expect(warn).toHaveBeenCalledWith(expect.stringContaining("could not keep unsaved changes"), expect.any(Error));
      warn.mockRestore();
    });
  });
});
