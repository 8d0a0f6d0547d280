// A turn's run is recorded in the transaction that finds the thread's runs a closed tab left
// running: one round trip before the run can start.
import "fake-indexeddb/auto";
import { IDBFactory } from "fake-indexeddb";
import { beforeEach, expect, it, vi } from "vitest";
import { Database } from "../db.js";
import { createWorkspace, type Workspace } from "./index.js";

let database: Database;
let ws: Workspace;

beforeEach(() => {
  database = new Database({ name: "start-turn", indexedDB: new IDBFactory() });
  ws = createWorkspace(database);
});

const run = (id: string, threadId: string, started: number) => ({ id, threadId, graphId: "g", input: id, started });

it("records the turn's run and gives the thread's other runs still running, in one transaction", async () => {
  await ws.runs.start(run("cut", "t-1", 1));
  await ws.runs.start(run("done", "t-1", 2));
  await ws.runs.finish("done", { status: "completed", ended: 3 });
  await ws.runs.start(run("elsewhere", "t-2", 4));
  const tx = vi.spyOn(database, "tx");

  const unfinished = await ws.runs.startTurn(run("turn", "t-1", 5));

  expect(tx).toHaveBeenCalledTimes(1);
  expect(unfinished.map((r) => r.id)).toEqual(["cut"]);
  expect(await ws.runs.get("turn")).toMatchObject({ status: "running", thread_id: "t-1", started: 5 });
});

it("refuses a run that already ended, and records nothing", async () => {
  await ws.runs.start(run("turn", "t-1", 1));
  await ws.runs.finish("turn", { status: "completed", ended: 2 });
  await expect(ws.runs.startTurn(run("turn", "t-1", 3))).rejects.toThrow(/already ended/);
  expect(await ws.runs.get("turn")).toMatchObject({ status: "completed", started: 1 });
});
