/** The generated project's planned actions (src/plans.ts): the Planner's plan and how Execute runs it. */
export const PLANS_SOURCE = `/**
 * Planned actions: a Planner's model hands in tool actions \`{ id, tool, args, depends_on }\` with
 * the \`submit_plan\` tool (or as JSON); they are checked and kept in the \`actions\` channel for
 * Execute (src/execution.ts).
 */
import type { BaseChatModel } from "@langchain/core/language_models/chat_models";
import { AIMessage, HumanMessage, SystemMessage, ToolMessage, type BaseMessage } from "@langchain/core/messages";
import type { RunnableConfig } from "@langchain/core/runnables";
import { tool } from "@langchain/core/tools";
import { z } from "zod";
import { metaTools, type ExploredTool } from "./metaTools.js";

export interface PlannedAction {
  id: string;
  /** The tool's name. */
  tool: string;
  args: Record<string, unknown>;
  depends_on: string[];
  /** A person confirms a destructive action before it runs. */
  destructive: boolean;
  /** Why the action cannot run (a tool outside the planner's catalog): it is recorded as failed. */
  error?: string;
}

export type ActionStatus = "ok" | "failed" | "timeout" | "rejected" | "skipped";

export interface ActionOutcome {
  status: ActionStatus;
  error: string | null;
  duration_ms: number;
}

/** The \`actions\` channel: this turn's plan and, once Execute ran it, how each action ended. */
export interface ActionPlan {
  planner: string;
  turn: string | null;
  actions: PlannedAction[];
  requires_confirmation: boolean;
  planning_results: Record<string, unknown>;
  /** The planner's text when it planned nothing. */
  note: string;
  mode?: "confirm" | "sequential" | "parallel";
  then?: "sequential" | "parallel";
  outcomes?: Record<string, ActionOutcome>;
}

const SUBMIT_PLAN = "submit_plan";

/** The tool through which the model hands in its plan (the planner reads its arguments; it never runs). */
function submitPlanTool(tools: readonly string[]) {
  const name = tools.length > 0 ? z.enum(tools as [string, ...string[]]) : z.string();
  return tool(() => "", {
    name: SUBMIT_PLAN,
    description:
      "Submit the plan: the tool actions that fulfil the request. Give each action an id; list in depends_on the ids whose results it needs, and write {{results.<id>.<field>}} in args to use them.",
    schema: z.object({
      actions: z.array(z.object({ id: z.string(), tool: name, args: z.record(z.string(), z.unknown()).optional(), depends_on: z.array(z.string()).optional() })),
    }),
  });
}

function fencedJson(text: string): unknown {
  const body = (/\`\`\`(?:json)?\\s*([\\s\\S]*?)\`\`\`/i.exec(text)?.[1] ?? text).trim();
  if (!body.startsWith("{") && !body.startsWith("[")) return undefined;
  try {
    return JSON.parse(body);
  } catch {
    return undefined;
  }
}

/** The plan in a reply: the submit_plan call's arguments, or a JSON reply; undefined when it holds none. */
function rawPlanOf(reply: AIMessage): unknown {
  const call = (reply.tool_calls ?? []).find((c) => c.name === SUBMIT_PLAN);
  if (call) return call.args;
  if ((reply.tool_calls ?? []).length > 0) return undefined;
  const parsed = fencedJson(reply.text);
  return Array.isArray(parsed) ? { actions: parsed } : parsed;
}

export const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

/** Ids whose results the args use (\`{{ results.<id>… }}\`). */
function referencedResults(args: unknown): string[] {
  const found = new Set<string>();
  const visit = (value: unknown): void => {
    if (typeof value === "string") for (const m of value.matchAll(/\\{\\{\\s*results\\.([A-Za-z0-9_-]+)/g)) found.add(m[1] as string);
    else if (Array.isArray(value)) value.forEach(visit);
    else if (isRecord(value)) Object.values(value).forEach(visit);
  };
  visit(args);
  return [...found];
}

export interface Planner {
  name: string;
  model: BaseChatModel;
  system: string;
  prompt: string;
  /** The planner's tools by name, and whether each is destructive. */
  catalog: Record<string, { destructive: boolean }>;
  /** Meta-tools mode (large catalogs): the model explores these with discover_tools, get_tool_schema and invoke_tool. */
  explore?: Record<string, ExploredTool>;
  maxActions: number;
  maxIterations: number;
}

/**
 * Checks a raw plan: a structural problem stops the run; a tool outside the catalog fails only its
 * action. An action may depend on a result \`known\` from planning.
 */
function parsePlan(raw: unknown, planner: Planner, known: readonly string[]): PlannedAction[] {
  const fail = (why: string): never => {
    throw new Error(\`Planner "\${planner.name}": \${why}\`);
  };
  const list = isRecord(raw) ? raw.actions : undefined;
  if (!Array.isArray(list)) return fail('the plan must be { "actions": [...] }');
  if (list.length > planner.maxActions) fail(\`the plan has \${list.length} actions; at most \${planner.maxActions} are allowed (max_actions)\`);
  const listed = new Set([...list.flatMap((item) => (isRecord(item) && typeof item.id === "string" ? [item.id.trim()] : [])), ...known]);
  const actions = list.map((item, i): PlannedAction => {
    if (!isRecord(item)) return fail(\`action \${i} is not an object\`);
    const id = typeof item.id === "string" && item.id.trim() ? item.id.trim() : fail(\`action \${i} has no id\`);
    const name = typeof item.tool === "string" ? item.tool : fail(\`action "\${id}" names no tool\`);
    const args = item.args === undefined ? {} : isRecord(item.args) ? item.args : fail(\`action "\${id}": args must be an object\`);
    const deps = item.depends_on ?? [];
    if (!Array.isArray(deps) || deps.some((d) => typeof d !== "string")) fail(\`action "\${id}": depends_on must be a list of action ids\`);
    // A result used in the args is a dependency even when the model forgot to list it.
    const implied = referencedResults(args).filter((ref) => ref !== id && listed.has(ref) && !(deps as string[]).includes(ref));
    const known = Object.hasOwn(planner.catalog, name) ? planner.catalog[name] : undefined;
    return {
      id,
      tool: name,
      args,
      depends_on: [...(deps as string[]), ...implied],
      destructive: known?.destructive ?? false,
      ...(known ? {} : { error: \`"\${name}" is not a tool of planner "\${planner.name}"\` }),
    };
  });
  const ids = new Set<string>();
  for (const action of actions) {
    if (ids.has(action.id)) fail(\`two actions have the id "\${action.id}"\`);
    ids.add(action.id);
  }
  for (const action of actions) {
    const unknown = action.depends_on.find((d) => !ids.has(d) && !known.includes(d));
    if (unknown !== undefined) fail(\`action "\${action.id}" depends on "\${unknown}", which is not in the plan\`);
  }
  return actions;
}

/** Asks the planner's model for a plan until it hands one in (at most \`maxIterations\` calls). */
export async function planActions(planner: Planner, turn: string | null, config?: RunnableConfig): Promise<ActionPlan> {
  const submit = submitPlanTool(Object.keys(planner.catalog));
  if (!planner.model.bindTools) throw new Error(\`The model of planner "\${planner.name}" cannot call tools\`);
  const planningResults: Record<string, unknown> = {};
  const helpers = planner.explore ? metaTools(planner.explore, (id, value) => (planningResults[id] = value), config) : [];
  const bound = planner.model.bindTools([...helpers, submit]);
  const messages: BaseMessage[] = [new SystemMessage(planner.system), new HumanMessage(planner.prompt)];
  for (let call = 0; call < planner.maxIterations; call++) {
    const reply = await bound.invoke(messages, config);
    reply.name = planner.name;
    const raw = rawPlanOf(reply);
    const calls = reply.tool_calls ?? [];
    if (raw !== undefined || calls.length === 0) {
      const actions = raw === undefined ? [] : parsePlan(raw, planner, Object.keys(planningResults));
      return {
        planner: planner.name,
        turn,
        actions,
        requires_confirmation: actions.some((a) => a.destructive && !a.error),
        planning_results: planningResults,
        note: raw === undefined ? reply.text : "",
      };
    }
    // A meta-tool round trip (or a tool that does not exist here): the model reads the answers and plans on.
    messages.push(reply);
    for (const call of calls) {
      const helper = helpers.find((h) => h.name === call.name);
      let content: string;
      let status: "success" | "error" = "success";
      try {
        if (!helper) throw new Error(\`"\${call.name}" is not a tool here; call \${SUBMIT_PLAN}\`);
        content = String(await helper.invoke(call.args, { callbacks: config?.callbacks }));
      } catch (error) {
        content = \`Error: \${error instanceof Error ? error.message : String(error)}\`;
        status = "error";
      }
      messages.push(new ToolMessage({ tool_call_id: call.id ?? call.name, name: call.name, content, status }));
    }
  }
  throw new Error(\`Planner "\${planner.name}" did not submit a plan within \${planner.maxIterations} model calls (max_iterations)\`);
}
`;
