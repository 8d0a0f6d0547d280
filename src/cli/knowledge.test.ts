/** A graph exported with "include knowledge bases" answers from them headless; one exported without says how to export it. */
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runCli } from "./testing/runCli.js";

const QUESTION = "How long do I have to return an item?";

interface Event {
  type: string;
  tool?: string;
  agent?: string;
  result?: string | null;
  error?: string | null;
  content?: string;
}

function events(stdout: string): Event[] {
  return stdout
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line) as Event);
}

// Each test starts the CLI in a child process, which takes seconds on a busy machine.
describe("cli with knowledge bases", { timeout: 60_000 }, () => {
  const dirs: string[] = [];
  afterAll(async () => {
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  });

  it("answers the support desk's return question from the packed returns policy, naming its source", async () => {
    const { code, stdout, stderr } = await runCli(["run", "examples/support-desk.json", QUESTION, "--json"]);
    expect(code, stderr).toBe(0);
    const run = events(stdout);
    const search = run.find((e) => e.type === "tool_result" && e.tool === "search_policies");
    expect(search?.error).toBeNull();
    const found = JSON.parse(search?.result ?? "{}") as { knowledge_base: string; results: { source: string; lines: string; text: string }[] };
    expect(found.knowledge_base).toBe("policies");
    expect(found.results[0]).toMatchObject({ source: "returns.md", lines: expect.stringMatching(/^1/) });
    expect(found.results[0]?.text).toContain("within 30 days of delivery for a full refund");
    const reply = run.filter((e) => e.type === "ai_message").at(-1);
    expect(reply).toMatchObject({ agent: "Support", content: expect.stringContaining("30 days") });
    expect(reply?.content).toContain("Source: returns.md");
  });

  it("prints the search and its source in the readable output", async () => {
    const { code, stdout } = await runCli(["run", "examples/support-desk.json", "Do you ship to Canada?"]);
    expect(code).toBe(0);
    expect(stdout).toContain('→ search_policies {"query":"Do you ship to Canada?","k":3}');
    expect(stdout).toMatch(/← search_policies: \{"knowledge_base":"policies","results":\[\{"source":"shipping\.md"/);
    expect(stdout).toContain("Support: Yes: we ship to the rest of the world, including the UK, Canada and the USA");
  });

  it("tells the user to export with the knowledge bases included when the file carries only their definition", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "gw-cli-kb-"));
    dirs.push(dir);
    const document = JSON.parse(await readFile("examples/support-desk.json", "utf8")) as { knowledge_bases: { files: { text?: string }[] }[] };
    for (const base of document.knowledge_bases) for (const file of base.files) delete file.text;
    const file = path.join(dir, "support-desk.json");
    await writeFile(file, JSON.stringify(document));
    const { code, stdout, stderr } = await runCli(["run", file, QUESTION, "--json"]);
    expect(code).toBe(0);
    expect(stderr).toContain('Warning: Knowledge base "policies" cannot be searched here');
    const search = events(stdout).find((e) => e.type === "tool_result" && e.tool === "search_policies");
    expect(search?.error).toContain(
      'Knowledge base "policies" cannot be searched here: this graph file does not contain the text of "returns.md", "shipping.md", "warranty.txt"',
    );
    expect(search?.error).toContain('export the graph with "include knowledge bases" checked');
  });

  it("passes the support desk's own tests with its packed knowledge base", async () => {
    const { code, stdout, stderr } = await runCli(["test", "examples/support-desk.json"]);
    expect(code, `${stdout}\n${stderr}`).toBe(0);
    expect(stdout).toContain("A return question is answered from returns.md by PolicyAgent");
    expect(stdout).toMatch(/\n\d+ passed, 0 failed\n/);
  });
});
