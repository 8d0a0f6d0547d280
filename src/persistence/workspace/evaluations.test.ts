/** Evaluation history: kept with the graph revision it ran on, listed newest first, deleted with its traces, refused whole on a full disk. */
import "fake-indexeddb/auto";
import { IDBFactory } from "fake-indexeddb";
import { beforeEach, describe, expect, it } from "vitest";
import type { EvaluationResult, RunEvent } from "../../engine/index.js";
import { minimalDocument } from "../../schema/fixtures/minimalDocument.js";
import { assertValid, type GraphDocument } from "../../schema/index.js";
import { Database, DB_VERSION, STORES } from "../db.js";
import { PersistenceError } from "../errors.js";
import { createWorkspace, type Workspace, type WorkspaceClock } from "./index.js";

const clock: WorkspaceClock = { now: () => Date.UTC(2026, 0, 1), iso: () => new Date(Date.UTC(2026, 0, 1)).toISOString() };

function doc(id: string): GraphDocument {
  const input = minimalDocument();
  return assertValid({ ...input, meta: { ...input.meta, id, name: `Graph ${id}` } });
}

function result(graphId: string, started: number, passRate: number, runId = `run_${started}`): EvaluationResult {
  const passed = passRate === 1;
  const cell = {
    case_id: "c1",
    variant_id: "v1",
    status: passed ? ("passed" as const) : ("failed" as const),
    passed,
    reply: "Sunny",
    scores: [],
    latency_ms: 12,
    usage: null,
    tokens: 0,
    cost_usd: null,
    error: null,
    thread_id: `eval-${started}:v1:c1`,
    run_ids: [runId],
  };
  return {
    graph_id: graphId,
    graph_name: `Graph ${graphId}`,
    dataset_id: "ds",
    dataset_name: "Weather questions",
    variants: [{ id: "v1", name: "As drawn" }],
    status: "completed",
    started,
    finished: started + 100,
    cases: [cell],
    summary: [
      {
        variant_id: "v1",
        name: "As drawn",
        cases: 1,
        passed: passed ? 1 : 0,
        failed: passed ? 0 : 1,
        errors: 0,
        pass_rate: passRate,
        latency_ms: { median: 12, p95: 12 },
        tokens: 0,
        cost_usd: null,
      },
    ],
  };
}

function runStart(runId: string, threadId: string): RunEvent {
  return {
    id: `${runId}-0`,
    seq: 0,
    ts: 1,
    run_id: runId,
    thread_id: threadId,
    call_id: runId,
    parent_call_id: null,
    root_call_id: runId,
    depth: 0,
    agent: null,
    node: null,
    checkpoint_id: null,
    type: "run_start",
    input: "What's the weather in Paris?",
  };
}

let factory: IDBFactory;
let db: Database;
let ws: Workspace;

beforeEach(() => {
  factory = new IDBFactory();
  db = new Database({ name: "evaluations-test", indexedDB: factory });
  ws = createWorkspace(db, clock);
});

describe("evaluation history", () => {
  it("stamps a kept evaluation with the graph's stored revision and latest saved version", async () => {
    await ws.graphs.save(doc("g1"));
    await ws.graphs.saveVersion(doc("g1"), "Before the prompt change", "ver_1");
    await ws.graphs.save(doc("g1"));
    const record = await ws.evaluations.save("e1", result("g1", 1000, 1));
    expect(record.graph_version).toEqual({ rev: 1, version_id: "ver_1", version_name: "Before the prompt change" });
    expect((await ws.evaluations.get("e1"))?.result.cases[0]?.reply).toBe("Sunny");
  });

  it("lists a graph's runs newest first, without another graph's, and with each variant's pass rate", async () => {
    await ws.evaluations.save("old", result("g1", 1000, 1));
    await ws.evaluations.save("new", result("g1", 2000, 0));
    await ws.evaluations.save("other", result("g2", 3000, 1));
    const { runs, problems } = await ws.evaluations.list("g1");
    expect(problems).toEqual([]);
    expect(runs.map((r) => [r.id, r.pass_rates[0]?.pass_rate])).toEqual([
      ["new", 0],
      ["old", 1],
    ]);
    expect(runs[0]?.graph_version).toEqual({ rev: null, version_id: null, version_name: null });
  });

  it("replaces a resumed evaluation kept under the same id", async () => {
    await ws.evaluations.save("e1", { ...result("g1", 1000, 0), status: "stopped" });
    await ws.evaluations.save("e1", result("g1", 1000, 1));
    const { runs } = await ws.evaluations.list("g1");
    expect(runs.map((r) => [r.id, r.status])).toEqual([["e1", "completed"]]);
  });

  it("deletes a run with the traces of its cases, leaving other runs' traces", async () => {
    await ws.evaluations.save("e1", result("g1", 1000, 1, "run_a"));
    await ws.evaluations.save("e2", result("g1", 2000, 1, "run_b"));
    const record = (id: string, threadId: string) => ({
      id,
      v: 1 as const,
      thread_id: threadId,
      graph_id: "g1",
      input: "hi",
      status: "completed" as const,
      started: 1,
      ended: 2,
      error: null,
    });
    await ws.runs.keepFinished([record("run_a", "t_a"), record("run_b", "t_b")], [runStart("run_a", "t_a"), runStart("run_b", "t_b")]);
    await ws.evaluations.delete(["e1"]);
    expect(await ws.evaluations.get("e1")).toBeUndefined();
    expect(await ws.runs.threadEvents("t_a")).toEqual([]);
    expect(await ws.runs.get("run_a")).toBeUndefined();
    expect((await ws.runs.threadEvents("t_b")).map((e) => e.type)).toEqual(["run_start"]);
    expect((await ws.evaluations.list("g1")).runs.map((r) => r.id)).toEqual(["e2"]);
  });

  it("refuses a run on a full disk with a message saying so, writing nothing and keeping earlier runs", async () => {
    await ws.evaluations.save("e1", result("g1", 1000, 1));
    const proto = Object.getPrototypeOf((await db.open()).transaction(STORES.evaluations, "readwrite").objectStore(STORES.evaluations)) as {
      put: (this: { name: string }, ...args: unknown[]) => unknown;
    };
    const realPut = proto.put;
    proto.put = function (this: { name: string }, ...args: unknown[]) {
      if (this.name === STORES.evaluations) throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
      return realPut.apply(this, args);
    };
    try {
      const error = await ws.evaluations.save("e2", result("g1", 2000, 0)).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(PersistenceError);
      expect(error).toMatchObject({ code: "QUOTA_EXCEEDED" });
      expect((error as Error).message).toContain('storage is full, so keeping evaluation "Weather questions" in history failed and nothing was saved');
    } finally {
      proto.put = realPut;
    }
    expect((await ws.evaluations.list("g1")).runs.map((r) => r.id)).toEqual(["e1"]);
  });

  it("names a stored run that cannot be read and still lists the others", async () => {
    await ws.evaluations.save("e1", result("g1", 1000, 1));
    await db.tx([STORES.evaluations], "readwrite", "seeding", (tx) => tx.objectStore(STORES.evaluations).put({ id: "bad", v: 1, graph_id: "g1", started: 5 }));
    const { runs, problems } = await ws.evaluations.list("g1");
    expect(runs.map((r) => r.id)).toEqual(["e1"]);
    expect(problems).toEqual([expect.stringContaining('Stored evaluations record "bad" is unreadable')]);
  });
});

describe("database upgrade 6 → 7", () => {
  it("adds the evaluations store to a version-6 database, keeping its graphs and drafts", async () => {
    const v6 = new Database({ name: "upgrade-7", indexedDB: factory, version: 6 });
    await createWorkspace(v6, clock).graphs.save(doc("g1"));
    expect((await v6.open()).objectStoreNames.contains(STORES.evaluations)).toBe(false);
    await v6.close();
    const v7 = new Database({ name: "upgrade-7", indexedDB: factory });
    expect((await v7.open()).version).toBe(DB_VERSION);
    const upgraded = createWorkspace(v7, clock);
    expect((await upgraded.graphs.get("g1"))?.document).toEqual(doc("g1"));
    await upgraded.evaluations.save("e1", result("g1", 1000, 1));
    expect((await upgraded.evaluations.list("g1")).runs[0]?.graph_version.rev).toBe(0);
  });
});
