/**
 * How `cli eval` shows a result: a summary table per variant (pass rate, median and p95 latency,
 * tokens, cost), the cases that did not pass with why, and JUnit XML with one test case per case
 * and variant, named `<variant>: <case>`.
 */
import type { CaseResult, EvaluationResult } from "../engine/index.js";
import { caseLabel, formatCost, type Dataset } from "../schema/index.js";
import { escapeXml } from "./junit.js";

function pad(text: string, width: number): string {
  return text.length >= width ? text : text + " ".repeat(width - text.length);
}

function percent(rate: number): string {
  return `${(rate * 100).toFixed(1)}%`;
}

/** Why a case did not pass, in one line per verdict that was not a pass. */
function whyNot(result: CaseResult): string {
  if (result.status === "cancelled") return "stopped before it finished";
  const verdicts = result.scores.filter((s) => s.verdict !== "pass").map((s) => `${s.verdict === "error" ? "!" : "✘"} ${s.evaluator}: ${s.reason}`);
  return verdicts.length > 0 ? verdicts.join("\n") : (result.error ?? result.status);
}

/**
 * The summary table, then each case that did not pass (at most `detail` of them).
 * @example process.stdout.write(formatEvaluation(result, dataset));
 */
export function formatEvaluation(result: EvaluationResult, dataset: Pick<Dataset, "cases">, detail = 20): string {
  const header = ["variant", "passed", "failed", "errors", "pass rate", "median", "p95", "tokens", "cost"];
  const rows = result.summary.map((s) => [
    s.name,
    String(s.passed),
    String(s.failed),
    String(s.errors),
    percent(s.pass_rate),
    `${s.latency_ms.median} ms`,
    `${s.latency_ms.p95} ms`,
    s.tokens.toLocaleString("en-US"),
    s.cost_usd === null ? "—" : formatCost(s.cost_usd.total),
  ]);
  const widths = header.map((title, i) => Math.max(title.length, ...rows.map((row) => (row[i] ?? "").length)));
  const line = (cells: string[]) => `  ${cells.map((cell, i) => pad(cell, widths[i] ?? 0)).join("  ")}`.trimEnd();
  const labels = new Map(dataset.cases.map((c) => [c.id, caseLabel(c)]));
  const names = new Map(result.variants.map((v) => [v.id, v.name]));
  const notPassed = result.cases.filter((c) => !c.passed);
  const details = notPassed
    .slice(0, detail)
    .map((c) => `\n${c.status === "failed" ? "✘" : "!"} ${names.get(c.variant_id)}: ${labels.get(c.case_id) ?? c.case_id}\n${whyNot(c).replace(/^/gm, "  ")}`);
  const more = notPassed.length > detail ? [`\n… and ${notPassed.length - detail} more (see --out)`] : [];
  const total = dataset.cases.length * result.variants.length;
  const status =
    result.status === "stopped"
      ? `Stopped: ${result.cases.filter((c) => c.status !== "cancelled").length} of ${total} cases ran`
      : result.status === "incomplete"
        ? `${result.cases.filter((c) => c.status === "error").length} cases could not be judged: run again with --resume <results.json> to retry them`
        : `${total} cases ran`;
  return [`Evaluation of ${result.graph_name} on "${result.dataset_name}"`, line(header), ...rows.map(line), ...details, ...more, "", status, ""].join("\n");
}

function seconds(ms: number): string {
  return (ms / 1000).toFixed(3);
}

/**
 * JUnit XML: one test suite per variant, one test case per case named `<variant>: <case>`;
 * a failure lists the verdicts that failed, an error says why the case could not be judged.
 * @example await writeFile("eval.xml", evaluationJunit(result, dataset));
 */
export function evaluationJunit(result: EvaluationResult, dataset: Pick<Dataset, "cases">): string {
  const labels = new Map(dataset.cases.map((c) => [c.id, caseLabel(c)]));
  const suites = result.variants.map((variant) => {
    const cases = result.cases.filter((c) => c.variant_id === variant.id);
    const failures = cases.filter((c) => c.status === "failed").length;
    const errors = cases.filter((c) => c.status === "error" || c.status === "cancelled").length;
    const suite = `${result.graph_name} / ${result.dataset_name} / ${variant.name}`;
    const counts = `tests="${cases.length}" failures="${failures}" errors="${errors}" time="${seconds(cases.reduce((sum, c) => sum + c.latency_ms, 0))}"`;
    const body = cases.map((c) => {
      const open = `    <testcase name="${escapeXml(`${variant.name}: ${labels.get(c.case_id) ?? c.case_id}`)}" classname="${escapeXml(suite)}" time="${seconds(c.latency_ms)}"`;
      if (c.passed) return `${open}/>`;
      const why = escapeXml(whyNot(c));
      const child =
        c.status === "failed"
          ? `      <failure message="${escapeXml(
              c.scores
                .filter((s) => s.verdict === "fail")
                .map((s) => s.evaluator)
                .join("; "),
            )}" type="EvaluationFailure">${why}</failure>`
          : `      <error message="${escapeXml(c.error ?? c.status)}" type="${c.status === "cancelled" ? "Cancelled" : "EvaluationError"}">${why}</error>`;
      return `${open}>\n${child}\n    </testcase>`;
    });
    return [`  <testsuite name="${escapeXml(suite)}" ${counts}>`, ...body, "  </testsuite>"].join("\n");
  });
  const all = result.cases;
  const counts = `tests="${all.length}" failures="${all.filter((c) => c.status === "failed").length}" errors="${all.filter((c) => c.status === "error" || c.status === "cancelled").length}"`;
  return [
    `<?xml version="1.0" encoding="UTF-8"?>`,
    `<testsuites name="${escapeXml(`${result.graph_name} / ${result.dataset_name}`)}" ${counts}>`,
    ...suites,
    `</testsuites>`,
    "",
  ].join("\n");
}
