/**
 * Run-config keys the multi-agent runtime passes to nested agent runs. LangGraph hands
 * `configurable` down to nested graphs and never persists it, so these cost no storage.
 */
import type { LangGraphRunnableConfig } from "@langchain/langgraph/web";

/** How deep the running agent sits below the agent that took the user's turn (0 for that agent). */
export const DEPTH_KEY = "graphwright_depth";
/** The user's thread, which delegated runs (on their own scoped threads) report to. */
export const ROOT_THREAD_KEY = "graphwright_root_thread";
/** Per-call model/temperature overrides of a delegation, for the agent it names. */
export const OVERRIDES_KEY = "graphwright_overrides";
/** The background task a delegated run works on (its inbox and progress). */
export const TASK_KEY = "graphwright_task";

export interface CallOverrides {
  agent: string;
  model?: string;
  temperature?: number;
}

function configurable(config: LangGraphRunnableConfig): Record<string, unknown> {
  return (config.configurable ?? {}) as Record<string, unknown>;
}

/** @example depthOf({ configurable: { [DEPTH_KEY]: 2 } }) // 2 */
export function depthOf(config: LangGraphRunnableConfig): number {
  const value = configurable(config)[DEPTH_KEY];
  return typeof value === "number" ? value : 0;
}

/** @example rootThreadOf({ configurable: { thread_id: "t1::agent::Research", [ROOT_THREAD_KEY]: "t1" } }) // "t1" */
export function rootThreadOf(config: LangGraphRunnableConfig): string {
  const c = configurable(config);
  const value = c[ROOT_THREAD_KEY] ?? c.thread_id;
  return typeof value === "string" ? value : "";
}

/**
 * The overrides that apply to `agent` in this run, if any.
 * @example overridesFor({ configurable: { [OVERRIDES_KEY]: { agent: "Emails", temperature: 0 } } }, "Emails") // { agent: "Emails", temperature: 0 }
 */
export function overridesFor(config: LangGraphRunnableConfig, agent: string): CallOverrides | null {
  const value = configurable(config)[OVERRIDES_KEY] as CallOverrides | undefined;
  return value && value.agent === agent ? value : null;
}

/** @example taskOf({ configurable: { [TASK_KEY]: "task_1" } }) // "task_1" */
export function taskOf(config: LangGraphRunnableConfig): string | null {
  const value = configurable(config)[TASK_KEY];
  return typeof value === "string" ? value : null;
}
