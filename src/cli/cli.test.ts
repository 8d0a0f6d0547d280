import { describe, expect, it } from "vitest";
import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { runCli } from "./testing/runCli.js";

const cli = (...args: string[]) => runCli(args);

describe("cli run", () => {
  it("prints the tool call, its result and the final reply of the example, offline", async () => {
    const { code, stdout } = await cli("run", "examples/weather-assistant.json", "What's the weather in Paris?", "--thread", "t1");
    expect(code).toBe(0);
    expect(stdout).toContain('→ get_weather {"city":"Paris"}');
    expect(stdout).toContain("← get_weather: Sunny, 21°C, light wind in Paris");
    expect(stdout).toContain("Assistant: Right now: Sunny, 21°C, light wind in Paris.");
    expect(stdout).toMatch(/✔ completed in \d+ ms · ~[\d,]+ tokens\n/);
  });

  it("prints one JSON event per line with --json", async () => {
    const { code, stdout } = await cli("run", "examples/weather-assistant.json", "calculate 6 * (3 + 4)", "--json");
    expect(code).toBe(0);
    const events = stdout
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as { type: string; result?: string });
    expect(events[0]?.type).toBe("run_start");
    expect(events.at(-1)?.type).toBe("run_end");
    expect(events.find((e) => e.type === "tool_result")?.result).toBe("42");
  });

  it("waits for a background delegation and prints its follow-up turn before it exits", async () => {
    const { code, stdout } = await cli("run", "examples/main-agent-team.json", "Research Acme's latest news", "--json");
    expect(code).toBe(0);
    const events = stdout
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as { type: string; run_id: string; task_id?: string; content?: string });
    const queued = events.find((e) => e.type === "delegation_queued");
    const completed = events.find((e) => e.type === "delegation_completed");
    expect(completed?.task_id).toBe(queued?.task_id);
    expect(new Set(events.map((e) => e.run_id)).size).toBe(2);
    expect(events.filter((e) => e.type === "run_end")).toHaveLength(2);
    expect(events.filter((e) => e.type === "ai_message").at(-1)?.content).toMatch(/^Update from ResearchAgent \(task task_.+\): Findings: Acme Corp news/);
  });

  it("explains an invalid document with its JSON path and exits 2", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "gw-cli-"));
    const file = path.join(dir, "bad.json");
    await writeFile(file, JSON.stringify({ version: 1, meta: { id: "x", name: "X" }, nodes: [{ id: "s", kind: "start", position: { x: 0, y: 0 } }] }));
    const { code, stderr } = await cli("run", file, "hi");
    expect(code).toBe(2);
    expect(stderr).toContain("is not a valid Graphwright graph");
    expect(stderr).toContain("$.nodes");
  });

  it("says which file is missing instead of a stack trace", async () => {
    const { code, stderr } = await cli("run", "examples/nope.json", "hi");
    expect(code).toBe(2);
    expect(stderr.trim()).toBe("Cannot read examples/nope.json: no such file");
  });

  it("prints usage for an unknown command", async () => {
    const { code, stderr } = await cli("fly");
    expect(code).toBe(2);
    expect(stderr).toContain('Unknown command "fly"');
    expect(stderr).toContain("Usage: npm run cli -- run");
  });
});
