/**
 * `Save as test`: a thread's turns (the person's messages and answers to approvals and
 * questions; debug actions at breakpoints are not turns), the model
 * replies a replay needs, and the assertions worth proposing — the final reply's key text,
 * the tools each turn called with their arguments, the routes Routers took.
 */
import type { RunEvent, RunEventOf } from "../../engine/index.js";
import { recordingOf, type Assertion, type GraphDocument, type GraphTest, type TestTurn } from "../../schema/index.js";
import { BACKGROUND_RUN_PREFIX } from "../../worker/protocol";

/** The turns of a thread as runs: each with its events, the follow-up runs of background tasks folded into the turn before. */
interface ThreadTurn {
  turn: TestTurn;
  events: RunEvent[];
}

function ofType<T extends RunEvent["type"]>(events: readonly RunEvent[], type: T): RunEventOf<T>[] {
  return events.filter((event): event is RunEventOf<T> => event.type === type);
}

/**
 * A run stopped or failed is not part of the conversation a test replays, nor is a refused
 * answer (it changed nothing: the thread still waits on the same pause).
 */
function counts(events: readonly RunEvent[]): boolean {
  const end = ofType(events, "run_end").at(-1);
  if (ofType(events, "error").some((e) => e.code === "INVALID_RESUME")) return false;
  return end !== undefined && (end.status === "completed" || end.status === "interrupted");
}

/** The answer a run starts with: the root's, else the first (a pause raised inside delegated work). */
function answerOf(events: readonly RunEvent[]): RunEventOf<"interrupt_resolved"> | undefined {
  const answers = ofType(events, "interrupt_resolved");
  return answers.find((event) => event.depth === 0) ?? answers[0];
}

/** The thread's turns, in order. */
export function threadTurns(events: readonly RunEvent[]): ThreadTurn[] {
  const runs = new Map<string, RunEvent[]>();
  for (const event of events) runs.set(event.run_id, [...(runs.get(event.run_id) ?? []), event]);
  const turns: ThreadTurn[] = [];
  for (const [runId, runEvents] of runs) {
    if (!counts(runEvents)) continue;
    const previous = turns.at(-1);
    const answer = answerOf(runEvents);
    // A follow-up turn reports a background task: runTests plays it after the turn that queued it.
    // A debug action (Continue, Step, an edit at a breakpoint) is the turn before going on: tests
    // run with breakpoints off, where that turn runs through. (A thread forked at a pause keeps
    // the paused run, so the turn before is there.)
    if (runId.startsWith(BACKGROUND_RUN_PREFIX) || answer?.kind === "breakpoint") {
      if (previous) previous.events.push(...runEvents);
      continue;
    }
    const start = ofType(runEvents, "run_start")[0];
    const turn: TestTurn = answer ? { resume: answer.resume as Extract<TestTurn, { resume: unknown }>["resume"] } : { message: start?.input ?? "" };
    turns.push({ turn, events: runEvents });
  }
  return turns;
}

/**
 * The part of a reply worth asserting: its first line of substance, cut at a word before 80
 * characters so it survives small rewordings of the rest. Markdown marks are never inside it
 * (the reply text holds them): a line with emphasis or code gives its longest plain piece.
 */
export function keyText(reply: string): string {
  const line =
    reply
      .split("\n")
      .map((l) => l.replace(/^\s*(?:#+|>|[-*+]|\d+\.)\s+/, "").trim())
      .find((l) => l.length > 0) ?? "";
  const plain = line
    .split(/\*\*|__|`/)
    .map((piece) => piece.trim())
    .reduce((longest, piece) => (piece.length > longest.length ? piece : longest), "");
  if (plain.length <= 80) return plain;
  const cut = plain.slice(0, 80);
  const space = cut.lastIndexOf(" ");
  return (space > 20 ? cut.slice(0, space) : cut).trim();
}

function proposals(turns: readonly ThreadTurn[]): Assertion[] {
  const many = turns.length > 1;
  const at = (index: number) => (many && index < turns.length - 1 ? { turn: index + 1 } : {});
  const assertions: Assertion[] = [];
  turns.forEach(({ events }, index) => {
    for (const route of ofType(events, "route_selected")) assertions.push({ kind: "route", route: route.route, ...at(index) });
    const seen = new Set<string>();
    for (const call of ofType(events, "tool_call")) {
      const key = `${call.tool} ${JSON.stringify(call.args)}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const args = call.args as Extract<Assertion, { kind: "tool_called" }>["args"];
      assertions.push({ kind: "tool_called", tool: call.tool, ...(Object.keys(call.args).length > 0 ? { args } : {}), ...at(index) });
    }
  });
  const last = turns.at(-1);
  const reply = last
    ? ofType(last.events, "ai_message")
        .filter((m) => m.content.trim() !== "")
        .at(-1)?.content
    : undefined;
  const text = reply ? keyText(reply) : "";
  if (text) assertions.push({ kind: "reply_contains", text });
  return assertions;
}

/**
 * A test of the thread whose events these are, ready for the person to edit: its turns, the
 * recording of its model replies, proposed assertions, and `scripted` when every model profile is
 * (else `replay`, since other providers need keys and answer differently each time; `replay` too
 * when a person edited the state at a breakpoint, which a test cannot do).
 * A selection of turns keeps only their replies in the recording, so a replay of them lines up.
 * @example const test = proposeTest(events, document, { id: "test_1", name: "Paris" });
 */
export function proposeTest(
  events: readonly RunEvent[],
  document: Pick<GraphDocument, "models">,
  identity: { id: string; name: string },
  /** Which turns of the thread (0-based) the test keeps; all when absent. */
  only?: ReadonlySet<number>,
): GraphTest | null {
  const turns = threadTurns(events).filter((_, index) => !only || only.has(index));
  if (turns.length === 0) return null;
  // State edited at a breakpoint: a test runs without the edit, so only the recorded replies reproduce what followed it.
  const edited = turns.some((t) => t.events.some((event) => event.type === "state_edited"));
  const scripted = document.models.every((profile) => profile.provider === "scripted") && !edited;
  return {
    ...identity,
    mode: scripted ? "scripted" : "replay",
    turns: turns.map((t) => t.turn),
    recording: recordingOf(turns.flatMap((t) => t.events)),
    assertions: proposals(turns),
  };
}

/**
 * What Save as test says about a thread that passed through breakpoints, or null when it did not:
 * its debug actions are not turns, and state edited at a pause makes the test a replay.
 * @example debugNote(eventsWithAStep) // "Continue, Step and Stop at breakpoints are not turns: the test runs with breakpoints off."
 */
export function debugNote(events: readonly RunEvent[]): string | null {
  if (!ofType(events, "interrupt_resolved").some((event) => event.kind === "breakpoint")) return null;
  const note = "Continue, Step and Stop at breakpoints are not turns: the test runs with breakpoints off.";
  return events.some((event) => event.type === "state_edited")
    ? `${note} The state was edited at a pause, which a test cannot do, so it answers with the recorded replies (replay).`
    : note;
}

/** A test id no test of the document has yet. */
export function newTestId(document: Pick<GraphDocument, "tests">, now: number): string {
  const taken = new Set(document.tests.map((t) => t.id));
  let n = 0;
  let id = `test_${now.toString(36)}`;
  while (taken.has(id)) id = `test_${now.toString(36)}_${++n}`;
  return id;
}

/** The test's default name: its first message, shortened. */
export function defaultTestName(test: Pick<GraphTest, "turns">): string {
  const first = test.turns.find((turn): turn is { message: string } => "message" in turn)?.message.trim() ?? "";
  const name = first.length > 60 ? `${first.slice(0, 57)}…` : first;
  return name || "Saved thread";
}
