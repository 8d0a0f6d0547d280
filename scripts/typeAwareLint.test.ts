// Proves the type-aware lint rules of .oxlintrc.json fire: a promise nobody awaits, and a switch
// over a union that leaves members out without a `default` saying so. Lints planted files in a
// project of their own with the repository's configuration and binaries.
import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "..");
const run = promisify(execFile);

const PLANTED = `export async function save(): Promise<void> {}
export function click(): void {
  save();
}
export async function clickAndWait(): Promise<void> {
  await save();
  void save();
}
type Kind = "a" | "b" | "c";
export function label(kind: Kind): string {
  switch (kind) {
    case "a":
      return "A";
  }
  return "?";
}
export function labelOthers(kind: Kind): string {
  switch (kind) {
    case "a":
      return "A";
    default:
      return "other";
  }
}
`;

interface Diagnostic {
  code: string;
  message: string;
  labels: { span: { line: number } }[];
}

let project: string;
beforeAll(async () => {
  project = await mkdtemp(path.join(tmpdir(), "gw-type-aware-lint-"));
  const compilerOptions = { strict: true, target: "ES2022", module: "ESNext", moduleResolution: "bundler", noEmit: true };
  await writeFile(path.join(project, "tsconfig.json"), JSON.stringify({ compilerOptions, include: ["*.ts"] }));
  await writeFile(path.join(project, "planted.ts"), PLANTED);
});
afterAll(() => rm(project, { recursive: true, force: true }));

/** What Oxlint's type-aware mode reports for the planted project, with the repository's rules. */
async function diagnostics(): Promise<Diagnostic[]> {
  const args = ["--type-aware", "-c", path.join(ROOT, ".oxlintrc.json"), "--format", "json", "."];
  const env = { ...process.env, OXLINT_TSGOLINT_PATH: path.join(ROOT, "node_modules", ".bin", "tsgolint") };
  // Findings make it exit 1, with the report on stdout all the same.
  const stdout = await run(path.join(ROOT, "node_modules", ".bin", "oxlint"), args, { cwd: project, env }).then(
    (done) => done.stdout,
    (failed: { stdout?: string }) => failed.stdout ?? "",
  );
  return (JSON.parse(stdout) as { diagnostics: Diagnostic[] }).diagnostics;
}

describe("the type-aware lint rules", { timeout: 60_000 }, () => {
  it("flag an unawaited promise and a switch that leaves union members out, and nothing else", async () => {
    const found = (await diagnostics()).map((d) => ({ code: d.code, line: d.labels[0]?.span.line, message: d.message }));
    expect(found).toEqual([
      { code: "typescript(no-floating-promises)", line: 3, message: expect.stringContaining("Promises must be awaited") },
      { code: "typescript(switch-exhaustiveness-check)", line: 11, message: expect.stringContaining('"b" | "c"') },
    ]);
  });
});
