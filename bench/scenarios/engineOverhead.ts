/**
 * Engine overhead: the same 200-step agent loop (100 model calls ⇄ 100 tool calls)
 * run as a compiled Graphwright document and as a hand-written LangGraph graph, with
 * the same scripted model, tool and checkpointer. Runs in Node and in the browser.
 */
import {
  Annotation,
  DeltaChannel,
  END,
  MemorySaver,
  messagesDeltaReducer,
  START,
  StateGraph,
  type LangGraphRunnableConfig,
  type Messages,
} from "@langchain/langgraph/web";
import { AIMessage, HumanMessage, ToolMessage, type AIMessageChunk, type BaseMessage } from "@langchain/core/messages";
import { compileGraph, runGraph, type EngineServices } from "../../src/engine/index.js";
import { createScriptedModel } from "../../src/models/scripted.js";
import { createToolResolver } from "../../src/tools/index.js";
import { ENGINE_OVERHEAD_TARGET } from "./engineFigures.js";
import type { GraphDocumentInput, ModelProfile, Script, ToolDefinition } from "../../src/schema/index.js";

const TOOL_CALLS = 100;
const profile: ModelProfile = { id: "scripted", provider: "scripted", model: "scripted", fallbacks: [], tool_calling: true };
const script: Script = {
  rules: [
    { on: "any", when: `iteration < ${TOOL_CALLS}`, reply: "", tool_calls: [{ name: "counter", args: { n: "{{ state.n }}" } }] },
    { on: "any", reply: "All done.", tool_calls: [] },
  ],
  fallback: "",
  tokens_per_second: 0,
};
const tool: ToolDefinition = {
  id: "counter",
  kind: "mock",
  name: "counter",
  description: "Counts",
  input_schema: { type: "object", properties: {} },
  return_direct: false,
  destructive: false,
  config: { responses: [], default: "ok", latency_ms: 0 },
};

export const overheadDocument: GraphDocumentInput = {
  version: 1,
  meta: { id: "bench-overhead", name: "Bench overhead" },
  models: [profile],
  tools: [tool],
  nodes: [
    { id: "start", kind: "start", position: { x: 0, y: 0 } },
    {
      id: "agent",
      kind: "agent",
      position: { x: 0, y: 0 },
      data: { name: "Agent", model: "scripted", tools: ["counter"], default_tools: [], max_iterations: 1000, script },
    },
    { id: "end", kind: "end", position: { x: 0, y: 0 } },
  ],
  edges: [
    { id: "a", kind: "flow", source: "start", target: "agent" },
    { id: "b", kind: "flow", source: "agent", target: "end" },
  ],
  settings: { recursion_limit: 1000 },
};

function services(): EngineServices {
  return { models: { resolve: createScriptedModel }, tools: createToolResolver(), checkpointer: new MemorySaver() };
}

/** One run of the compiled document; returns the number of events it produced. */
export async function runCompiled(thread: string): Promise<number> {
  const compiled = compileGraph(overheadDocument, services());
  let events = 0;
  for await (const event of runGraph(compiled, { message: "go" }, { threadId: thread })) {
    events++;
    if (event.type === "error") throw new Error(event.message);
  }
  return events;
}

/** The same loop written by hand against LangGraph, as a developer would without Graphwright. */
export async function runHandWritten(thread: string): Promise<number> {
  const model = createScriptedModel({ profile, profiles: [profile], agent: "Agent", script });
  const counter = createToolResolver().resolve(tool);
  const spec = { name: "counter", description: "Counts", parameters: { type: "object", properties: {} } };
  // The same delta messages channel the engine uses, so only the engine's own work differs.
  const State = Annotation.Root({ messages: new DeltaChannel<BaseMessage[], Messages>(messagesDeltaReducer, { initialValueFactory: () => [] }) });
  const graph = new StateGraph(State)
    .addNode("call_model", async (state, config: LangGraphRunnableConfig) => {
      let full: AIMessageChunk | undefined;
      for await (const chunk of model.stream(state.messages, { tools: [spec], state, signal: config.signal })) {
        full = full ? full.concat(chunk) : chunk;
        config.writer?.({ delta: chunk.content });
      }
      return { messages: [new AIMessage({ content: String(full?.content ?? ""), tool_calls: full?.tool_calls ?? [] })] };
    })
    .addNode("call_tools", async (state) => {
      const last = state.messages.at(-1) as AIMessage;
      const out: ToolMessage[] = [];
      for (const call of last.tool_calls ?? []) {
        const result = await counter.invoke(call.args as Record<string, unknown>, { callId: call.id ?? "" });
        out.push(new ToolMessage({ tool_call_id: call.id ?? "", name: call.name, content: String(result) }));
      }
      return { messages: out };
    })
    .addEdge(START, "call_model")
    .addConditionalEdges("call_model", (s) => ((s.messages.at(-1) as AIMessage).tool_calls?.length ? "call_tools" : END), ["call_tools", END])
    .addEdge("call_tools", "call_model")
    .compile({ checkpointer: new MemorySaver() });
  let chunks = 0;
  const stream = await graph.stream(
    { messages: [new HumanMessage("go")] },
    { configurable: { thread_id: thread }, recursionLimit: 1000, streamMode: ["updates", "custom"] },
  );
  for await (const _ of stream) chunks++;
  return chunks;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

export interface OverheadResult {
  scenario: "engine_overhead";
  steps: number;
  repeats: number;
  compiled_ms_median: number;
  hand_written_ms_median: number;
  /** Median over the pairs of compiled ÷ hand-written (each pair run back to back, so both see the same load). */
  ratio: number;
  /** Median compiled time ÷ median hand-written time. */
  ratio_of_medians: number;
  target_ratio: number;
  meets_target: boolean;
  compiled_events: number;
  /** Every timed run, in order (pairs: hand-written first, then compiled), to see the spread. */
  compiled_ms: number[];
  hand_written_ms: number[];
  /** False when the runtime did not expose gc(), so timings include earlier runs' garbage. */
  gc_between_runs: boolean;
}

/** Alternates the two variants so drift affects both; reports medians and the median of the pairs' ratios. */
export async function measureEngineOverhead(now: () => number, repeats = 50, warmup = 8): Promise<OverheadResult> {
  let events = 0;
  for (let i = 0; i < warmup; i++) {
    events = await runCompiled(`w${i}`);
    await runHandWritten(`w${i}`);
  }
  const compiled: number[] = [];
  const hand: number[] = [];
  // A full collection before each timed run, so no run pays for the garbage of the one before.
  const gc = (globalThis as { gc?: () => void }).gc ?? (() => undefined);
  for (let i = 0; i < repeats; i++) {
    gc();
    let t = now();
    await runHandWritten(`h${i}`);
    hand.push(now() - t);
    gc();
    t = now();
    await runCompiled(`c${i}`);
    compiled.push(now() - t);
  }
  const c = median(compiled);
  const h = median(hand);
  const ratio = Math.round(median(compiled.map((t, i) => t / (hand[i] as number))) * 1000) / 1000;
  return {
    scenario: "engine_overhead",
    steps: TOOL_CALLS * 2,
    repeats,
    compiled_ms_median: Math.round(c * 10) / 10,
    hand_written_ms_median: Math.round(h * 10) / 10,
    ratio,
    ratio_of_medians: Math.round((c / h) * 1000) / 1000,
    target_ratio: ENGINE_OVERHEAD_TARGET,
    meets_target: ratio <= ENGINE_OVERHEAD_TARGET,
    compiled_events: events,
    compiled_ms: compiled.map((t) => Math.round(t * 10) / 10),
    hand_written_ms: hand.map((t) => Math.round(t * 10) / 10),
    gc_between_runs: typeof (globalThis as { gc?: unknown }).gc === "function",
  };
}
