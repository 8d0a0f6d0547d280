import { describe, expect, it } from "vitest";
import type { TestsReport } from "../engine/index.js";
import { escapeXml, junitXml } from "./junit.js";

const report: TestsReport = {
  passed: 1,
  failed: 2,
  results: [
    { id: "a", name: "Paris is sunny", mode: "scripted", status: "passed", duration_ms: 120, assertions: [], error: null },
    {
      id: "b",
      name: 'Rain <"tomorrow"> & more',
      mode: "scripted",
      status: "failed",
      duration_ms: 80,
      error: null,
      assertions: [
        { index: 0, summary: 'Reply contains "Rainy"', turn: 1, passed: false, expected: 'a reply containing "Rainy"', actual: "Sunny <b>&</b>\u0007" },
        { index: 1, summary: "Tool get_weather called", turn: 1, passed: true, expected: "x", actual: "y" },
      ],
    },
    { id: "c", name: "Broken", mode: "replay", status: "error", duration_ms: 0, assertions: [], error: "A replay test needs a recording" },
  ],
};

describe("junitXml", () => {
  it("escapes the five XML markup characters", () => {
    expect(escapeXml(`<a href="x">Tom & 'Jerry'</a>`)).toBe("&lt;a href=&quot;x&quot;&gt;Tom &amp; &apos;Jerry&apos;&lt;/a&gt;");
  });

  it("replaces characters XML cannot hold, keeping tabs, newlines and whole surrogate pairs", () => {
    expect(escapeXml("a\u0000b\u001Fc\td\ne\uD800f 😀")).toBe("a\uFFFDb\uFFFDc\td\ne\uFFFDf 😀");
  });

  it("counts tests, failures and errors on the suite", () => {
    const xml = junitXml("Weather assistant", report);
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="Weather assistant" tests="3" failures="1" errors="1" time="0.200">')).toBe(
      true,
    );
    expect(xml).toContain('<testcase name="Paris is sunny" classname="Weather assistant" time="0.120"/>');
  });

  it("writes a failed test's failed assertions with expected and actual, escaped", () => {
    const xml = junitXml("Weather assistant", report);
    expect(xml).toContain('<testcase name="Rain &lt;&quot;tomorrow&quot;&gt; &amp; more"');
    expect(xml).toContain('<failure message="1 of 2 assertions failed: Reply contains &quot;Rainy&quot;" type="AssertionFailure">');
    expect(xml).toContain("expected: a reply containing &quot;Rainy&quot;\n  actual:   Sunny &lt;b&gt;&amp;&lt;/b&gt;\uFFFD</failure>");
    expect(xml).not.toContain("Tool get_weather called");
  });

  it("writes a test that could not run as an error", () => {
    expect(junitXml("G", report)).toContain('<error message="A replay test needs a recording" type="TestError">A replay test needs a recording</error>');
  });
});
