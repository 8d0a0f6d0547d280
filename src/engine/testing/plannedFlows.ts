/** Documents and services shared by the Planner / Execute engine tests (seed 001). */
import type { GraphDocumentInput } from "../../schema/index.js";
import type { EngineServices, RunnableTool } from "../ports.js";
import { at, flow } from "./documents.js";

type ToolInput = NonNullable<GraphDocumentInput["tools"]>[number];
type NodeInput = GraphDocumentInput["nodes"][number];
/** JSON, as zod's `z.json()` accepts it in script arguments. */
type Json = string | number | boolean | null | Json[] | { [key: string]: Json };
export type ScriptedAction = { id: string; tool: string; args?: { [key: string]: Json }; depends_on?: string[] };

/** Mock tools of a small personal assistant; `latency` slows every call down. */
export function assistantTools(latency = 0): ToolInput[] {
  const mock = (id: string, description: string, result: string, extra: Partial<ToolInput> = {}): ToolInput =>
    ({ id, kind: "mock", name: id, description, config: { default: result, latency_ms: latency }, ...extra }) as ToolInput;
  return [
    mock("list_tasks", "List the user's tasks", '{"tasks":[{"id":7,"title":"Old report"}]}'),
    mock("get_weather", "Weather for a city", '{"city":"{{ args.city }}","sky":"sunny"}'),
    mock("create_event", "Create a calendar event", '{"id":"evt_1","title":"{{ args.title }}"}'),
    mock("send_invite", "Invite someone to an event", "invited {{ args.email }} to {{ args.event_id }}"),
    mock("delete_task", "Delete a task", "deleted task {{ args.id }}", { destructive: true }),
    { id: "flaky", kind: "mock", name: "flaky", description: "Always fails", config: { responses: [{ error: "calendar unavailable" }] } },
    { id: "slow", kind: "mock", name: "slow", description: "Takes a long time", config: { default: "late", latency_ms: 2_000 } },
  ];
}

/**
 * Start → Planner → Execute → Reply (LLM) → End. The planner's script submits `actions`
 * for any message; Reply echoes the Execute results.
 */
export function plannedDocument(
  actions: ScriptedAction[],
  options: { execute?: Record<string, unknown>; latency?: number; planner?: Record<string, unknown> } = {},
): GraphDocumentInput {
  const tools = assistantTools(options.latency);
  const nodes: NodeInput[] = [
    { id: "start", kind: "start", position: at },
    {
      id: "plan",
      kind: "planner",
      position: at,
      data: {
        name: "Plan",
        model: "scripted",
        tools: tools.map((t) => t.id),
        script: { rules: [{ tool_calls: [{ name: "submit_plan", args: { actions: actions as Json[] } }] }] },
        ...options.planner,
      },
    } as NodeInput,
    { id: "run", kind: "execute", position: at, data: { name: "Execute", ...options.execute } } as NodeInput,
    { id: "reply", kind: "llm", position: at, data: { name: "Reply", model: "scripted", script: { rules: [{ reply: "Done: {{ state.results.Execute }}" }] } } },
    { id: "end", kind: "end", position: at },
  ];
  return {
    version: 1,
    meta: { id: "planned", name: "Planned" },
    models: [{ id: "scripted", provider: "scripted", model: "scripted" }],
    tools,
    nodes,
    edges: [flow("start", "plan"), flow("plan", "run"), flow("run", "reply"), flow("reply", "end")],
  };
}

/** Wraps the tool resolver to measure how many tool calls run at once. */
export function meteredTools(services: EngineServices): { services: EngineServices; meter: { active: number; max: number; calls: number } } {
  const meter = { active: 0, max: 0, calls: 0 };
  const base = services.tools;
  return {
    meter,
    services: {
      ...services,
      tools: {
        resolve(definition): RunnableTool {
          const tool = base.resolve(definition);
          return {
            definition,
            async invoke(args, context) {
              meter.calls++;
              meter.max = Math.max(meter.max, ++meter.active);
              try {
                return await tool.invoke(args, context);
              } finally {
                meter.active--;
              }
            },
          };
        },
      },
    },
  };
}
