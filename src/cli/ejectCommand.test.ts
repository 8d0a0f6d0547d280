import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { flowDeskDocument, sageDocument } from "../eject/testing/flowDesk.js";
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

  it("prints each place marked TODO: a Subgraph node whose saved graph is not in the graph's folder", async () => {
    const dir = await tempDir();
    const file = path.join(dir, "flow-desk.json");
    await writeFile(file, JSON.stringify(flowDeskDocument()));
    const out = path.join(dir, "out");
    const { code, stdout } = await runCli(["eject", file, "--out", out]);
    expect(code).toBe(0);
    expect(stdout).toContain("1 place marked TODO");
    expect(stdout).toContain('src/graph.ts: TODO(Ask_sage) graph "sage" was not given to eject');
    expect(await readFile(path.join(out, "src/graph.ts"), "utf8")).toContain('// TODO(Ask_sage): graph "sage" was not given to eject');
  });

  it("writes the saved graphs Subgraph nodes run, found in --graphs, as child graphs of the project", async () => {
    const dir = await tempDir();
    const graphs = path.join(dir, "saved");
    await mkdir(graphs);
    await writeFile(path.join(graphs, "the-sage.json"), JSON.stringify(sageDocument()));
    const file = path.join(dir, "flow-desk.json");
    await writeFile(file, JSON.stringify(flowDeskDocument()));
    const out = path.join(dir, "out");
    const { code, stdout } = await runCli(["eject", file, "--out", out, "--graphs", graphs]);
    expect(code).toBe(0);
    expect(stdout).toContain("Everything the graph does is in the code.");
    expect((await readdir(path.join(out, "src/subgraphs/sage"))).sort()).toEqual(["graph.ts", "models.ts", "prompts.ts", "scripts.ts", "tools.ts"]);
    expect(await readFile(path.join(out, "src/graph.ts"), "utf8")).toContain('from "./subgraphs/sage/graph.js"');
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
