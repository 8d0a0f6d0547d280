// `npm test`: every check — types, lint, formatting, schema, unit, end-to-end — stopping at the
// first stage that fails.
//
// The unit tests leave about a third of the cores idle (their files wait on servers, child
// processes and timers), so the static checks (tsc twice, ESLint, Prettier, the schema check, the
// end-to-end build) run beside them, one at a time, each one's output printed as a block when it
// ends. A failed check stops the unit tests at once. The end-to-end tests start when the unit
// tests have ended: started beside them (after the checks), three browsers and three test
// workers on two cores tripled the load, the unit tests' timing tests failed and no run was
// shorter.
import { spawn } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { availableParallelism } from "node:os";

/** @typedef {{ name: string, command: string, args: string[], env?: Record<string, string>, skipUnless?: { path: string, reason: string } }} Step */

/**
 * The type checks run on TypeScript 7, the compiler rewritten in Go: it checks this project in
 * about a third of TypeScript 5.9's CPU time with the same verdicts. ESLint's type-aware rules
 * still need TypeScript 5.9's JavaScript API, so both are installed (7 under the name
 * `typescript7`), and the checks name 7's binary by path rather than whichever `tsc` npm linked.
 */
const TSC_7 = ["node_modules/typescript7/bin/tsc"];

/** Where playwright.config.ts serves the app from (one folder per E2E_PORT). */
const E2E_OUT_DIR = process.env.E2E_PORT ? `dist-e2e-${process.env.E2E_PORT}` : "dist";

/** Run side by side; listed longest first, so the short ones fill in beside the long ones. */
/** @type {Step[]} */
const CHECKS = [
  { name: "lint", command: "npx", args: ["eslint", "."] },
  { name: "type-check (app)", command: "node", args: [...TSC_7, "-p", "tsconfig.json", "--noEmit"] },
  { name: "format check", command: "npx", args: ["prettier", "--check", "."] },
  { name: "type-check (core, no DOM)", command: "node", args: [...TSC_7, "-p", "tsconfig.core.json", "--noEmit"] },
  // The end-to-end tests' production build (with the test harness pages), made here where a core
  // is free rather than while the end-to-end tests wait for it.
  {
    name: "build for end-to-end",
    command: "npx",
    args: ["vite", "build", "--outDir", E2E_OUT_DIR, "--logLevel", "warn"],
    env: { GRAPHWRIGHT_E2E_HARNESS: "1" },
  },
  {
    name: "schema check",
    command: "npm",
    args: ["run", "schema:check"],
    skipUnless: { path: "scripts/gen-schema.ts", reason: "scripts/gen-schema.ts is missing" },
  },
];

/** Runs beside the static checks. */
/** @type {Step} */
const UNIT = { name: "unit tests", command: "npx", args: ["vitest", "run"] };

/** Run one at a time once the checks passed: Chromium's check beside the unit tests, the end-to-end tests after them. */
/** @type {Step[]} */
const TESTS = [
  { name: "ensure Chromium", command: "node", args: ["scripts/ensure-chromium.mjs"] },
  { name: "end-to-end tests", command: "npx", args: ["playwright", "test"], env: { E2E_PREBUILT: "1" } },
];

const seconds = (since) => ((performance.now() - since) / 1000).toFixed(1);

/**
 * CPU seconds the whole machine has been busy so far (Linux: /proc/stat, in clock ticks of 1/100 s),
 * or undefined elsewhere. Not the children's own rusage: browsers started by Playwright are not
 * waited for by their parents, so their time never reaches ours. With the wall time it tells a
 * busy step from a waiting one (on a machine doing nothing else).
 */
function busyCpuSeconds() {
  try {
    const [user, nice, system, , , irq, softirq, steal] = readFileSync("/proc/stat", "utf8").split("\n")[0].trim().split(/\s+/).slice(1).map(Number);
    return (user + nice + system + irq + softirq + steal) / 100;
  } catch {
    return undefined;
  }
}

/** Busy CPU seconds since `before`, formatted, or undefined where they cannot be read. */
function cpuSince(before) {
  const now = busyCpuSeconds();
  return before === undefined || now === undefined ? undefined : (now - before).toFixed(1);
}

/** @type {{ name: string, time: string, cpu?: string }[]} */
const timings = [];
const commandLine = (step) => [step.command, ...step.args].join(" ");
const shell = process.platform === "win32";

/** Why a finished child failed, or undefined when it passed. */
function failure({ error, signal, status }) {
  if (error) return `could not start (${error.message})`;
  if (signal) return `was stopped by ${signal}`;
  return status === 0 ? undefined : `exited with code ${status}`;
}

/** True when the step is skipped (and says so). */
function skipped(step) {
  if (!step.skipUnless || existsSync(step.skipUnless.path)) return false;
  console.log(`\n▶ ${step.name}: skipped because ${step.skipUnless.reason}`);
  return true;
}

/** Runs a step with its output captured; resolves with the output and why it failed, if it did. */
function runCaptured(step) {
  return new Promise((resolve) => {
    const started = performance.now();
    // Captured output is not a terminal: keep the colours the terminal would have shown.
    const env = { ...process.env, ...(process.stdout.isTTY ? { FORCE_COLOR: process.env.FORCE_COLOR ?? "1" } : {}), ...step.env };
    const child = spawn(step.command, step.args, { env, shell, stdio: ["ignore", "pipe", "pipe"] });
    const chunks = [];
    child.stdout.on("data", (chunk) => chunks.push(chunk));
    child.stderr.on("data", (chunk) => chunks.push(chunk));
    let error;
    child.on("error", (e) => (error = e));
    child.on("close", (status, signal) => {
      resolve({ output: Buffer.concat(chunks).toString(), why: failure({ error, signal, status }), time: seconds(started) });
    });
  });
}

let passed = 0;
let failed = 0;

/** Prints a finished step's outcome and counts it. */
function report(step, why, time, cpu) {
  timings.push({ name: step.name, time, cpu });
  if (!why) {
    passed++;
    console.log(`✓ ${step.name} (${time}s)`);
    return;
  }
  failed++;
  console.error(`\n✗ Step "${step.name}" failed: \`${commandLine(step)}\` ${why}.`);
}

/** Runs the checks, `lanes` at a time, printing each one's output when it ends; stops starting new ones after a failure. */
async function runChecks(steps, lanes, onFailure) {
  const queue = steps.filter((step) => !skipped(step));
  const lane = async () => {
    for (let step = queue.shift(); step && failed === 0; step = queue.shift()) {
      const { output, why, time } = await runCaptured(step);
      console.log(`\n▶ ${step.name}: ${commandLine(step)}`);
      if (output) process.stdout.write(output.endsWith("\n") ? output : `${output}\n`);
      report(step, why, time);
      if (why) onFailure();
    }
  };
  await Promise.all(Array.from({ length: lanes }, lane));
}

/** Starts a step with its output on the terminal; `stop()` ends it and everything it started. */
function runLive(step) {
  console.log(`\n▶ ${step.name}: ${commandLine(step)}`);
  const started = performance.now();
  // Its own process group, so stopping it stops vitest's workers and the servers they started.
  const child = spawn(step.command, step.args, { stdio: "inherit", shell, detached: !shell });
  let error;
  let stopped = false;
  child.on("error", (e) => (error = e));
  const done = new Promise((resolve) => {
    child.on("close", (status, signal) => {
      const time = seconds(started);
      resolve(stopped ? { why: "was stopped because a static check failed", time } : { why: failure({ error, signal, status }), time });
    });
  });
  const stop = () => {
    if (stopped || child.exitCode !== null) return;
    stopped = true;
    try {
      process.kill(shell ? child.pid : -child.pid, "SIGTERM");
    } catch {
      child.kill("SIGTERM");
    }
  };
  return { done, stop };
}

/**
 * Runs the tests one by one, up to the first failure, each after `release` resolves (the unit
 * tests' end) except the first: output is held until then (so the two runs' lines do not
 * interleave), then shown as it comes. `stop()` ends the running step and everything it started.
 */
function runTestsBeside(steps, release) {
  let child;
  let stopped = false;
  let live = false;
  const held = [];
  const write = (stream) => (chunk) => (live ? stream.write(chunk) : held.push([stream, chunk]));
  void release.then(() => {
    live = true;
    for (const [stream, chunk] of held.splice(0)) stream.write(chunk);
  });
  const runStep = (step) =>
    new Promise((resolve) => {
      write(process.stdout)(`\n▶ ${step.name}: ${commandLine(step)}\n`);
      const started = performance.now();
      const cpuBefore = busyCpuSeconds();
      // Piped output is not a terminal: keep the colours the terminal would have shown.
      const env = { ...process.env, ...(process.stdout.isTTY ? { FORCE_COLOR: process.env.FORCE_COLOR ?? "1" } : {}), ...step.env };
      child = spawn(step.command, step.args, { env, shell, detached: !shell, stdio: ["ignore", "pipe", "pipe"] });
      child.stdout.on("data", write(process.stdout));
      child.stderr.on("data", write(process.stderr));
      let error;
      child.on("error", (e) => (error = e));
      child.on("close", (status, signal) => {
        const why = stopped ? "was stopped because the unit tests failed" : failure({ error, signal, status });
        resolve({ why, time: seconds(started), cpu: cpuSince(cpuBefore) });
      });
    });
  const done = (async () => {
    for (const step of steps) {
      if (stopped) return;
      if (skipped(step)) continue;
      const outcome = await runStep(step);
      await release;
      // A step stopped for the unit tests' failure is not a failure of its own.
      if (stopped) return;
      report(step, outcome.why, outcome.time, outcome.cpu);
      if (outcome.why) return;
    }
  })();
  const stop = () => {
    if (stopped) return;
    stopped = true;
    if (!child || child.exitCode !== null) return;
    try {
      process.kill(shell ? child.pid : -child.pid, "SIGTERM");
    } catch {
      child.kill("SIGTERM");
    }
  };
  return { done, stop };
}

const started = performance.now();
const cpuAtStart = busyCpuSeconds();
// One check at a time beside the unit tests' workers (one per core); alone, as many as there are cores.
const lanes = Math.max(1, Math.min(CHECKS.length, availableParallelism() - 1));
console.log(`\n▶ static checks, ${lanes} at a time, beside the unit tests`);
const unit = runLive(UNIT);
/** @type {ReturnType<typeof runTestsBeside> | undefined} */
let endToEnd;
// The unit tests run in a process group of their own, which Ctrl+C in the terminal does not reach.
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.once(signal, () => {
    unit.stop();
    endToEnd?.stop();
    process.exit(130);
  });
}
let staticTime = "0.0";
await runChecks(CHECKS, lanes, unit.stop).then(() => (staticTime = seconds(started)));
console.log(`\nStatic checks: ${staticTime}s`);
if (failed === 0) endToEnd = runTestsBeside(TESTS, unit.done);
const unitOutcome = await unit.done;
report(UNIT, unitOutcome.why, unitOutcome.time);
const firstPhase = { name: "static checks + unit tests", time: seconds(started), cpu: cpuSince(cpuAtStart) };
if (unitOutcome.why) endToEnd?.stop();
await endToEnd?.done;

// Each step's wall time and the CPU the machine was busy for it (the static checks and the unit tests overlap: one line for both).
console.log("\nStep times (wall s, CPU s the machine was busy; 2 cores give 2 CPU s per s):");
console.log(`  ${"static checks (beside unit)".padEnd(30)} ${staticTime.padStart(7)}`);
console.log(`  ${"unit tests (beside static)".padEnd(30)} ${unitOutcome.time.padStart(7)}`);
for (const { name, time, cpu } of [firstPhase, ...timings.filter((t) => TESTS.some((step) => step.name === t.name))]) {
  console.log(`  ${name.padEnd(30)} ${time.padStart(7)}  ${(cpu ?? "n/a").padStart(7)}`);
}
console.log(`\nTotal time: ${seconds(started)}s`);
console.log(`${passed} passed, ${failed} failed`);
process.exitCode = failed > 0 ? 1 : 0;
