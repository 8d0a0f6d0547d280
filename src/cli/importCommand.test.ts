import { describe, expect, it } from "vitest";
import { mkdtemp, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { validate } from "../schema/index.js";
import { sampleImporter, sampleText } from "../import/testing/sampleImporter.js";
import { importCommand, type ImportCommandOptions } from "./importCommand.js";
import { ROOT, runCli } from "./testing/runCli.js";

class Failed extends Error {
  constructor(
    message: string,
    readonly code: number,
  ) {
    super(message);
  }
}

const NOW = new Date("2026-12-05T08:00:00.000Z");
const support = {
  name: "Support",
  agents: [{ id: "a1", name: "Helper", prompt: "Be kind.", credential: "sk-planted-0000" }],
  extra: [{ id: "x1", type: "sample.vectorStore" }],
};
const triage = { name: "Triage", agents: [{ id: "t1", name: "Sorter" }] };

async function tempDir(): Promise<string> {
  return mkdtemp(path.join(tmpdir(), "gw-cli-import-"));
}

/** Runs the command in this process with the sample importer; returns its exit code (or refusal) and what it printed. */
async function runImport(file: string, options: ImportCommandOptions): Promise<{ code: number; out: string; error: string }> {
  let out = "";
  try {
    const code = await importCommand(file, options, {
      importers: [sampleImporter],
      now: () => NOW,
      write: (text) => (out += text),
      fail: (message, code = 2) => {
        throw new Failed(message, code);
      },
    });
    return { code, out, error: "" };
  } catch (error) {
    if (error instanceof Failed) return { code: error.code, out, error: error.message };
    throw error;
  }
}

describe("cli import", () => {
  it("writes a valid graph and the report in the issue's shape, prints the summary and notes, and exits 0 with an unmapped node", async () => {
    const dir = await tempDir();
    const file = path.join(dir, "support.json");
    await writeFile(file, sampleText([support]));
    const out = path.join(dir, "graph.json");
    const reportFile = path.join(dir, "report.json");
    const { code, out: printed } = await runImport(file, { out, report: reportFile });
    expect(code).toBe(0);
    expect(printed).toContain('Imported "Support" from n8n (2 nodes): 1 mapped, 0 approximated, 1 unmapped.');
    expect(printed).toContain("unmapped: x1 (sample.vectorStore): Nothing here does sample.vectorStore");
    expect(printed).toContain('Note: Credential of "Helper": set an OpenAI key in Settings');
    const document = JSON.parse(await readFile(out, "utf8")) as unknown;
    expect(validate(document).ok).toBe(true);
    expect(document).toMatchObject({ meta: { id: "imported-support", name: "Support", created: NOW.toISOString() } });
    const report = JSON.parse(await readFile(reportFile, "utf8")) as unknown;
    expect(report).toEqual({
      source: { format: "n8n", name: "Support" },
      nodes: [
        { id: "a1", type: "sample.agent", name: "Helper", status: "mapped", to: ["a1"], reason: "" },
        { id: "x1", type: "sample.vectorStore", name: "x1", status: "unmapped", to: [], reason: "Nothing here does sample.vectorStore" },
      ],
      notes: ['Credential of "Helper": set an OpenAI key in Settings'],
    });
    expect(await readFile(out, "utf8")).not.toContain("sk-planted-0000");
  });

  it("lists the flows of a file of several and exits 2 without --flow; --flow picks one", async () => {
    const dir = await tempDir();
    const file = path.join(dir, "all.json");
    await writeFile(file, sampleText([support, triage]));
    const out = path.join(dir, "graph.json");
    const refused = await runImport(file, { out });
    expect(refused.code).toBe(2);
    expect(refused.error).toBe(`${file} holds 2 n8n flows; choose one with --flow <name>:\n  Support\n  Triage`);
    await expect(readFile(out, "utf8")).rejects.toThrow(/ENOENT/);

    expect((await runImport(file, { out, flow: "Triage" })).code).toBe(0);
    expect(JSON.parse(await readFile(out, "utf8"))).toMatchObject({ meta: { name: "Triage" } });
    const missing = await runImport(file, { out: path.join(dir, "other.json"), flow: "Billing" });
    expect(missing).toMatchObject({ code: 2, error: `${file}: No flow is named "Billing"; the file holds "Support", "Triage"` });
  });

  it("refuses to overwrite an existing --out without --force and overwrites it with --force", async () => {
    const dir = await tempDir();
    const file = path.join(dir, "support.json");
    await writeFile(file, sampleText([support]));
    const out = path.join(dir, "graph.json");
    await writeFile(out, "keep me");
    const refused = await runImport(file, { out });
    expect(refused).toMatchObject({ code: 2, error: `${out} already exists: choose another path, or pass --force to overwrite it` });
    expect(await readFile(out, "utf8")).toBe("keep me");
    expect((await runImport(file, { out, force: true })).code).toBe(0);
    expect(JSON.parse(await readFile(out, "utf8"))).toMatchObject({ meta: { name: "Support" } });
  });
});

describe("cli import of each format's files (as a user runs it)", () => {
  const fixture = (format: string, file: string) => path.join(ROOT, "src", "import", format, "fixtures", file);
  const REPORT_KEYS = ["id", "name", "reason", "status", "to", "type"];

  it.each([
    ["flowise", "agents-with-tools.json", "Flowise flow"],
    ["flowise", "v1-tool-agent.json", null],
    ["langflow", "agent-tools.json", "Support Agent"],
    ["n8n", "agent-with-tools.json", "Travel helper with tools"],
    ["dify", "research-agent.yml", "City research agent"],
  ])("writes a valid graph and the report in the issue's shape for %s %s", async (format, file, name) => {
    const dir = await tempDir();
    const out = path.join(dir, "graph.json");
    const reportFile = path.join(dir, "report.json");
    const { code, stdout, stderr } = await runCli(["import", fixture(format, file), "--out", out, "--report", reportFile]);
    expect({ code, stderr }).toEqual({ code: 0, stderr: "" });
    const report = JSON.parse(await readFile(reportFile, "utf8")) as {
      source: { format: string; name: string };
      nodes: Record<string, unknown>[];
      notes: unknown[];
    };
    expect(Object.keys(report).sort()).toEqual(["nodes", "notes", "source"]);
    expect(report.source.format).toBe(format);
    if (name) expect(report.source.name).toBe(name);
    expect(report.nodes.length).toBeGreaterThan(0);
    for (const node of report.nodes) expect(Object.keys(node).sort()).toEqual(REPORT_KEYS);
    expect(new Set(report.nodes.map((n) => n.id)).size).toBe(report.nodes.length);
    expect(report.notes.every((note) => typeof note === "string")).toBe(true);
    expect(validate(JSON.parse(await readFile(out, "utf8"))).ok).toBe(true);
    expect(stdout).toContain(`Imported "${report.source.name}" from `);
  });

  it("lists the flows of a Flowise export-all file, then imports the one --flow names", async () => {
    const dir = await tempDir();
    const out = path.join(dir, "graph.json");
    const listed = await runCli(["import", fixture("flowise", "export-all.json"), "--out", out]);
    expect(listed.code).toBe(2);
    expect(listed.stderr).toContain("holds 3 Flowise flows; choose one with --flow <name>:\n  Helpdesk\n  Order desk\n  Calculator bot");
    const picked = await runCli(["import", fixture("flowise", "export-all.json"), "--out", out, "--flow", "Order desk"]);
    expect(picked.code).toBe(0);
    expect(JSON.parse(await readFile(out, "utf8"))).toMatchObject({ meta: { id: "imported-order_desk", name: "Order desk" } });
  });
});

describe("cli import refusals (as a user runs it)", () => {
  async function refusal(name: string, text: string): Promise<{ code: number; stderr: string; out: string }> {
    const dir = await tempDir();
    const file = path.join(dir, name);
    await writeFile(file, text);
    const out = path.join(dir, "graph.json");
    const result = await runCli(["import", file, "--out", out]);
    await expect(readFile(out, "utf8")).rejects.toThrow(/ENOENT/);
    return { code: result.code, stderr: result.stderr.replace(file, "<file>"), out };
  }

  it("exits 2 for a file of no known format, saying so", async () => {
    const { code, stderr } = await refusal("hello.json", '{"hello": "world"}');
    expect(code).toBe(2);
    expect(stderr).toBe("<file>: This is not a Flowise, Langflow, n8n or Dify workflow that Graphwright knows\n");
  });

  it("exits 2 for an empty file", async () => {
    expect(await refusal("empty.json", "  \n")).toMatchObject({ code: 2, stderr: "<file>: The file is empty\n" });
  });

  it("exits 2 for a YAML alias bomb without expanding it", async () => {
    const levels = ['a: &a ["x","x","x","x","x","x","x","x","x","x"]'];
    for (let i = 1; i < 9; i++) {
      const name = String.fromCharCode(97 + i);
      levels.push(
        `${name}: &${name} [${Array(10)
          .fill(`*${String.fromCharCode(96 + i)}`)
          .join(",")}]`,
      );
    }
    const { code, stderr } = await refusal("bomb.yml", levels.join("\n"));
    expect(code).toBe(2);
    expect(stderr).toMatch(/^<file>: The YAML uses too many aliases \(more than 100\)/);
  });

  it("exits 2 for a file past the size limit without reading it", async () => {
    const { code, stderr } = await refusal("huge.json", `{"a":"${"x".repeat(21 * 1024 * 1024)}"}`);
    expect(code).toBe(2);
    expect(stderr).toBe("<file>: the file is 21.0 MB; the limit is 20 MB\n");
  });

  it("exits 2 for a missing file and for no --out", async () => {
    expect(await runCli(["import", "nope.json", "--out", path.join(await tempDir(), "g.json")])).toMatchObject({
      code: 2,
      stderr: "Cannot read nope.json: no such file\n",
    });
    const noOut = await runCli(["import", "nope.json"]);
    expect(noOut.code).toBe(2);
    expect(noOut.stderr).toContain("import needs a workflow file and --out <graph.json>");
  });
});
