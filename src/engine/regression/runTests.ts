/**
 * runTests: plays each of a document's tests on a fresh thread (its own MemorySaver and memory store) through
 * compileGraph and runGraph, then checks its assertions against the events and final state of
 * the turns they name. The same function runs tests in the app's worker, in the CLI and in CI.
 */
import { describeAssertion, isBreakpointAnswer, type GraphDocument, type GraphTest, type TestMode } from "../../schema/index.js";
import type { CompiledDocument } from "../compile.js";
import { ModelError, type EngineServices, type ModelResolver } from "../ports.js";
import { replayModels } from "../replay.js";
import type { RunInput } from "../run.js";
import { checkAssertion, turnFacts, type TurnFacts } from "./assertionChecks.js";
import { compileIsolated, playTurn } from "./isolatedRun.js";
import { errorMessage } from "../../schema/errorMessage.js";

/**
 * The verdict on one assertion of a test (or on a turn that failed to run): expected against actual, for a diff.
 * @example const failed = result.assertions.filter((a: AssertionResult) => !a.passed);
 */
export interface AssertionResult {
  /** Position in the test's `assertions`; null for the check that a turn ran without an error. */
  index: number | null;
  /** The assertion in one line: `Reply contains "Sunny"`. */
  summary: string;
  /** The turn it looked at, 1-based. */
  turn: number;
  passed: boolean;
  expected: string;
  actual: string;
}

/**
 * How one test went. `error`: it could not run at all (the graph does not compile, a replay has no recording).
 * @example if (result.status === "failed") console.log(result.assertions.filter((a) => !a.passed));
 */
export interface TestResult {
  id: string;
  name: string;
  mode: TestMode;
  status: "passed" | "failed" | "error" | "cancelled";
  duration_ms: number;
  assertions: AssertionResult[];
  /** Why the test could not run, for `error`. */
  error: string | null;
}

/**
 * Every test's result, and the counts a summary line needs.
 * @example const report: TestsReport = await runTests(document, services); process.exitCode = report.failed > 0 ? 1 : 0;
 */
export interface TestsReport {
  results: TestResult[];
  passed: number;
  /** Tests that failed, could not run, or were stopped. */
  failed: number;
}

/**
 * What `onProgress` hears: a test starting, then its result.
 * @example const onProgress = (p: TestProgress) => p.type === "test_end" && console.log(p.result.status);
 */
export type TestProgress =
  { type: "test_start"; index: number; total: number; id: string; name: string } | { type: "test_end"; index: number; total: number; result: TestResult };

/**
 * Which tests run and how: a stop signal, a subset by id, progress.
 * @example const options: RunTestsOptions = { only: ["paris"], signal: controller.signal, onProgress: console.log };
 */
export interface RunTestsOptions {
  signal?: AbortSignal;
  /** Ids of the tests to run (in document order); all when absent. */
  only?: readonly string[];
  onProgress?(progress: TestProgress): void;
}

/** Scripted tests run offline: a profile of another provider is refused rather than called. */
function scriptedOnly(models: ModelResolver): ModelResolver {
  return {
    resolve(request) {
      if (request.profile.provider === "scripted") return models.resolve(request);
      const { id, provider } = request.profile;
      return {
        profileId: id,
        provider,
        supportsTools: request.profile.tool_calling,
        // eslint-disable-next-line require-yield -- a model that fails before its first chunk
        async *stream() {
          throw new ModelError(
            "bad_request",
            `Model profile "${id}" uses ${provider}, and a scripted test runs offline: set the test's mode to replay (its recording) or live`,
            { profileId: id },
          );
        },
      };
    },
  };
}

/** The models a test runs with, or why it cannot run. */
function modelsFor(test: GraphTest, services: EngineServices): ModelResolver | string {
  switch (test.mode) {
    case "scripted":
      return scriptedOnly(services.models);
    case "replay":
      return test.recording ? replayModels(test.recording.replies) : "A replay test needs a recording of the model's replies: save the test from a thread";
    case "live":
      return services.models;
    default: {
      const never: never = test.mode;
      return `Unknown test mode ${String(never)}`;
    }
  }
}

function inputOf(turn: GraphTest["turns"][number]): RunInput {
  if ("message" in turn) return { message: turn.message };
  return { message: "", resume: { value: turn.resume, ...(turn.interrupt_id ? { interrupt_id: turn.interrupt_id } : {}) } };
}

function turnCheck(turn: number, facts: TurnFacts): AssertionResult {
  const ok = facts.status === "completed" || facts.status === "interrupted";
  return {
    index: null,
    summary: `Turn ${turn} runs without an error`,
    turn,
    passed: ok,
    expected: "completed",
    actual: ok ? facts.status : `${facts.status}${facts.error ? `: ${facts.error}` : ""}`,
  };
}

async function runOne(document: GraphDocument, test: GraphTest, services: EngineServices, signal: AbortSignal | undefined): Promise<TestResult> {
  const clock = services.clock ?? { now: () => Date.now() };
  const started = clock.now();
  const result = (status: TestResult["status"], assertions: AssertionResult[], error: string | null): TestResult => ({
    id: test.id,
    name: test.name,
    mode: test.mode,
    status,
    duration_ms: Math.max(0, clock.now() - started),
    assertions,
    error,
  });
  const models = modelsFor(test, services);
  if (typeof models === "string") return result("error", [], models);
  // A fresh thread, its own background tasks and long-term memory: nothing from another test or
  // a playground thread leaks in, and a test never writes the user's memories.
  let compiled: CompiledDocument;
  try {
    compiled = compileIsolated(document, services, models);
  } catch (error) {
    return result("error", [], `The graph cannot run: ${errorMessage(error)}`);
  }
  const threadId = `test-${test.id}`;
  const turns: TurnFacts[] = [];
  const checks: AssertionResult[] = [];
  for (const [i, turn] of test.turns.entries()) {
    // An answer to a breakpoint (saved by an older Save as test) is the turn before going on:
    // tests run with breakpoints off, so that turn ran through, and this one's assertions read it.
    if ("resume" in turn && isBreakpointAnswer(turn.resume)) {
      const before = turns.at(-1);
      if (before) turns.push(before);
      else {
        turns.push(turnFacts("", []));
        checks.push({
          index: null,
          summary: `Turn ${i + 1} runs without an error`,
          turn: i + 1,
          passed: false,
          expected: "a message, or an answer to an approval or question",
          actual: "an answer to a breakpoint, and tests run with breakpoints off: remove this turn",
        });
      }
      continue;
    }
    const input = inputOf(turn);
    const facts = turnFacts(input.message, await playTurn(compiled, input, threadId, signal));
    if (signal?.aborted) return result("cancelled", checks, "Stopped");
    turns.push(facts);
    const check = turnCheck(i + 1, facts);
    if (!check.passed) checks.push(check);
  }
  test.assertions.forEach((assertion, index) => {
    const turn = assertion.turn ?? test.turns.length;
    const facts = turns[turn - 1];
    const summary = describeAssertion(assertion);
    if (!facts) {
      checks.push({ index, summary, turn, passed: false, expected: `turn ${turn}`, actual: `the test has ${test.turns.length} turns` });
      return;
    }
    checks.push({ index, summary, turn, ...checkAssertion(assertion, facts) });
  });
  return result(checks.every((check) => check.passed) ? "passed" : "failed", checks, null);
}

/**
 * Runs a document's tests, one fresh thread each, and returns every assertion's verdict.
 * `services` are the platform's models and tools: `scripted` tests use its scripted models
 * (and refuse other providers), `replay` tests answer from their recording, `live` tests ask
 * its providers. Never throws for a failing graph: that is a test result.
 * @example
 * const report = await runTests(document, nodeServices(document));
 * for (const r of report.results) console.log(r.status, r.name);
 */
export async function runTests(document: GraphDocument, services: EngineServices, options: RunTestsOptions = {}): Promise<TestsReport> {
  const { signal, onProgress } = options;
  const chosen = options.only ? document.tests.filter((test) => options.only?.includes(test.id)) : document.tests;
  const results: TestResult[] = [];
  for (const [index, test] of chosen.entries()) {
    if (signal?.aborted) break;
    onProgress?.({ type: "test_start", index, total: chosen.length, id: test.id, name: test.name });
    let outcome: TestResult;
    try {
      outcome = await runOne(document, test, services, signal);
    } catch (error) {
      outcome = { id: test.id, name: test.name, mode: test.mode, status: "error", duration_ms: 0, assertions: [], error: errorMessage(error) };
    }
    results.push(outcome);
    onProgress?.({ type: "test_end", index, total: chosen.length, result: outcome });
  }
  const passed = results.filter((r) => r.status === "passed").length;
  return { results, passed, failed: results.length - passed };
}
