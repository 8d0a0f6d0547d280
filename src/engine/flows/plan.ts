/**
 * Plans (seed 001): the actions a Planner produces — `{ id, tool, args, depends_on }` —
 * read from the model's `submit_plan` call or from a JSON reply, checked, and stored in
 * the `actions` channel for Execute.
 */
import type { AIMessage } from "@langchain/core/messages";
import type { ToolDefinition } from "../../schema/index.js";
import { EngineError } from "../errors.js";
import type { ToolSpec } from "../ports.js";
import { textOf } from "../runtime.js";

export interface PlannedAction {
  id: string;
  /** The tool's name as the model sees it. */
  tool: string;
  /** Arguments; `{{ results.<id>.<path> }}` strings are filled from earlier results when the action runs. */
  args: Record<string, unknown>;
  depends_on: string[];
  /** The tool is marked destructive: a person confirms the action before it runs. */
  destructive: boolean;
  /** Why the action cannot run (e.g. a tool outside the planner's catalog); it is recorded as failed. */
  error?: string;
}

export type ActionStatus = "ok" | "failed" | "timeout" | "rejected" | "skipped";
export interface ActionOutcome {
  status: ActionStatus;
  error: string | null;
  duration_ms: number;
}

/** The `actions` channel: the last plan and, once Execute ran it, how. */
export interface ActionPlan {
  planner: string;
  /** The user message id of the turn the plan belongs to. */
  turn: string | null;
  actions: PlannedAction[];
  requires_confirmation: boolean;
  /** Results of tools invoked while planning (meta-tools mode), by id; actions may depend on them. */
  planning_results: Record<string, unknown>;
  /** The planner's text (e.g. why it planned nothing). */
  note: string;
  mode?: "confirm" | "sequential" | "parallel";
  then?: "sequential" | "parallel";
  outcomes?: Record<string, ActionOutcome>;
}

export const SUBMIT_PLAN = "submit_plan";

/**
 * The tool through which a model hands in its plan.
 * @example submitPlanSpec(["create_event", "list_tasks"]).name // "submit_plan"
 */
export function submitPlanSpec(tools: readonly string[]): ToolSpec {
  return {
    name: SUBMIT_PLAN,
    description:
      "Submit the plan: the tool actions that fulfil the request. Give each action an id; list in depends_on the ids whose results it needs, and write {{results.<id>.<field>}} in args to use them.",
    parameters: {
      type: "object",
      properties: {
        actions: {
          type: "array",
          items: {
            type: "object",
            properties: {
              id: { type: "string" },
              tool: tools.length > 0 ? { type: "string", enum: [...tools] } : { type: "string" },
              args: { type: "object" },
              depends_on: { type: "array", items: { type: "string" } },
            },
            required: ["id", "tool"],
          },
        },
      },
      required: ["actions"],
    },
  };
}

function fencedJson(text: string): unknown {
  const body = /```(?:json)?\s*([\s\S]*?)```/i.exec(text)?.[1] ?? text;
  const trimmed = body.trim();
  if (!trimmed.startsWith("{") && !trimmed.startsWith("[")) return undefined;
  try {
    return JSON.parse(trimmed);
  } catch {
    return undefined;
  }
}

/**
 * The raw plan in a reply: the `submit_plan` call's arguments, or a JSON reply
 * (`{ "actions": [...] }` or a bare array). Undefined when the reply holds no plan.
 * @example rawPlanOf(reply) // { actions: [{ id: "a1", tool: "list_tasks" }] }
 */
export function rawPlanOf(reply: AIMessage): unknown {
  const call = (reply.tool_calls ?? []).find((c) => c.name === SUBMIT_PLAN);
  if (call) return call.args;
  if ((reply.tool_calls ?? []).length > 0) return undefined;
  const parsed = fencedJson(textOf(reply));
  return Array.isArray(parsed) ? { actions: parsed } : parsed;
}

const RESULT_REFERENCE = /\{\{\s*results\.([A-Za-z0-9_-]+)/g;

/**
 * Ids whose results the args reference (`{{ results.<id>… }}`).
 * @example referencedResults({ event_id: "{{results.e1.id}}" }) // ["e1"]
 */
export function referencedResults(args: unknown): string[] {
  const found = new Set<string>();
  const visit = (value: unknown): void => {
    if (typeof value === "string") for (const m of value.matchAll(RESULT_REFERENCE)) found.add(m[1] as string);
    else if (Array.isArray(value)) value.forEach(visit);
    else if (value && typeof value === "object") Object.values(value).forEach(visit);
  };
  visit(args);
  return [...found];
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * Checks a raw plan and types it. Structural problems (not a list, duplicate ids, a
 * dependency on an unknown id, too many actions) are INVALID_PLAN errors; a tool outside
 * the catalog only marks that action as failing. Results referenced in args
 * (`{{ results.<id>… }}`) are added to `depends_on`.
 * @example parsePlan({ actions: [{ id: "a1", tool: "list_tasks" }] }, catalog, { planner: "Plan", maxActions: 20, known: [] })
 */
export function parsePlan(
  raw: unknown,
  catalog: ReadonlyMap<string, ToolDefinition>,
  at: { planner: string; maxActions: number; known: readonly string[]; nodeId?: string },
): PlannedAction[] {
  const fail = (why: string): never => {
    throw new EngineError("INVALID_PLAN", `Planner "${at.planner}": ${why}`, at.nodeId ? { nodeId: at.nodeId } : {});
  };
  const list = isRecord(raw) ? raw.actions : undefined;
  if (!Array.isArray(list)) return fail('the plan must be { "actions": [...] }');
  if (list.length > at.maxActions) fail(`the plan has ${list.length} actions; at most ${at.maxActions} are allowed (max_actions)`);
  const listed = new Set([...list.flatMap((item) => (isRecord(item) && typeof item.id === "string" ? [item.id.trim()] : [])), ...at.known]);
  const actions = list.map((item, i): PlannedAction => {
    if (!isRecord(item)) return fail(`action ${i} is not an object`);
    const id = typeof item.id === "string" && item.id.trim() ? item.id.trim() : fail(`action ${i} has no id`);
    const tool = typeof item.tool === "string" ? item.tool : fail(`action "${id}" names no tool`);
    const args = item.args === undefined ? {} : isRecord(item.args) ? item.args : fail(`action "${id}": args must be an object`);
    const deps = item.depends_on === undefined || item.depends_on === null ? [] : item.depends_on;
    if (!Array.isArray(deps) || deps.some((d) => typeof d !== "string")) fail(`action "${id}": depends_on must be a list of action ids`);
    const definition = catalog.get(tool);
    // A result used in the args is a dependency even when the model forgot to list it.
    const implied = referencedResults(args).filter((ref) => ref !== id && listed.has(ref) && !(deps as string[]).includes(ref));
    return {
      id,
      tool,
      args,
      depends_on: [...(deps as string[]), ...implied],
      destructive: definition?.destructive ?? false,
      ...(definition ? {} : { error: `"${tool}" is not a tool of planner "${at.planner}"` }),
    };
  });
  const ids = new Set<string>();
  for (const action of actions) {
    if (ids.has(action.id)) fail(`two actions have the id "${action.id}"`);
    ids.add(action.id);
  }
  for (const action of actions) {
    const unknown = action.depends_on.find((d) => !ids.has(d) && !at.known.includes(d));
    if (unknown !== undefined) fail(`action "${action.id}" depends on "${unknown}", which is not in the plan`);
  }
  return actions;
}
