// `npm test`: every check — types, lint, formatting, schema, unit, end-to-end — stopping at the
// first stage that fails.
//
// The unit tests leave about a tenth of the cores idle (their files wait on servers, child
// processes and timers), and the end-to-end tests as much, mostly at their end, when the specs
// held to the app's deadlines run one at a time. So the checks the end-to-end tests need (tsc
// twice, the schema check, their build) run beside the unit tests, one at a time; the two that
// nothing waits for (ESLint and Prettier) run from the start at the lowest CPU priority, on the
// cycles the tests leave idle, until they are done. Each check's output is printed as a block
// when it ends; a failed check stops everything at once. The end-to-end tests start when the
// unit tests have ended and the checks they need have passed: started beside the unit tests,
// three browsers and three test workers on two cores tripled the load, the unit tests' timing
// tests failed and no run was shorter.
import { spawn } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { availableParallelism, setPriority } from "node:os";

/** @typedef {{ name: string, command: string, args: string[], env?: Record<string, string>, skipUnless?: { path: string, reason: string }, idle?: boolean }} Step */

/**
 * The type checks run on TypeScript 7, the compiler rewritten in Go: it checks this project in
 * about a third of TypeScript 5.9's CPU time with the same verdicts. ESLint's type-aware rules
 * still need TypeScript 5.9's JavaScript API, so both are installed (7 under the name
 * `typescript7`), and the checks name 7's binary by path rather than whichever `tsc` npm linked.
 */
const TSC_7 = ["node_modules/typescript7/bin/tsc"];

/** Where playwright.config.ts serves the app from (one folder per E2E_PORT). */
const E2E_OUT_DIR = process.env.E2E_PORT ? `dist-e2e-${process.env.E2E_PORT}` : "dist";

/** Nothing waits for these: they run at the lowest CPU priority from the start, beside everything else. */
/** @type {Step[]} */
const IDLE_CHECKS = [
  { name: "lint", command: "npx", args: ["eslint", "."], idle: true },
  // The type-aware rules (.oxlintrc.json), on the Go compiler: seconds, where ESLint's took a minute.
  { name: "lint (type-aware)", command: "npx", args: ["oxlint", "--type-aware", "--deny-warnings"], idle: true },
  { name: "format check", command: "npx", args: ["prettier", "--check", "."], idle: true },
];

/** The end-to-end tests wait for these; run beside the unit tests, listed longest first. */
/** @type {Step[]} */
const CHECKS = [
  { name: "type-check (app)", command: "node", args: [...TSC_7, "-p", "tsconfig.json", "--noEmit"] },
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

/** Checks running with their output captured, for `stopChecks`. */
/** @type {Set<import("node:child_process").ChildProcess>} */
const checksRunning = new Set();
let checksStopped = false;

/** Ends the running checks and everything they started. */
function stopChecks() {
  checksStopped = true;
  for (const child of checksRunning) {
    if (child.exitCode !== null || child.pid === undefined) continue;
    try {
      process.kill(shell ? child.pid : -child.pid, "SIGTERM");
    } catch {
      child.kill("SIGTERM");
    }
  }
}

/** Runs a step with its output captured; resolves with the output and why it failed, if it did. */
function runCaptured(step) {
  return new Promise((resolve) => {
    const started = performance.now();
    // Captured output is not a terminal: keep the colours the terminal would have shown.
    const env = { ...process.env, ...(process.stdout.isTTY ? { FORCE_COLOR: process.env.FORCE_COLOR ?? "1" } : {}), ...step.env };
    // Its own process group, so a failure elsewhere stops it and everything it started.
    const child = spawn(step.command, step.args, { env, shell, detached: !shell, stdio: ["ignore", "pipe", "pipe"] });
    checksRunning.add(child);
    // The lowest priority: it runs on the cycles the tests leave idle (Linux and macOS).
    if (step.idle && child.pid !== undefined) {
      try {
        setPriority(child.pid, 19);
      } catch {
        // Not allowed here: it runs at normal priority.
      }
    }
    const chunks = [];
    child.stdout.on("data", (chunk) => chunks.push(chunk));
    child.stderr.on("data", (chunk) => chunks.push(chunk));
    let error;
    child.on("error", (e) => (error = e));
    child.on("close", (status, signal) => {
      checksRunning.delete(child);
      const why = checksStopped ? "was stopped because another step failed" : failure({ error, signal, status });
      resolve({ output: Buffer.concat(chunks).toString(), why, time: seconds(started) });
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
      // A check stopped for another step's failure says nothing of its own.
      if (checksStopped) return;
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
        const why = stopped ? "was stopped because another step failed" : failure({ error, signal, status });
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
console.log(`\n▶ checks the end-to-end tests need, ${lanes} at a time, beside the unit tests; lint and format at idle priority`);
const unit = runLive(UNIT);
/** @type {ReturnType<typeof runTestsBeside> | undefined} */
let endToEnd;
const stopAll = () => {
  unit.stop();
  endToEnd?.stop();
  stopChecks();
};
// The unit tests run in a process group of their own, which Ctrl+C in the terminal does not reach.
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.once(signal, () => {
    stopAll();
    process.exit(130);
  });
}
let idleTime = "n/a";
const idleChecks = runChecks(IDLE_CHECKS, 1, stopAll).then(() => (idleTime = seconds(started)));
let staticTime = "0.0";
await runChecks(CHECKS, lanes, stopAll).then(() => (staticTime = seconds(started)));
console.log(`\nChecks for the end-to-end tests: ${staticTime}s`);
if (failed === 0) endToEnd = runTestsBeside(TESTS, unit.done);
const unitOutcome = await unit.done;
// A unit test run stopped for a check's failure is not a failure of its own.
if (!checksStopped) report(UNIT, unitOutcome.why, unitOutcome.time);
const firstPhase = { name: "checks + unit tests", time: seconds(started), cpu: cpuSince(cpuAtStart) };
if (unitOutcome.why) stopAll();
await endToEnd?.done;
await idleChecks;

// Each step's wall time and the CPU the machine was busy for it (the checks and the unit tests overlap: one line for both).
console.log("\nStep times (wall s, CPU s the machine was busy; 2 cores give 2 CPU s per s):");
console.log(`  ${"checks for e2e (beside unit)".padEnd(30)} ${staticTime.padStart(7)}`);
console.log(`  ${"lint + format (idle, ended at)".padEnd(30)} ${idleTime.padStart(7)}`);
console.log(`  ${"unit tests (beside checks)".padEnd(30)} ${unitOutcome.time.padStart(7)}`);
for (const { name, time, cpu } of [firstPhase, ...timings.filter((t) => TESTS.some((step) => step.name === t.name))]) {
  console.log(`  ${name.padEnd(30)} ${time.padStart(7)}  ${(cpu ?? "n/a").padStart(7)}`);
}
console.log(`\nTotal time: ${seconds(started)}s`);
console.log(`${passed} passed, ${failed} failed`);
process.exitCode = failed > 0 ? 1 : 0;
