import { describe, expect, it } from "vitest";
import { mkdtemp, mkdir, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { folderGraphLibrary } from "../server/graph/graphLibrary.js";
import { linkPackages } from "../server/testing/langgraphServer.js";
import { runCli } from "./testing/runCli.js";

const exec = promisify(execFile);

const at = { x: 0, y: 0 };
const graph = (id: string, nodes: unknown[]) => ({
  version: 1,
  meta: { id, name: id },
  models: [{ id: "scripted", provider: "scripted", model: "scripted" }],
  nodes: [{ id: "start", kind: "start", position: at }, ...nodes, { id: "end", kind: "end", position: at }],
  edges: [
    { id: "e1", kind: "flow", source: "start", target: "n" },
    { id: "e2", kind: "flow", source: "n", target: "end" },
  ],
});
const child = graph("faq-bot", [
  { id: "n", kind: "llm", position: at, data: { name: "faq", model: "scripted", script: { rules: [{ reply: "FAQ says: {{ input }}" }] } } },
]);
const parent = graph("front-desk", [{ id: "n", kind: "subgraph", position: at, data: { name: "ask_faq", graph: "faq-bot", input: "Q: {{ input }}" } }]);

describe("folder graph library", () => {
  it("finds graphs by meta.id and by file name and skips files that are not graphs", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "gw-lib-"));
    await writeFile(path.join(dir, "child.json"), JSON.stringify(child));
    await writeFile(path.join(dir, "notes.json"), "not json at all");
    const library = folderGraphLibrary(dir);
    expect(await library.load("faq-bot")).toMatchObject({ meta: { id: "faq-bot" } });
    expect(await library.load("child")).toMatchObject({ meta: { id: "faq-bot" } });
    expect(await library.load("notes")).toBeNull();
  });

  it("lets the CLI run a Subgraph from the graph's folder, or from --graphs", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "gw-sub-"));
    await writeFile(path.join(dir, "parent.json"), JSON.stringify(parent));
    await writeFile(path.join(dir, "child.json"), JSON.stringify(child));
    const sameFolder = await runCli(["run", path.join(dir, "parent.json"), "opening hours"]);
    expect(sameFolder.code).toBe(0);
    expect(sameFolder.stdout).toContain("FAQ says: Q: opening hours");

    const elsewhere = path.join(dir, "library");
    await mkdir(elsewhere);
    const lone = await mkdtemp(path.join(tmpdir(), "gw-lone-"));
    await writeFile(path.join(lone, "parent.json"), JSON.stringify(parent));
    await writeFile(path.join(elsewhere, "child.json"), JSON.stringify(child));
    const missing = await runCli(["run", path.join(lone, "parent.json"), "hi"]);
    expect(missing.code).toBe(1);
    expect(missing.stdout).toContain('SUBGRAPH_NOT_FOUND: Subgraph "ask_faq": there is no saved graph "faq-bot"');
    const flagged = await runCli(["run", path.join(lone, "parent.json"), "hi", "--graphs", elsewhere]);
    expect(flagged.stdout).toContain("FAQ says: Q: hi");
  });

  it("bundles the graphs Subgraph nodes run, and the bundled graph runs them; a missing one is refused", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "gw-sub-bundle-"));
    await writeFile(path.join(dir, "parent.json"), JSON.stringify(parent));
    await writeFile(path.join(dir, "child.json"), JSON.stringify(child));
    const out = path.join(dir, "server");
    const written = await runCli(["bundle", path.join(dir, "parent.json"), "--out", out]);
    expect(written.code, written.stderr).toBe(0);
    await linkPackages(out);
    const script = `
      import { MemorySaver } from "@langchain/langgraph";
      import { graph } from "./graph.mjs";
      graph.checkpointer = new MemorySaver();
      const state = await graph.invoke({ messages: [{ role: "user", content: "opening hours" }] }, { configurable: { thread_id: "t" } });
      console.log(state.messages.at(-1).content);`;
    const { stdout } = await exec(process.execPath, ["--input-type=module", "-e", script], { cwd: out });
    expect(stdout).toContain("FAQ says: Q: opening hours");

    const lone = await mkdtemp(path.join(tmpdir(), "gw-lone-bundle-"));
    await writeFile(path.join(lone, "parent.json"), JSON.stringify(parent));
    const refused = await runCli(["bundle", path.join(lone, "parent.json"), "--out", path.join(lone, "server")]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('Subgraph node "ask_faq" runs the graph "faq-bot", which is not in the graphs folder');
  }, 60_000);
});
