/**
 * Executes a plan's actions (seed 001): each with its dependencies' results injected into
 * its args, within a timeout, on a bounded pool of workers (one for sequential). A failed,
 * timed-out, rejected or skipped action is recorded in its result — never fatal.
 */
import type { LangGraphRunnableConfig } from "@langchain/langgraph/web";
import type { Clock } from "../ports.js";
import { emit } from "../runtime.js";
import { renderValue } from "../template.js";
import { executeTool, type CallableTool } from "../toolCall.js";
import type { ActionOutcome, ActionStatus, PlannedAction } from "./plan.js";
import { runScheduled, withTimeout } from "./schedule.js";
import { errorMessage } from "../../schema/errorMessage.js";

/** What a failed action leaves in the results, where later actions and the reply read it. */
export interface ActionFailure {
  success: false;
  error: string;
  status: Exclude<ActionStatus, "ok">;
}

/**
 * True for the result of an action that did not succeed.
 * @example isFailure({ success: false, error: "timed out after 50 ms", status: "timeout" }) // true
 */
export function isFailure(value: unknown): value is ActionFailure {
  return typeof value === "object" && value !== null && (value as { success?: unknown }).success === false;
}

export interface ActionRun {
  /** Actions in topological order. */
  order: readonly PlannedAction[];
  /** Tools by the name actions use. */
  tools: ReadonlyMap<string, CallableTool>;
  workers: number;
  timeoutMs: number;
  /** Ids a person rejected, with the reason. */
  rejected: ReadonlyMap<string, string | null>;
  /** Results known before (tools run while planning); actions with these ids do not run again. */
  known: Record<string, unknown>;
  clock: Clock;
  node: string;
}

/**
 * A tool's text result as a value: JSON when it parses, else the text.
 * @example parsedResult('{"id": 1}') // { id: 1 }
 */
export function parsedResult(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * Runs the actions and returns every result by action id, plus how each ended.
 * @example const { results } = await runActions({ order, tools, workers: 5, timeoutMs: 30_000, … }, config);
 */
export async function runActions(
  run: ActionRun,
  config: LangGraphRunnableConfig,
): Promise<{ results: Record<string, unknown>; outcomes: Record<string, ActionOutcome> }> {
  const results: Record<string, unknown> = { ...run.known };
  const outcomes: Record<string, ActionOutcome> = {};
  const record = (action: PlannedAction, status: ActionStatus, value: unknown, error: string | null, started: number) => {
    const duration_ms = Math.max(0, run.clock.now() - started);
    results[action.id] = status === "ok" ? value : ({ success: false, error: error ?? status, status } satisfies ActionFailure);
    outcomes[action.id] = { status, error, duration_ms };
    emit(config, { type: "action_result", action_id: action.id, tool: action.tool, status, error, duration_ms }, { agent: null });
  };

  const runOne = async (action: PlannedAction): Promise<void> => {
    const started = run.clock.now();
    if (action.id in run.known) return;
    if (action.error) return record(action, "failed", null, action.error, started);
    if (run.rejected.has(action.id)) {
      const reason = run.rejected.get(action.id);
      return record(action, "rejected", null, `rejected by the user${reason ? `: ${reason}` : ""}`, started);
    }
    const failedDep = action.depends_on.find((d) => isFailure(results[d]));
    if (failedDep !== undefined) return record(action, "skipped", null, `not run: it depends on "${failedDep}", which did not succeed`, started);
    const tool = run.tools.get(action.tool);
    if (!tool) return record(action, "failed", null, `tool "${action.tool}" is not available`, started);
    const args = renderValue(action.args, { results }) as Record<string, unknown>;
    // Confirmation happened before any action ran, so executeTool must not pause again.
    const confirmed: CallableTool = { ...tool, destructive: false };
    const callId = `${run.node}:${action.id}`;
    const timed = await withTimeout(
      (signal) => executeTool(confirmed, { id: callId, name: action.tool, args }, { agent: null, clock: run.clock, node: run.node }, { ...config, signal }),
      run.timeoutMs,
      config.signal,
    ).catch((error: unknown) => {
      if (config.signal?.aborted) throw error;
      return { ok: true as const, value: { text: "", error: errorMessage(error) } };
    });
    if (!timed.ok) {
      const error = `timed out after ${run.timeoutMs} ms`;
      // The abandoned call gets its result here, so the chat and the timeline do not show it running forever.
      const duration_ms = Math.max(0, run.clock.now() - started);
      emit(
        config,
        { type: "tool_result", tool_call_id: callId, tool: action.tool, result: "", error, duration_ms, return_direct: false },
        { agent: null, callId },
      );
      return record(action, "timeout", null, error, started);
    }
    if (timed.value.error !== null) return record(action, "failed", null, timed.value.error, started);
    return record(action, "ok", parsedResult(timed.value.text), null, started);
  };

  await runScheduled(run.order, Math.max(1, run.workers), runOne);
  return { results, outcomes };
}
