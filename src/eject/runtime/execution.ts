/** The generated project's plan execution (src/execution.ts): how Execute runs a Planner's actions. */
export const EXECUTION_SOURCE = `/**
 * Execute asks a person before any destructive action, then runs the plan's actions in dependency
 * order — independent ones side by side on a bounded pool, each within a timeout, earlier results
 * filled into \`{{ results.<id>… }}\` args. A failed, timed-out, rejected or skipped action is
 * recorded in its result, never fatal.
 */
import type { RunnableConfig } from "@langchain/core/runnables";
import type { StructuredToolInterface } from "@langchain/core/tools";
import { requestApproval } from "./pauses.js";
import { isRecord, type ActionOutcome, type ActionPlan, type ActionStatus, type PlannedAction } from "./plans.js";
import { renderValue } from "./template.js";

/** Actions in dependency order, plan order among equals; a cycle stops the run. */
function topologicalOrder(actions: readonly PlannedAction[], node: string): PlannedAction[] {
  const byId = new Map(actions.map((a) => [a.id, a]));
  const order: PlannedAction[] = [];
  const marks = new Map<string, "visiting" | "done">();
  const path: string[] = [];
  const visit = (action: PlannedAction): void => {
    const mark = marks.get(action.id);
    if (mark === "done") return;
    if (mark === "visiting") {
      const cycle = [...path.slice(path.indexOf(action.id)), action.id];
      throw new Error(\`Execute "\${node}": the plan's actions depend on each other in a cycle: \${cycle.join(" → ")}\`);
    }
    marks.set(action.id, "visiting");
    path.push(action.id);
    for (const dep of action.depends_on) {
      const next = byId.get(dep);
      if (next) visit(next);
    }
    path.pop();
    marks.set(action.id, "done");
    order.push(action);
  };
  actions.forEach(visit);
  return order;
}

/** Pauses the run until a person approves, edits or rejects the action (an answer that does not fit asks again). */
function confirm(action: PlannedAction, node: string) {
  const message = \`Action "\${action.id}": "\${action.tool}" is destructive. Run it with \${JSON.stringify(action.args)}?\`;
  return requestApproval({ tool: action.tool, args: action.args, message, allow_edit: true, agent: null, node });
}

export interface Execution {
  node: string;
  /** The tools actions may run, by name. */
  tools: Record<string, StructuredToolInterface>;
  workers: number;
  timeoutMs: number;
  mode: "auto" | "sequential" | "parallel";
}

/** Runs this turn's plan: confirmations first (a resumed run replays from here), then the actions. */
export async function executePlan(plan: ActionPlan, run: Execution, config: RunnableConfig): Promise<{ plan: ActionPlan; results: Record<string, unknown> }> {
  const sorted = topologicalOrder(plan.actions, run.node);
  const then = run.mode !== "auto" ? run.mode : plan.actions.some((a) => a.depends_on.length > 0) ? "sequential" : "parallel";
  const mode = plan.actions.some((a) => a.destructive && !a.error) ? "confirm" : then;
  const rejected = new Map<string, string | null>();
  const edited = new Map<string, Record<string, unknown>>();
  if (mode === "confirm") {
    for (const action of plan.actions.filter((a) => a.destructive && !a.error)) {
      const answer = confirm(action, run.node);
      if (!answer.approved) rejected.set(action.id, answer.reason);
      else if (answer.decision === "edit") edited.set(action.id, answer.args);
    }
  }
  const order = sorted.map((a) => (edited.has(a.id) ? { ...a, args: edited.get(a.id) as Record<string, unknown> } : a));
  // Results of tools run while planning (meta-tools mode): actions may depend on them, and those with their ids do not run again.
  const results: Record<string, unknown> = { ...plan.planning_results };
  const outcomes: Record<string, ActionOutcome> = {};
  const record = (action: PlannedAction, status: ActionStatus, value: unknown, error: string | null, started: number) => {
    results[action.id] = status === "ok" ? value : { success: false, error: error ?? status, status };
    outcomes[action.id] = { status, error, duration_ms: Math.max(0, Date.now() - started) };
  };
  const failed = (id: string) => {
    const value = results[id];
    return isRecord(value) && value.success === false;
  };

  const runOne = async (action: PlannedAction): Promise<void> => {
    const started = Date.now();
    if (Object.hasOwn(plan.planning_results, action.id)) return;
    if (action.error) return record(action, "failed", null, action.error, started);
    if (rejected.has(action.id)) {
      const reason = rejected.get(action.id);
      return record(action, "rejected", null, \`rejected by the user\${reason ? \`: \${reason}\` : ""}\`, started);
    }
    const failedDep = action.depends_on.find(failed);
    if (failedDep !== undefined) return record(action, "skipped", null, \`not run: it depends on "\${failedDep}", which did not succeed\`, started);
    const found = Object.hasOwn(run.tools, action.tool) ? run.tools[action.tool] : undefined;
    if (!found) return record(action, "failed", null, \`tool "\${action.tool}" is not available\`, started);
    const args = renderValue(action.args, { results }) as Record<string, unknown>;
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const deadline = new Promise<"timeout">((resolve) => {
      timer = setTimeout(() => {
        controller.abort(new Error(\`timed out after \${run.timeoutMs} ms\`));
        resolve("timeout");
      }, run.timeoutMs);
    });
    try {
      const call = found.invoke(args, { callbacks: config.callbacks, metadata: { tool_node: run.node }, signal: controller.signal });
      const result: unknown = await Promise.race([call, deadline]);
      if (result === "timeout") return record(action, "timeout", null, \`timed out after \${run.timeoutMs} ms\`, started);
      const text = typeof result === "string" ? result : JSON.stringify(result);
      let value: unknown = text;
      try {
        value = JSON.parse(text);
      } catch {
        // Plain text results stay text.
      }
      return record(action, "ok", value, null, started);
    } catch (error) {
      return record(action, "failed", null, error instanceof Error ? error.message : String(error), started);
    } finally {
      clearTimeout(timer);
    }
  };

  // A bounded pool: an action starts once every dependency in the plan has finished.
  const workers = then === "sequential" ? 1 : Math.max(1, run.workers);
  const done = new Set<string>();
  const started = new Set<string>();
  const inPlan = new Set(order.map((a) => a.id));
  await new Promise<void>((resolve, reject) => {
    let running = 0;
    const pump = () => {
      if (done.size === order.length) return resolve();
      for (const action of order) {
        if (running >= workers) break;
        if (started.has(action.id) || !action.depends_on.every((d) => done.has(d) || !inPlan.has(d))) continue;
        started.add(action.id);
        running++;
        runOne(action).then(() => {
          running--;
          done.add(action.id);
          pump();
        }, reject);
      }
    };
    pump();
  });
  return { plan: { ...plan, actions: order, mode, then, outcomes }, results };
}
`;
