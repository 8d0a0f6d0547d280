import { describe, expect, it } from "vitest";
import { mkdtemp, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { runCli, ROOT } from "./testing/runCli.js";

const WEATHER = path.join(ROOT, "examples", "weather-assistant.json");

/** The weather example with its tests replaced by these. */
async function weatherWith(tests: unknown[]): Promise<{ dir: string; file: string }> {
  const dir = await mkdtemp(path.join(tmpdir(), "gw-cli-test-"));
  const file = path.join(dir, "weather.json");
  const doc = JSON.parse(await readFile(WEATHER, "utf8")) as Record<string, unknown>;
  await writeFile(file, JSON.stringify({ ...doc, tests }));
  return { dir, file };
}

const paris = { id: "paris", name: "Paris is sunny", turns: [{ message: "What's the weather in Paris?" }] };

describe("cli test", () => {
  it("runs the example's shipped tests, prints a pass table and exits 0", async () => {
    const { code, stdout } = await runCli(["test", "examples/weather-assistant.json"]);
    expect(code).toBe(0);
    expect(stdout).toContain("Tests of Weather assistant: 4");
    expect(stdout).toMatch(/✔ passed\s+Paris is sunny, via get_weather\s+scripted\s+2\/2/);
    expect(stdout).toContain("4 passed, 0 failed");
  });

  it("exits 1 on a failing assertion, shows its diff and writes JUnit XML with the failure", async () => {
    const { dir, file } = await weatherWith([
      { ...paris, assertions: [{ kind: "reply_contains", text: "Sunny" }] },
      { ...paris, id: "rainy", name: "Paris is rainy", assertions: [{ kind: "reply_contains", text: "Rainy" }] },
    ]);
    const out = path.join(dir, "out.xml");
    const { code, stdout } = await runCli(["test", file, "--junit", out]);
    expect(code).toBe(1);
    expect(stdout).toContain('✘ Reply contains "Rainy"');
    expect(stdout).toContain("actual:   Right now: Sunny, 21°C, light wind in Paris.");
    expect(stdout).toContain("1 passed, 1 failed");
    const xml = await readFile(out, "utf8");
    expect(xml).toContain('tests="2" failures="1" errors="0"');
    expect(xml).toContain('<testcase name="Paris is rainy"');
    expect(xml).toContain("expected: a reply containing &quot;Rainy&quot;");
  });

  it("exits 2 for a graph without tests", async () => {
    const { file } = await weatherWith([]);
    const { code, stderr } = await runCli(["test", file]);
    expect(code).toBe(2);
    expect(stderr).toContain("has no tests");
  });

  it("exits 2 for an invalid test, naming its JSON path", async () => {
    const { file } = await weatherWith([{ ...paris, assertions: [{ kind: "reply_matches", pattern: "(?=Sunny)" }] }]);
    const { code, stderr } = await runCli(["test", file]);
    expect(code).toBe(2);
    expect(stderr).toContain("$.tests[0].assertions[0].pattern");
  });

  it("exits 2 for a missing file or none at all", async () => {
    expect(await runCli(["test", "examples/nope.json"])).toMatchObject({ code: 2, stderr: "Cannot read examples/nope.json: no such file\n" });
    expect((await runCli(["test"])).code).toBe(2);
  });
});
