import { mkdtemp, readFile, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ROOT, runCli } from "./testing/runCli.js";

const made: string[] = [];
async function tempDir(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), "gw-cli-eject-"));
  made.push(dir);
  return dir;
}
afterAll(() => Promise.all(made.map((dir) => rm(dir, { recursive: true, force: true }))));

describe("npm run cli -- eject", { timeout: 240_000 }, () => {
  it("writes the project and says nothing is left to do for a template it covers", async () => {
    const out = path.join(await tempDir(), "weather");
    const { code, stdout } = await runCli(["eject", "examples/weather-assistant.json", "--out", out]);
    expect(code).toBe(0);
    expect(stdout).toContain(`LangGraph.js project to ${out}`);
    expect(stdout).toContain("Everything the graph does is in the code.");
    expect((await readdir(path.join(out, "src"))).sort()).toEqual(expect.arrayContaining(["graph.ts", "tools.ts", "prompts.ts", "models.ts"]));
    const graph = await readFile(path.join(out, "src/graph.ts"), "utf8");
    expect(graph).toContain('.addNode("Assistant", assistant)');
  });

  it("prints each place marked TODO", async () => {
    // Weather assistant on an OpenAI profile: its scripted tests would call the provider, so each is marked.
    const dir = await tempDir();
    const document = JSON.parse(await readFile(path.join(ROOT, "examples/weather-assistant.json"), "utf8")) as {
      models: { provider: string; model: string }[];
    };
    Object.assign(document.models[0] ?? {}, { provider: "openai", model: "gpt-4o-mini" });
    const file = path.join(dir, "weather-openai.json");
    await writeFile(file, JSON.stringify(document));
    const out = path.join(dir, "out");
    const { code, stdout } = await runCli(["eject", file, "--out", out]);
    expect(code).toBe(0);
    expect(stdout).toMatch(/3 places marked TODO/);
    expect(stdout).toContain("tests/graph.test.ts: TODO(Paris is sunny, via get_weather) this scripted test runs agents whose profile is a provider");
    expect(await readFile(path.join(out, "tests/graph.test.ts"), "utf8")).toContain("// TODO(Paris is sunny, via get_weather): this scripted test runs agents");
  });

  it("refuses a graph with problems, listing them, and writes nothing", async () => {
    const dir = await tempDir();
    const document = JSON.parse(await readFile(path.join(ROOT, "examples/weather-assistant.json"), "utf8")) as { edges: unknown[] };
    document.edges.push({ id: "dangling", kind: "flow", source: "assistant", target: "nowhere" });
    const file = path.join(dir, "broken.json");
    await writeFile(file, JSON.stringify(document));
    const out = path.join(dir, "out");
    const { code, stderr } = await runCli(["eject", file, "--out", out]);
    expect(code).toBe(2);
    expect(stderr).toContain("is not a valid Graphwright graph");
    expect(stderr).toContain("nowhere");
    await expect(readdir(out)).rejects.toThrow(/ENOENT/);
  });

  it("refuses an --out folder that is not empty, leaving it as it was", async () => {
    const out = await tempDir();
    await writeFile(path.join(out, "mine.txt"), "keep me");
    const { code, stderr } = await runCli(["eject", "examples/weather-assistant.json", "--out", out]);
    expect(code).toBe(2);
    expect(stderr).toContain(`${out} is not empty`);
    expect(await readdir(out)).toEqual(["mine.txt"]);
  });
});
