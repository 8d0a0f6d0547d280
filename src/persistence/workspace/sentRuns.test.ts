// A sent message is recorded as its run and its run_start in one transaction: a reload finds both
// or neither. The engine records the same run as it starts it; whichever writes first, the
// engine's record (its input redacted, its outcome) is the one kept.
import "fake-indexeddb/auto";
import { IDBFactory } from "fake-indexeddb";
import { beforeEach, expect, it } from "vitest";
import type { RunEvent } from "../../engine/index.js";
import { Database } from "../db.js";
import { createWorkspace, type Workspace } from "./index.js";
import { rootEvent } from "../../engine/testing/rootEvents.js";

let ws: Workspace;

beforeEach(() => {
  ws = createWorkspace(new Database({ name: "sent-runs", indexedDB: new IDBFactory() }));
});

const runStart = (runId: string, input: string): RunEvent => rootEvent(runId, "t-1", { seq: 0, ts: 5 }, { type: "run_start", input });

it("records a sent run with its run_start, and the engine's later start keeps the first start time", async () => {
  await ws.runs.recordSent({ id: "r1", threadId: "t-1", graphId: "g", input: "hello", started: 5 }, [runStart("r1", "hello")]);
  expect(await ws.runs.threadEvents("t-1")).toEqual([runStart("r1", "hello")]);
  expect(await ws.runs.get("r1")).toMatchObject({ status: "running", started: 5, input: "hello" });

  await ws.runs.start({ id: "r1", threadId: "t-1", graphId: "g", input: "hello", started: 9 });
  expect(await ws.runs.get("r1")).toMatchObject({ status: "running", started: 5 });
});

it("leaves a run the engine recorded first as the engine wrote it, running or ended", async () => {
  const engineStart: RunEvent = { ...runStart("r1", "[redacted]"), ts: 6 };
  await ws.runs.start({ id: "r1", threadId: "t-1", graphId: "g", input: "[redacted]", started: 6 });
  await ws.runs.appendEvents([engineStart]);
  await ws.runs.recordSent({ id: "r1", threadId: "t-1", graphId: "g", input: "sk-secret", started: 5 }, [runStart("r1", "sk-secret")]);
  expect(await ws.runs.get("r1")).toMatchObject({ status: "running", started: 6, input: "[redacted]" });
  expect(await ws.runs.threadEvents("t-1")).toEqual([engineStart]);

  await ws.runs.finish("r1", { status: "completed", ended: 7 });
  await ws.runs.recordSent({ id: "r1", threadId: "t-1", graphId: "g", input: "sk-secret", started: 5 }, [runStart("r1", "sk-secret")]);
  expect(await ws.runs.get("r1")).toMatchObject({ status: "completed", ended: 7, input: "[redacted]" });
  expect(await ws.runs.threadEvents("t-1")).toEqual([engineStart]);
});

it("takes back a sent message the engine never started: its run and run_start go", async () => {
  await ws.runs.recordSent({ id: "r1", threadId: "t-1", graphId: "g", input: "hello", started: 5 }, [runStart("r1", "hello")]);
  expect(await ws.runs.discardSent("r1")).toBe(true);
  expect(await ws.runs.get("r1")).toBeUndefined();
  expect(await ws.runs.list("t-1")).toEqual([]);
  expect(await ws.runs.threadEvents("t-1")).toEqual([]);
});

it("keeps a sent run the engine started or ended when asked to take it back", async () => {
  await ws.runs.recordSent({ id: "r1", threadId: "t-1", graphId: "g", input: "hello", started: 5 }, [runStart("r1", "hello")]);
  const step = rootEvent("r1", "t-1", { seq: 1, ts: 6 }, { type: "message_delta", message_id: "m", delta: "Hi" });
  await ws.runs.appendEvents([step]);
  expect(await ws.runs.discardSent("r1")).toBe(false);
  expect(await ws.runs.threadEvents("t-1")).toEqual([runStart("r1", "hello"), step]);

  await ws.runs.recordSent({ id: "r2", threadId: "t-1", graphId: "g", input: "again", started: 7 }, [runStart("r2", "again")]);
  await ws.runs.finish("r2", { status: "completed", ended: 8 });
  expect(await ws.runs.discardSent("r2")).toBe(false);
  expect(await ws.runs.get("r2")).toMatchObject({ status: "completed" });
});

it("issues a send's record at once: a page that goes away right after Send still leaves the message stored", async () => {
  const factory = new IDBFactory();
  const database = new Database({ name: "sent-runs-unload", indexedDB: factory });
  const pageWs = createWorkspace(database);
  await pageWs.runs.list("t-1"); // the page has its connection open, as it does by the time anyone sends
  const open = factory.open.bind(factory);
  const recording = pageWs.runs.recordSent({ id: "r1", threadId: "t-1", graphId: "g", input: "hello", started: 5 }, [runStart("r1", "hello")]);
  // The page is torn down in the same task: its connection closes and it can open no other.
  database.openNow()?.close();
  factory.open = () => {
    throw new DOMException("The page is gone", "InvalidStateError");
  };
  await recording.catch(() => undefined);

  factory.open = open;
  const next = createWorkspace(new Database({ name: "sent-runs-unload", indexedDB: factory }));
  expect(await next.runs.get("r1")).toMatchObject({ status: "running", input: "hello" });
  expect(await next.runs.threadEvents("t-1")).toEqual([runStart("r1", "hello")]);
});
