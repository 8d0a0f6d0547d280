import { mkdtemp, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { EvaluationResult } from "../engine/index.js";
import { startWireServer, type WireServer } from "../models/testing/faultServer.js";
import { openaiStream } from "../models/testing/openaiWire.js";
import { runCli, ROOT } from "./testing/runCli.js";

const WEATHER = path.join(ROOT, "examples", "weather-assistant.json");
const SUPPORT = "examples/support-desk.json";

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "gw-cli-eval-"));
});

async function weatherWith(patch: (doc: Record<string, unknown>) => void, name = "weather.json"): Promise<string> {
  const doc = JSON.parse(await readFile(WEATHER, "utf8")) as Record<string, unknown>;
  patch(doc);
  const file = path.join(dir, name);
  await writeFile(file, JSON.stringify(doc));
  return file;
}

describe("cli eval", { timeout: 120_000 }, () => {
  it("runs the Weather dataset, prints the summary table, and writes the JSON results and JUnit XML", async () => {
    const out = path.join(dir, "results.json");
    const junit = path.join(dir, "eval.xml");
    const { code, stdout } = await runCli(["eval", "examples/weather-assistant.json", "--out", out, "--junit", junit, "--min-pass", "0.9"]);
    expect(code).toBe(0);
    expect(stdout).toContain('Evaluation of Weather assistant on "Weather questions"');
    expect(stdout).toMatch(/variant\s+passed\s+failed\s+errors\s+pass rate\s+median\s+p95\s+tokens\s+cost/);
    expect(stdout).toMatch(/As drawn\s+7\s+0\s+0\s+100\.0%/);
    const result = JSON.parse(await readFile(out, "utf8")) as EvaluationResult;
    expect(result.cases).toHaveLength(7);
    expect(result.cases[0]).toMatchObject({ case_id: "paris", variant_id: "as-drawn", passed: true, reply: "Right now: Sunny, 21°C, light wind in Paris." });
    expect(result.cases[0]?.scores.find((s) => s.kind === "judge")).toMatchObject({ score: 5, verdict: "pass" });
    expect(result.cases[0]?.latency_ms).toBeGreaterThan(0);
    expect(result.cases[0]?.tokens).toBeGreaterThan(0);
    expect(result.cases[0]).toHaveProperty("cost_usd", null);
    const xml = await readFile(junit, "utf8");
    expect(xml.match(/<testcase /g)).toHaveLength(7);
    expect(xml).toContain('<testcase name="As drawn: What&apos;s the weather in Paris?"');
  });

  it("compares the Support desk's two prompts and exits 1 when one is under --min-pass", async () => {
    const junit = path.join(dir, "support.xml");
    const { code, stdout, stderr } = await runCli(["eval", SUPPORT, "--min-pass", "0.9", "--concurrency", "2", "--junit", junit]);
    expect(code).toBe(1);
    expect(stdout).toMatch(/Current prompt\s+2\s+4\s+0\s+33\.3%/);
    expect(stdout).toMatch(/Offers more help\s+6\s+0\s+0\s+100\.0%/);
    expect(stdout).toContain("✘ Current prompt: How long do I have to return an item?");
    expect(stderr).toContain("Current prompt passed 33.3% of cases, under --min-pass 0.9");
    const xml = await readFile(junit, "utf8");
    expect(xml.match(/<testcase /g)).toHaveLength(12);
    expect(xml).toContain('<testcase name="Offers more help: Do you ship to Canada?"');
    expect(xml).toContain('<failure message="Judge (scripted)');
  });

  it("runs one of the dataset's own variants named in --variants, beside a profile", async () => {
    const out = path.join(dir, "named.json");
    const { code, stdout } = await runCli(["eval", SUPPORT, "--variants", "Offers more help,scripted", "--out", out]);
    expect(code).toBe(0);
    expect(stdout).toMatch(/Offers more help\s+6\s+0/);
    expect(stdout).toMatch(/scripted\s+2\s+4/);
  });

  it("takes the cases of a CSV file under the settings of the graph's dataset of that name", async () => {
    const csv = path.join(dir, "Weather questions.csv");
    await writeFile(csv, "question,answer\nWhat's the weather in Paris?,sunny\nWhat's the weather in Rome?,sunny\n");
    const out = path.join(dir, "csv.json");
    const { code, stdout } = await runCli(["eval", "examples/weather-assistant.json", "--dataset", csv, "--out", out]);
    expect(code).toBe(0);
    expect(stdout).toMatch(/As drawn\s+1\s+1\s+0\s+50\.0%/);
    const result = JSON.parse(await readFile(out, "utf8")) as EvaluationResult;
    expect(result.cases.map((c) => [c.case_id, c.passed])).toEqual([
      ["case-1", true],
      ["case-2", false],
    ]);
    expect(result.cases[1]?.scores.map((s) => s.kind)).toEqual(["expected", "judge", "limits"]);
  });

  it("exits 2 with the line for a CSV with a broken quote, and with the count for one over the row limit", async () => {
    const broken = path.join(dir, "broken.csv");
    await writeFile(broken, 'input,expected\nhello,Hello\n"never closed,x\n');
    const quote = await runCli(["eval", "examples/weather-assistant.json", "--dataset", broken]);
    expect(quote.code).toBe(2);
    expect(quote.stderr).toContain(`${broken}: Line 3: a quoted field opens here and never closes`);
    const big = path.join(dir, "big.jsonl");
    await writeFile(big, Array.from({ length: 10_001 }, (_, i) => `{"input": "q${i}"}\n`).join(""));
    const limit = await runCli(["eval", "examples/weather-assistant.json", "--dataset", big]);
    expect(limit.code).toBe(2);
    expect(limit.stderr).toContain("The file has 10,001 rows; a dataset holds at most 10,000");
  });

  it("exits 2 for an unknown dataset, an unknown profile or a bad --min-pass, saying what there is", async () => {
    const unknown = await runCli(["eval", "examples/weather-assistant.json", "--dataset", "Nope"]);
    expect(unknown).toMatchObject({ code: 2 });
    expect(unknown.stderr).toContain('has no dataset "Nope" (it has "Weather questions")');
    const profile = await runCli(["eval", "examples/weather-assistant.json", "--variants", "scripted,gpt-4o"]);
    expect(profile.code).toBe(2);
    expect(profile.stderr).toContain('Variant "gpt-4o" uses model profile "gpt-4o", which this graph does not have (it has "scripted")');
    const minPass = await runCli(["eval", "examples/weather-assistant.json", "--min-pass", "90"]);
    expect(minPass.code).toBe(2);
    expect(minPass.stderr).toContain('--min-pass takes a number from 0 to 1, not "90"');
  });

  describe("against a local OpenAI-compatible server", () => {
    let server: WireServer;
    beforeAll(async () => {
      // The judge's requests carry its instructions; every other request is the agent's.
      server = await startWireServer((request) => {
        const judging = JSON.stringify(request.body).includes("impartial evaluator");
        return { kind: "sse", events: openaiStream(judging ? ['{"score": 4, ', '"reasoning": "Names the weather."}'] : ["Sunny ", "in Paris"]) };
      });
    });
    afterAll(async () => {
      await server.close();
    });

    it("runs a variant and its judge on the provider, with the key from the environment", async () => {
      const file = await weatherWith((doc) => {
        const remote = { id: "remote", provider: "openai", model: "test-model", base_url: `${server.url}/v1`, max_retries: 0 };
        doc.models = [...(doc.models as unknown[]), remote];
        const [dataset] = doc.datasets as { cases: unknown[]; evaluators: { kind: string; profile?: string }[] }[];
        dataset!.cases = dataset!.cases.slice(0, 2);
        dataset!.evaluators = dataset!.evaluators.map((e) => (e.kind === "judge" ? { ...e, profile: "remote" } : e));
      }, "remote.json");
      const out = path.join(dir, "remote-results.json");
      const { code, stdout, stderr } = await runCli(["eval", file, "--variants", "remote", "--out", out], {
        env: { OPENAI_API_KEY: "sk-eval-cli-0123456789" },
      });
      expect(code, stderr).toBe(0);
      expect(stdout).toMatch(/remote\s+1\s+1\s+0\s+50\.0%/);
      const result = JSON.parse(await readFile(out, "utf8")) as EvaluationResult;
      expect(result.cases.map((c) => [c.case_id, c.reply, c.passed])).toEqual([
        ["paris", "Sunny in Paris", true],
        ["london", "Sunny in Paris", false],
      ]);
      expect(result.cases[0]?.scores.find((s) => s.kind === "judge")).toMatchObject({ score: 4, reason: "Names the weather." });
      expect(result.cases[0]?.usage).toMatchObject({ input_tokens: 5, output_tokens: 2 });
      expect(server.requests.every((r) => r.headers.authorization === "Bearer sk-eval-cli-0123456789")).toBe(true);
      expect(server.requests).toHaveLength(4);
    });
  });
});
