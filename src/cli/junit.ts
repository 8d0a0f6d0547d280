/**
 * JUnit XML for a test report, as CI systems (GitHub Actions reporters, GitLab, Jenkins) read
 * it: one <testsuite> per graph, one <testcase> per test, a <failure> with each failed
 * assertion's expected and actual values, an <error> for a test that could not run.
 */
import type { TestResult, TestsReport } from "../engine/index.js";

/** Characters XML 1.0 cannot hold at all, even escaped: control characters other than tab, newline and return, lone surrogates, U+FFFE/U+FFFF. */
// eslint-disable-next-line no-control-regex -- these are exactly the characters to drop
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * Text safe inside an XML element or a double-quoted attribute: markup characters escaped,
 * characters XML cannot represent replaced by U+FFFD.
 * @example escapeXml('a < b & "c"') // "a &lt; b &amp; &quot;c&quot;"
 */
export function escapeXml(text: string): string {
  return text.replace(NOT_XML, "\uFFFD").replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&apos;");
}

function seconds(ms: number): string {
  return (ms / 1000).toFixed(3);
}

/**
 * The body of a failure: each failed assertion with what was expected and what the run did.
 * @example failureText(result) // '✘ Reply contains "Rainy"\n  expected: a reply containing "Rainy"\n  actual:   Sunny'
 */
export function failureText(result: TestResult): string {
  return result.assertions
    .filter((assertion) => !assertion.passed)
    .map((assertion) => `✘ ${assertion.summary}\n  expected: ${assertion.expected}\n  actual:   ${assertion.actual.replace(/\n/g, "\n            ")}`)
    .join("\n\n");
}

function testCase(result: TestResult, suite: string): string {
  const open = `    <testcase name="${escapeXml(result.name)}" classname="${escapeXml(suite)}" time="${seconds(result.duration_ms)}"`;
  if (result.status === "passed") return `${open}/>`;
  const failed = result.assertions.filter((assertion) => !assertion.passed);
  const child =
    result.status === "failed"
      ? `      <failure message="${escapeXml(`${failed.length} of ${result.assertions.length} assertions failed: ${failed.map((a) => a.summary).join("; ")}`)}" type="AssertionFailure">${escapeXml(failureText(result))}</failure>`
      : `      <error message="${escapeXml(result.error ?? result.status)}" type="${result.status === "cancelled" ? "Cancelled" : "TestError"}">${escapeXml(result.error ?? "")}</error>`;
  return `${open}>\n${child}\n    </testcase>`;
}

/**
 * The report as a JUnit XML document.
 * @example await writeFile("out.xml", junitXml("Weather assistant", report));
 */
export function junitXml(suite: string, report: TestsReport): string {
  const failures = report.results.filter((r) => r.status === "failed").length;
  const errors = report.results.length - report.passed - failures;
  const time = seconds(report.results.reduce((sum, r) => sum + r.duration_ms, 0));
  const counts = `tests="${report.results.length}" failures="${failures}" errors="${errors}" time="${time}"`;
  return [
    `<?xml version="1.0" encoding="UTF-8"?>`,
    `<testsuites name="${escapeXml(suite)}" ${counts}>`,
    `  <testsuite name="${escapeXml(suite)}" ${counts}>`,
    ...report.results.map((result) => testCase(result, suite)),
    `  </testsuite>`,
    `</testsuites>`,
    "",
  ].join("\n");
}
