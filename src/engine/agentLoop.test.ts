import { describe, expect, it } from "vitest";
import { SystemMessage, ToolMessage } from "@langchain/core/messages";
import { collectRun, compileGraph, runGraph, type RunEvent, type RunEventOf } from "./index.js";
import { agentNode, chainDocument } from "./testing/documents.js";
import { testServices, type RecordedCall } from "../../tests/support/services.js";
import { assertValid, type GraphDocumentInput } from "../schema/index.js";
import { compileAgent } from "./nodes/agent/index.js";

const weatherTools: GraphDocumentInput["tools"] = [
  {
    id: "weather",
    kind: "mock",
    name: "get_weather",
    description: "Weather for a city",
    input_schema: { type: "object", properties: { city: { type: "string" } }, required: ["city"] },
    config: { responses: [{ when: "Paris", result: "Sunny, 21°C in {{ args.city }}" }], default: "Rain in {{ args.city }}" },
  },
  {
    id: "broken",
    kind: "mock",
    name: "flaky_lookup",
    description: "Always fails",
    config: { responses: [{ error: "upstream refused the lookup" }] },
  },
  {
    id: "direct",
    kind: "mock",
    name: "lookup_order",
    description: "Order status, shown as is",
    return_direct: true,
    config: { default: "Order 42 shipped yesterday." },
  },
];

const weatherScript = {
  rules: [
    { match: "weather in (?<city>\\w+)", tool_calls: [{ name: "get_weather", args: { city: "{{ match.city }}" } }] },
    { on: "tool" as const, tool: "get_weather", reply: "Here you go: {{ tool_result }}" },
    { match: "flaky", tool_calls: [{ name: "flaky_lookup", args: {} }] },
    { on: "tool" as const, tool: "flaky_lookup", reply: "The lookup failed: {{ tool_result }}" },
    { match: "order", tool_calls: [{ name: "lookup_order", args: {} }] },
    { match: "ghost", tool_calls: [{ name: "no_such_tool", args: {} }] },
    { match: "what time", tool_calls: [{ name: "get_time_date", args: { timezone: "Asia/Tokyo" } }] },
    { match: "which tools", tool_calls: [{ name: "list_tools_available", args: {} }] },
    { match: "intents", tool_calls: [{ name: "list_intents_available", args: {} }] },
  ],
};

function weatherDoc(agent: Record<string, unknown> = {}, extra: Partial<GraphDocumentInput> = {}) {
  return chainDocument(
    [agentNode("a1", { name: "Assistant", system_prompt: "You help with weather.", tools: ["weather", "broken", "direct"], script: weatherScript, ...agent })],
    { tools: weatherTools, ...extra },
  );
}

function ofType<T extends RunEvent["type"]>(events: RunEvent[], type: T): RunEventOf<T>[] {
  return events.filter((e): e is RunEventOf<T> => e.type === type);
}

function finalMessages(events: RunEvent[]) {
  const final = ofType(events, "final_state").at(-1);
  return (final?.state.messages ?? []) as { role: string; content: string; name?: string; status?: string }[];
}

async function run(doc: GraphDocumentInput, message: string, calls?: RecordedCall[], threadId = "t1") {
  const compiled = compileGraph(doc, testServices({ calls }));
  return collectRun(compiled, { message }, { threadId });
}

describe("render_system_prompt", () => {
  it("sends the static system prompt first, with the current date injected", async () => {
    const calls: RecordedCall[] = [];
    await run(weatherDoc(), "hello", calls);
    const system = calls[0]?.messages[0];
    expect(system).toBeInstanceOf(SystemMessage);
    expect(String(system?.content)).toMatch(/^You help with weather\.\n\nCurrent date: 2026-03-14 15:09:26 \(Saturday, UTC\)$/);
  });

  it("fills {{ }} placeholders from state and input", async () => {
    const calls: RecordedCall[] = [];
    const doc = weatherDoc(
      { system_prompt: "Serve {{ state.customer }} who said: {{ input }}" },
      { state: { channels: [{ name: "customer", type: "string", default: "Ada" }] } },
    );
    await run(doc, "hi there", calls);
    expect(String(calls[0]?.messages[0]?.content)).toContain("Serve Ada who said: hi there");
  });

  it("lets the model see the graph's other channels while the loop's checkpoints store only its own", async () => {
    const calls: RecordedCall[] = [];
    const doc = weatherDoc({}, { state: { channels: [{ name: "customer", type: "string", default: "Ada" }] } });
    const compiled = compileGraph(doc, testServices({ calls }));
    await collectRun(compiled, { message: "weather in Paris?" }, { threadId: "slim" });
    expect(calls.length).toBeGreaterThan(1);
    for (const call of calls) expect(call.options.state).toMatchObject({ customer: "Ada", results: {} });
    let loopCheckpoints = 0;
    for await (const saved of compiled.checkpointer.list({ configurable: { thread_id: "slim" } })) {
      if (!saved.config.configurable?.checkpoint_ns) continue;
      loopCheckpoints++;
      const stateKeys = Object.keys(saved.checkpoint.channel_values).filter((k) => !k.startsWith("branch:") && !k.startsWith("__"));
      expect(stateKeys.every((k) => ["messages", "active_agent", "system_prompt"].includes(k))).toBe(true);
    }
    expect(loopCheckpoints).toBeGreaterThan(2);
  });

  it("does not inject the date twice when the prompt already has it", async () => {
    const calls: RecordedCall[] = [];
    await run(weatherDoc({ system_prompt: "Today is {{ date }}." }), "hello", calls);
    const prompt = String(calls[0]?.messages[0]?.content);
    expect(prompt.match(/2026-03-14/g)).toHaveLength(1);
  });
});

describe("agent loop", () => {
  it("compiles an agent into the seed-000 loop: render → route → continue → model ⇄ tools", async () => {
    const document = assertValid(weatherDoc());
    const services = testServices();
    const compiled = compileGraph(document, services);
    const ctx = { document, services: compiled.services, team: compiled.team, compileChild: compileGraph, runChild: runGraph };
    const agent = document.nodes.find((n) => n.kind === "agent");
    if (agent?.kind !== "agent") throw new Error("no agent");
    const graph = await compileAgent(agent, ctx).inner.getGraphAsync();
    const edges = graph.edges.map((e) => `${e.source}->${e.target}${e.conditional ? " (conditional)" : ""}`).sort();
    expect(edges).toEqual(
      [
        "__start__->render_system_prompt",
        "render_system_prompt->current_active_agent",
        "current_active_agent->continue_conversation (conditional)",
        "continue_conversation->call_model",
        "call_model->call_tools (conditional)",
        "call_model->__end__ (conditional)",
        "call_tools->call_model (conditional)",
        "call_tools->__end__ (conditional)",
      ].sort(),
    );
  });

  it("answers a plain message in one model call, as the agent", async () => {
    const calls: RecordedCall[] = [];
    const events = await run(weatherDoc(), "hello", calls);
    expect(calls).toHaveLength(1);
    expect(ofType(events, "agent_start").map((e) => e.agent)).toEqual(["Assistant"]);
    expect(finalMessages(events).at(-1)).toMatchObject({ role: "ai", name: "Assistant", content: "I have no scripted answer for that." });
  });

  it("executes a regular tool and hands the result back to the model", async () => {
    const calls: RecordedCall[] = [];
    const events = await run(weatherDoc(), "What's the weather in Paris?", calls);
    expect(ofType(events, "tool_call")[0]).toMatchObject({ tool: "get_weather", args: { city: "Paris" } });
    expect(ofType(events, "tool_result")[0]).toMatchObject({ tool: "get_weather", result: "Sunny, 21°C in Paris", error: null });
    expect(calls).toHaveLength(2);
    expect(calls[1]?.messages.at(-1)).toBeInstanceOf(ToolMessage);
    expect(finalMessages(events).at(-1)?.content).toBe("Here you go: Sunny, 21°C in Paris");
  });

  it("returns a tool error to the model as a ToolMessage and keeps looping", async () => {
    const calls: RecordedCall[] = [];
    const events = await run(weatherDoc(), "try the flaky one", calls);
    expect(ofType(events, "tool_result")[0]).toMatchObject({ tool: "flaky_lookup", error: "upstream refused the lookup" });
    const toolMessage = calls[1]?.messages.at(-1) as ToolMessage;
    expect(toolMessage.status).toBe("error");
    expect(toolMessage.content).toBe("Error: upstream refused the lookup");
    expect(finalMessages(events).at(-1)?.content).toBe("The lookup failed: Error: upstream refused the lookup");
    expect(ofType(events, "run_end")[0]?.status).toBe("completed");
  });

  it("answers an unknown tool name with an error result instead of crashing", async () => {
    const events = await run(weatherDoc(), "call the ghost");
    expect(ofType(events, "tool_result")[0]).toMatchObject({ tool: "no_such_tool", error: 'Tool "no_such_tool" is not available to this agent' });
    expect(ofType(events, "run_end")[0]?.status).toBe("completed");
  });

  it("ends the turn with the result of a return_direct tool, without a second model call", async () => {
    const calls: RecordedCall[] = [];
    const events = await run(weatherDoc(), "where is my order", calls);
    expect(calls).toHaveLength(1);
    expect(finalMessages(events).at(-1)).toMatchObject({ role: "ai", content: "Order 42 shipped yesterday." });
    expect(ofType(events, "tool_result")[0]?.return_direct).toBe(true);
  });

  it("falls back to plain chat without tools when the model has no tool calling", async () => {
    const calls: RecordedCall[] = [];
    const doc = weatherDoc({}, { models: [{ id: "scripted", provider: "scripted", model: "scripted", tool_calling: false }] });
    const events = await run(doc, "What's the weather in Paris?", calls);
    expect(calls[0]?.options.tools).toEqual([]);
    expect(ofType(events, "tool_call")).toHaveLength(0);
    expect(ofType(events, "run_end")[0]?.status).toBe("completed");
  });

  it("keeps the conversation of a thread across turns", async () => {
    const calls: RecordedCall[] = [];
    const compiled = compileGraph(weatherDoc(), testServices({ calls }));
    await collectRun(compiled, { message: "first" }, { threadId: "memory" });
    await collectRun(compiled, { message: "second" }, { threadId: "memory" });
    const seen = calls[1]?.messages.map((m) => `${m.getType()}:${String(m.content)}`).slice(1);
    expect(seen).toEqual(["human:first", "ai:I have no scripted answer for that.", "human:second"]);
  });
});

describe("default tools", () => {
  it("get_time_date answers in the requested time zone", async () => {
    const events = await run(weatherDoc(), "what time is it in Tokyo");
    expect(ofType(events, "tool_result")[0]?.result).toBe("2026-03-15 00:09:26 (Sunday, Asia/Tokyo)");
  });

  it("list_tools_available lists catalog and default tools", async () => {
    const events = await run(weatherDoc(), "which tools do you have");
    const listed = ofType(events, "tool_result")[0]?.result ?? "";
    expect(listed).toContain("- get_weather: Weather for a city");
    expect(listed).toContain("- get_time_date:");
    expect(listed).toContain("- list_intents_available:");
  });

  it("list_intents_available lists the agent's intents", async () => {
    const events = await run(weatherDoc({ intents: [{ name: "forecast", description: "Weather questions" }] }), "list intents");
    expect(ofType(events, "tool_result")[0]?.result).toBe("- forecast: Weather questions");
  });

  it("gives only the default tools the agent asked for", async () => {
    const calls: RecordedCall[] = [];
    await run(weatherDoc({ tools: [], default_tools: ["get_time_date"] }), "hello", calls);
    expect(calls[0]?.options.tools.map((t) => t.name)).toEqual(["get_time_date"]);
  });
});

describe("current_active_agent routing", () => {
  const twoAgents = () =>
    chainDocument([
      agentNode("a", { name: "Triage", script: { rules: [], fallback: "Triage here." } }),
      agentNode("b", { name: "Billing", script: { rules: [], fallback: "Billing here." } }),
    ]);

  it("jumps straight to the agent named by a leading @mention", async () => {
    const calls: RecordedCall[] = [];
    const events = await run(twoAgents(), "@billing why was I charged twice?", calls);
    expect(calls.map((c) => c.agent)).toEqual(["Billing"]);
    expect(ofType(events, "active_agent")[0]).toMatchObject({ to: "Billing", reason: "mention" });
    expect(ofType(events, "final_state")[0]?.state.active_agent).toBe("Billing");
  });

  it("resumes the stored active agent on the next turn", async () => {
    const calls: RecordedCall[] = [];
    const compiled = compileGraph(twoAgents(), testServices({ calls }));
    await collectRun(compiled, { message: "@Billing hello" }, { threadId: "resume" });
    const events = await collectRun(compiled, { message: "and another thing" }, { threadId: "resume" });
    expect(calls.map((c) => c.agent)).toEqual(["Billing", "Billing"]);
    expect(ofType(events, "active_agent")[0]).toMatchObject({ to: "Billing", reason: "resume" });
  });

  it("follows the graph from Start when there is no mention and no active agent", async () => {
    const calls: RecordedCall[] = [];
    await run(twoAgents(), "hello", calls);
    expect(calls.map((c) => c.agent)).toEqual(["Triage", "Billing"]);
  });

  it("ignores an @mention of an agent that does not exist", async () => {
    const calls: RecordedCall[] = [];
    await run(twoAgents(), "@Nobody hello", calls);
    expect(calls.map((c) => c.agent)).toEqual(["Triage", "Billing"]);
  });
});

describe("limits and cancellation", () => {
  const loopScript = { rules: [{ on: "any" as const, tool_calls: [{ name: "get_weather", args: { city: "Oslo" } }] }] };

  it("stops an agent that never finishes with a clear max_iterations error", async () => {
    const events = await run(weatherDoc({ script: loopScript, max_iterations: 3 }), "loop forever");
    const error = ofType(events, "error")[0];
    expect(error?.code).toBe("AGENT_MAX_ITERATIONS");
    expect(error?.message).toContain('Agent "Assistant" called its model 3 times');
    expect(ofType(events, "run_end")[0]?.status).toBe("error");
    // The agent's own end says why in words (LangGraph reports a task's error as a plain object).
    expect(ofType(events, "agent_end").at(-1)?.error).toContain('Agent "Assistant" called its model 3 times');
  });

  it("ends a runaway loop at the recursion limit with a clear error event", async () => {
    const events = await run(weatherDoc({ script: loopScript, max_iterations: 1000 }, { settings: { recursion_limit: 12 } }), "loop forever");
    const error = ofType(events, "error")[0];
    expect(error?.code).toBe("RECURSION_LIMIT");
    expect(error?.message).toContain("stopped after 12 steps");
    expect(ofType(events, "run_end")[0]?.status).toBe("error");
  });

  it("stops a run when its AbortSignal fires, between steps and mid-stream", async () => {
    const slow = { rules: [{ reply: "one two three four five six seven eight nine ten" }], tokens_per_second: 20 };
    const compiled = compileGraph(weatherDoc({ script: slow }), testServices());
    const controller = new AbortController();
    const events: RunEvent[] = [];
    for await (const event of runGraphWithAbort(compiled, controller)) events.push(event);
    // Fewer deltas than the reply has words: the stream stopped mid-way (no wall-clock bound, which a busy machine breaks).
    expect(ofType(events, "message_delta").length).toBeGreaterThan(0);
    expect(ofType(events, "message_delta").length).toBeLessThan(10);
    expect(ofType(events, "final_state")).toHaveLength(0);
    expect(events.at(-1)).toMatchObject({ type: "run_end", status: "cancelled" });
  });
});

async function* runGraphWithAbort(compiled: ReturnType<typeof compileGraph>, controller: AbortController) {
  const { runGraph } = await import("./index.js");
  for await (const event of runGraph(compiled, { message: "talk slowly" }, { threadId: "abort", signal: controller.signal })) {
    if (event.type === "message_delta") controller.abort();
    yield event;
  }
}

describe("events", () => {
  it("places tool calls under their agent call and every event under the run", async () => {
    const events = await run(weatherDoc(), "weather in Paris please");
    const runId = events[0]?.run_id;
    expect(events.every((e) => e.run_id === runId && e.root_call_id === runId && e.thread_id === "t1")).toBe(true);
    const agentStart = ofType(events, "agent_start")[0];
    expect(agentStart).toMatchObject({ agent: "Assistant", parent_call_id: runId, depth: 1 });
    const toolCall = ofType(events, "tool_call")[0];
    const madeCall = ofType(events, "ai_message")[0]?.tool_calls[0]?.id;
    expect(toolCall).toMatchObject({ call_id: madeCall, parent_call_id: agentStart?.call_id, depth: 2, agent: "Assistant" });
    expect(ofType(events, "tool_result")[0]?.call_id).toBe(madeCall);
    expect(ofType(events, "ai_message")[0]).toMatchObject({ call_id: agentStart?.call_id, depth: 1 });
  });

  it("stamps events with increasing time and the checkpoint they follow", async () => {
    const events = await run(weatherDoc(), "weather in Paris please");
    for (let i = 1; i < events.length; i++) expect(events[i]!.ts).toBeGreaterThanOrEqual(events[i - 1]!.ts);
    expect(events[0]?.checkpoint_id).toBeNull();
    const firstCheckpoint = ofType(events, "checkpoint_saved")[0];
    const after = events.slice(events.indexOf(firstCheckpoint!) + 1);
    expect(after.every((e) => typeof e.checkpoint_id === "string")).toBe(true);
    expect(new Set(events.map((e) => e.id)).size).toBe(events.length);
  });

  it("streams the reply as deltas that add up to the AI message", async () => {
    const events = await run(weatherDoc(), "weather in Paris please");
    const final = ofType(events, "ai_message").at(-1)!;
    const deltas = ofType(events, "message_delta").filter((d) => d.message_id === final.message_id);
    expect(deltas.length).toBeGreaterThan(3);
    expect(deltas.map((d) => d.delta).join("")).toBe(final.content);
  });

  it("is deterministic for the same input", async () => {
    // Ids differ between runs by design; everything else must match.
    const strip = (events: RunEvent[]) =>
      events.map(({ id, ts, checkpoint_id, run_id, root_call_id, call_id, parent_call_id, ...rest }) =>
        JSON.parse(
          JSON.stringify(rest)
            .replace(/"msg_\d+"/g, '"msg"')
            .replace(/"(call|evt)_[0-9a-f]+"/g, '"$1"'),
        ),
      );
    const first = await run(weatherDoc(), "weather in Paris please", undefined, "d1");
    const second = await run(weatherDoc(), "weather in Paris please", undefined, "d2");
    expect(first.map((e) => e.seq)).toEqual(first.map((_, i) => i));
    expect(strip(second).map((e) => ({ ...e, thread_id: "x" }))).toEqual(strip(first).map((e) => ({ ...e, thread_id: "x" })));
  });
});
