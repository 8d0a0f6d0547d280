// `npm test`: every check in order — types, lint, formatting, schema, unit, end-to-end — stopping at the
// first failure. Each step's output goes straight to the terminal.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

/** @type {{ name: string, command: string, args: string[], skipUnless?: { path: string, reason: string } }[]} */
const STEPS = [
  { name: "type-check (app)", command: "npx", args: ["tsc", "-p", "tsconfig.json", "--noEmit"] },
  { name: "type-check (core, no DOM)", command: "npx", args: ["tsc", "-p", "tsconfig.core.json", "--noEmit"] },
  { name: "lint", command: "npx", args: ["eslint", "."] },
  { name: "format check", command: "npx", args: ["prettier", "--check", "."] },
  {
    name: "schema check",
    command: "npm",
    args: ["run", "schema:check"],
    skipUnless: { path: "scripts/gen-schema.ts", reason: "scripts/gen-schema.ts is missing" },
  },
  { name: "unit tests", command: "npx", args: ["vitest", "run"] },
  { name: "ensure Chromium", command: "node", args: ["scripts/ensure-chromium.mjs"] },
  { name: "end-to-end tests", command: "npx", args: ["playwright", "test"] },
];

const seconds = (since) => ((performance.now() - since) / 1000).toFixed(1);

const started = performance.now();
let passed = 0;
let failed = 0;

for (const step of STEPS) {
  const commandLine = [step.command, ...step.args].join(" ");
  if (step.skipUnless && !existsSync(step.skipUnless.path)) {
    console.log(`\n▶ ${step.name}: skipped because ${step.skipUnless.reason}`);
    continue;
  }
  console.log(`\n▶ ${step.name}: ${commandLine}`);
  const stepStarted = performance.now();
  const result = spawnSync(step.command, step.args, {
    stdio: "inherit",
    shell: process.platform === "win32",
  });
  if (result.status === 0) {
    passed++;
    console.log(`✓ ${step.name} (${seconds(stepStarted)}s)`);
    continue;
  }
  failed++;
  const outcome = result.error
    ? `could not start (${result.error.message})`
    : result.signal
      ? `was stopped by ${result.signal}`
      : `exited with code ${result.status}`;
  console.error(`\n✗ Step "${step.name}" failed: \`${commandLine}\` ${outcome}.`);
  break;
}

console.log(`\nTotal time: ${seconds(started)}s`);
console.log(`${passed} passed, ${failed} failed`);
process.exitCode = failed > 0 ? 1 : 0;
