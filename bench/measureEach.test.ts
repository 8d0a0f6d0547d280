import { mkdtemp, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { atMost } from "./app/figure.js";
import { attempt, failuresIn, measureEach, type Failures, type Scenario } from "./measureEach.js";
import { writeReport } from "./writeReport.js";

const quiet = () => {};
const layoutOverflow = (): Promise<never> => Promise.reject(new RangeError("Maximum call stack size exceeded"));
const scenarios = (ran: string[]): Scenario[] => [
  { figures: ["cold_open_5000_nodes_ms"], measure: async () => (ran.push("cold"), { cold_open_5000_nodes_ms: atMost(900, 1000, "ms") }) },
  { figures: ["auto_layout_5000_nodes_ms", "auto_layout_longest_main_task_ms"], measure: () => (ran.push("layout"), layoutOverflow()) },
  { figures: ["knowledge_query_p95_ms"], measure: async () => (ran.push("query"), { knowledge_query_p95_ms: atMost(12, 20, "ms") }) },
];

describe("a bench run with a failing scenario", () => {
  let dir: string | undefined;
  afterEach(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it("records each figure of a scenario that throws as failed with its error, and runs the scenarios after it", async () => {
    const ran: string[] = [];
    const figures = await measureEach(scenarios(ran), quiet);
    expect(ran).toEqual(["cold", "layout", "query"]);
    expect(figures.cold_open_5000_nodes_ms).toMatchObject({ value: 900, pass: true });
    expect(figures.knowledge_query_p95_ms).toMatchObject({ value: 12, pass: true });
    for (const name of ["auto_layout_5000_nodes_ms", "auto_layout_longest_main_task_ms"]) {
      expect(figures[name]).toMatchObject({ failed: true, pass: false });
      expect(figures[name]?.error).toContain("RangeError: Maximum call stack size exceeded");
    }
    expect(Object.keys(failuresIn(figures))).toEqual(["auto_layout_5000_nodes_ms", "auto_layout_longest_main_task_ms"]);
  });

  it("writes the JSON with every other figure and the failure", async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), "bench-results-"));
    const failures: Failures = {};
    const engine = await attempt("engine_overhead (node)", () => Promise.reject(new Error("worker crashed")), failures, quiet);
    const ui = await measureEach(scenarios([]), quiet);
    const report = { date: "2026-12-05T04:00:00.000Z", failed: { ...failures, ...failuresIn(ui) }, node: { engine_overhead: engine }, ui };
    const file = await writeReport(dir, report, { suffix: "", latest: true });

    for (const written of [file, path.join(dir, "latest.json")]) {
      const json = JSON.parse(await readFile(written, "utf8")) as typeof report;
      expect(json.failed["engine_overhead (node)"]).toContain("worker crashed");
      expect(json.failed.auto_layout_5000_nodes_ms).toContain("Maximum call stack size exceeded");
      expect(json.ui.cold_open_5000_nodes_ms).toMatchObject({ value: 900, pass: true });
      expect(json.ui.knowledge_query_p95_ms).toMatchObject({ value: 12, pass: true });
      expect(json.ui.auto_layout_5000_nodes_ms).toMatchObject({ failed: true, pass: false, value: null });
    }
  });
});
