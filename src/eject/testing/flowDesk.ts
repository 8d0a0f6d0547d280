/**
 * "Flow desk": one document with the flow constructs the exporter writes — a Switch picks the
 * way, a Parallel fans out to two Tool nodes and joins, a Planner explores its catalog with
 * meta-tools before Execute runs the plan, and a Subgraph node asks another saved graph (the
 * "Sage" below, whose Loop and agent keep their own memory) — with shipped tests for each way.
 */
import type { GraphDocumentInput } from "../../schema/index.js";

type NodeInput = GraphDocumentInput["nodes"][number];
type EdgeInput = NonNullable<GraphDocumentInput["edges"]>[number];

const at = { x: 0, y: 0 };
const node = (id: string, kind: string, data: Record<string, unknown>): NodeInput => ({ id, kind, position: at, data }) as NodeInput;
const flow = (source: string, target: string, source_handle?: string): EdgeInput => ({
  id: `${source}-${source_handle ?? "out"}-${target}`,
  kind: "flow",
  source,
  target,
  ...(source_handle ? { source_handle } : {}),
});

/** The saved graph the Subgraph node runs: a scripted agent that counts the questions it was asked on its thread. */
export function sageDocument(): GraphDocumentInput {
  return {
    version: 1,
    meta: { id: "sage", name: "Sage" },
    models: [{ id: "scripted", provider: "scripted", model: "scripted" }],
    state: { channels: [{ name: "asked", type: "number", default: 0 }] },
    nodes: [
      { id: "start", kind: "start", position: at },
      node("count", "set_state", { name: "Count", assignments: [{ channel: "asked", expression: "state.asked + 1" }] }),
      node("oracle", "agent", {
        name: "Oracle",
        model: "scripted",
        system_prompt: "You answer in one sentence.",
        script: {
          rules: [
            { on: "user", match: "meaning", reply: "Forty-two, said the sage." },
            { on: "user", reply: "The sage is silent." },
          ],
        },
      }),
      { id: "end", kind: "end", position: at },
    ],
    edges: [flow("start", "count"), flow("count", "oracle"), flow("oracle", "end")],
  };
}

const SUBMIT = {
  name: "submit_plan",
  args: { actions: [{ id: "w", tool: "get_weather", args: { city: "{{results.tasks.tasks.0.title}}" }, depends_on: ["tasks"] }] },
};

export function flowDeskDocument(): GraphDocumentInput {
  const mock = (id: string, description: string, result: string) => ({
    id,
    kind: "mock" as const,
    name: id,
    description,
    input_schema: { type: "object", properties: { city: { type: "string" } } },
    config: { default: result },
  });
  return {
    version: 1,
    meta: { id: "flow-desk", name: "Flow desk", description: "Switch, Parallel, meta-tools planning and a subgraph" },
    models: [{ id: "scripted", provider: "scripted", model: "scripted" }],
    state: {
      channels: [
        { name: "label", type: "string", default: "" },
        { name: "sage_says", type: "string", default: "" },
        { name: "sage_asked", type: "number", default: 0 },
      ],
    },
    tools: [
      mock("list_tasks", "List the user's tasks", '{"tasks":[{"id":7,"title":"Old report"}]}'),
      mock("get_weather", "Weather for a city", '{"city":"{{ args.city }}","sky":"sunny"}'),
    ],
    nodes: [
      { id: "start", kind: "start", position: at },
      node("pick", "switch", {
        name: "Pick",
        variable: "input.lowerAscii()",
        cases: [
          { id: "plan", value: "plan my day" },
          { id: "fan", value: "fan out" },
          { id: "ask", label: "Ask the sage", value: "what is the meaning of it all?" },
        ],
      }),
      node("plan", "planner", {
        name: "Plan",
        model: "scripted",
        mode: "meta_tools",
        tools: ["list_tasks", "get_weather"],
        script: {
          rules: [
            { on: "user", tool_calls: [{ name: "discover_tools", args: { query: "weather" } }] },
            { on: "tool", tool: "discover_tools", tool_calls: [{ name: "get_tool_schema", args: { name: "get_weather" } }] },
            { on: "tool", tool: "get_tool_schema", tool_calls: [{ name: "invoke_tool", args: { name: "list_tasks", id: "tasks" } }] },
            { on: "tool", tool: "invoke_tool", tool_calls: [SUBMIT] },
          ],
        },
      }),
      node("run", "execute", { name: "Execute" }),
      node("fan", "parallel", { name: "Fan", max_concurrency: 1 }),
      node("tasks", "tool", { name: "Tasks", tool: "list_tasks", args: {} }),
      node("weather", "tool", { name: "Weather", tool: "get_weather", args: { city: "Oslo" } }),
      node("merge", "set_state", {
        name: "Merge",
        assignments: [{ channel: "label", expression: 'results.Weather.sky + " / " + results.Tasks.tasks[0].title' }],
      }),
      node("ask", "subgraph", {
        name: "Ask_sage",
        graph: "sage",
        input: "{{ input }}",
        output_channel: "sage_says",
        outputs: [{ from: "asked", to: "sage_asked" }],
      }),
      node("other", "set_state", { name: "Other", assignments: [{ channel: "label", expression: '"no case for " + input' }] }),
      { id: "end", kind: "end", position: at },
    ],
    edges: [
      flow("start", "pick"),
      flow("pick", "plan", "plan"),
      flow("plan", "run"),
      flow("run", "end"),
      flow("pick", "fan", "fan"),
      flow("fan", "tasks"),
      flow("fan", "weather"),
      flow("tasks", "merge"),
      flow("weather", "merge"),
      flow("merge", "end"),
      flow("pick", "ask", "ask"),
      flow("ask", "end"),
      flow("pick", "other", "default"),
      flow("other", "end"),
    ],
    tests: [
      {
        id: "plan",
        name: "plans with meta-tools and runs the plan on what it looked up",
        turns: [{ message: "Plan my day" }],
        assertions: [
          { kind: "tool_called", tool: "discover_tools", args: { query: "weather" } },
          { kind: "tool_called", tool: "invoke_tool", args: { name: "list_tasks" } },
          { kind: "state", expression: 'results.Execute.w.city == "Old report" && results.Execute.tasks.tasks[0].id == 7' },
        ],
      },
      {
        id: "fan",
        name: "fans out to both tools and joins once both answered",
        turns: [{ message: "Fan out" }],
        assertions: [
          { kind: "tool_called", tool: "get_weather", args: { city: "Oslo" } },
          { kind: "tool_called", tool: "list_tasks" },
          { kind: "state", expression: 'state.label == "sunny / Old report"' },
        ],
      },
      {
        id: "ask",
        name: "asks the sage, which keeps its own count across turns",
        turns: [{ message: "What is the meaning of it all?" }, { message: "What is the meaning of it all?" }],
        assertions: [
          { kind: "reply_contains", text: "Forty-two" },
          { kind: "state", expression: 'state.sage_says == "Forty-two, said the sage." && state.sage_asked == 2' },
        ],
      },
      {
        id: "other",
        name: "takes the default way when no case matches",
        turns: [{ message: "hello" }],
        assertions: [{ kind: "state", expression: 'state.label == "no case for hello"' }],
      },
    ],
  };
}
