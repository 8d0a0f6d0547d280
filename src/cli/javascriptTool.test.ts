import { mkdtemp, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT, runCli } from "./testing/runCli.js";

const EXAMPLE = path.join(ROOT, "examples", "number-cruncher.json");

describe("cli run with a JavaScript tool", () => {
  it("runs the tool's code in the sandbox and prints its result", async () => {
    const { code, stdout, stderr } = await runCli(["run", EXAMPLE, "Summarize 3 1 4 1 5 9 2 6"]);
    expect(stderr).toBe("");
    expect(code).toBe(0);
    expect(stdout).toContain('← summarize_numbers: {"count":8,"sum":31,"mean":3.875,"median":3.5,"min":1,"max":9}');
  });

  it("stops a tool stuck in a loop at its deadline, reports the timeout and exits", async () => {
    const doc = JSON.parse(await readFile(EXAMPLE, "utf8")) as { tools: { config: Record<string, unknown> }[] };
    doc.tools[0]!.config = { code: "while (true) {}", timeout_ms: 300, memory_limit_mb: 16 };
    const dir = await mkdtemp(path.join(tmpdir(), "gw-js-"));
    const file = path.join(dir, "graph.json");
    await writeFile(file, JSON.stringify(doc));
    const { code, stdout } = await runCli(["run", file, "Summarize 1 2"]);
    expect(code).toBe(0);
    expect(stdout).toContain("I could not summarise that (Error: The JavaScript code did not finish within 300 ms and was stopped.)");
  });
});
