/**
 * `npm run cli -- test <graph.json> [--junit out.xml] [--graphs dir]`: runs a document's tests in
 * Node with the engine the browser uses, prints a pass/fail table (with the diff of each failed
 * assertion), optionally writes JUnit XML, and exits 0 when all pass, 1 when any fails.
 */
import { writeFile } from "node:fs/promises";
import { dirname } from "node:path";
import { runTests, type TestResult, type TestsReport, type RunTestsOptions } from "../engine/index.js";
import type { GraphDocument } from "../schema/index.js";
import { folderGraphLibrary } from "../server/graph/graphLibrary.js";
import { nodeServices } from "../server/graph/nodeServices.js";
import { failureText, junitXml } from "./junit.js";

/**
 * Runs a document's tests as the CLI does: Node's services (keys from the environment for `live`
 * tests, tools of every kind) and Subgraph nodes finding graphs in `graphsDir`.
 * @example const report = await runDocumentTests(document, "examples");
 */
export async function runDocumentTests(document: GraphDocument, graphsDir: string, options: RunTestsOptions = {}): Promise<TestsReport> {
  const services = nodeServices(document, { graphs: folderGraphLibrary(graphsDir) });
  try {
    return await runTests(document, services, options);
  } finally {
    // MCP sessions end with the command (a DELETE each), so servers need not wait for them to expire.
    await services.tools.close();
  }
}

const MARK: Record<TestResult["status"], string> = { passed: "✔", failed: "✘", error: "!", cancelled: "■" };

function pad(text: string, width: number): string {
  return text.length >= width ? text : text + " ".repeat(width - text.length);
}

/**
 * The report as a table a person reads in a terminal: one row per test, then each failure's diff.
 * @example process.stdout.write(formatReport("Weather assistant", report));
 */
export function formatReport(graph: string, report: TestsReport): string {
  const rows = report.results.map((r) => {
    const held = r.assertions.filter((a) => a.passed).length;
    return [`${MARK[r.status]} ${r.status}`, r.name, r.mode, `${held}/${r.assertions.length}`, `${r.duration_ms} ms`];
  });
  const header = ["status", "test", "mode", "assertions", "time"];
  const widths = header.map((title, i) => Math.max(title.length, ...rows.map((row) => (row[i] ?? "").length)));
  const line = (cells: string[]) => `  ${cells.map((cell, i) => pad(cell, widths[i] ?? 0)).join("  ")}`.trimEnd();
  const details = report.results
    .filter((r) => r.status !== "passed")
    .map((r) => `\n${MARK[r.status]} ${r.name}\n${(r.status === "failed" ? failureText(r) : (r.error ?? r.status)).replace(/^/gm, "  ")}`);
  const errors = report.results.filter((r) => r.status === "error" || r.status === "cancelled").length;
  const summary = `${report.passed} passed, ${report.failed - errors} failed${errors > 0 ? `, ${errors} could not run` : ""}`;
  return [`Tests of ${graph}: ${report.results.length}`, line(header), ...rows.map(line), ...details, "", summary, ""].join("\n");
}

/** What the command needs from main.ts: reading a graph file (or failing with exit code 2). */
export interface TestCommandContext {
  readDocument(file: string): Promise<GraphDocument>;
  fail(message: string, code?: number): never;
}

/**
 * @example const code = await testCommand("graph.json", { junit: "out.xml" }, { readDocument, fail });
 */
export async function testCommand(file: string | undefined, options: { junit?: string; graphs?: string }, context: TestCommandContext): Promise<number> {
  if (!file) context.fail("test needs a graph file: npm run cli -- test <graph.json> [--junit out.xml]");
  const document = await context.readDocument(file);
  if (document.tests.length === 0) context.fail(`${file} has no tests: save a thread as a test in the playground (Save as test), or add them to "tests"`);
  const controller = new AbortController();
  process.once("SIGINT", () => controller.abort());
  const report = await runDocumentTests(document, options.graphs ?? dirname(file), {
    signal: controller.signal,
    onProgress: (progress) => {
      if (progress.type === "test_start") process.stderr.write(`… ${progress.index + 1}/${progress.total} ${progress.name}\n`);
    },
  });
  process.stdout.write(formatReport(document.meta.name, report));
  if (options.junit) {
    try {
      await writeFile(options.junit, junitXml(document.meta.name, report), "utf8");
    } catch (error) {
      context.fail(`Cannot write ${options.junit}: ${(error as Error).message}`);
    }
    process.stdout.write(`JUnit XML written to ${options.junit}\n`);
  }
  return report.failed > 0 ? 1 : 0;
}
