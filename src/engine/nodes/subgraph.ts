/**
 * Subgraph node: runs another saved graph (from `EngineServices.graphs`) on one message, on
 * a thread of its own for each thread of this graph (checkpointed in this graph's saver, so
 * it keeps its memory across turns), and maps its result back: the reply joins this graph's
 * conversation (and `output_channel`), and `outputs` copy channels of its final state.
 * A pause inside it (an approval, a question) pauses this run on the same interrupt and
 * resumes it where it stopped (see delegatedPause.ts). It runs as a run of its own (see ownRun.ts).
 * A missing graph is SUBGRAPH_NOT_FOUND; a graph that (indirectly) runs itself is
 * SUBGRAPH_CYCLE; any other failure inside is SUBGRAPH_FAILED with the inner message.
 */
import type { LangGraphRunnableConfig } from "@langchain/langgraph/web";
import { AIMessage, type BaseMessage } from "@langchain/core/messages";
import type { NodeOfKind } from "../../schema/index.js";
import { answersOf, childMessageId, childPause, nextChildStep, plainAnswerOf, readChildState, type ChildState } from "../delegatedPause.js";
import { EngineError, type EngineErrorCode } from "../errors.js";
import { asOwnRun } from "../ownRun.js";
import type { RunEvent, RunEventBody } from "../events.js";
import type { PendingInterrupt } from "../interrupts.js";
import type { RunInput } from "../run.js";
import { emit, messageToJson } from "../runtime.js";
import type { GraphState, GraphUpdate } from "../state.js";
import { renderTemplate } from "../template.js";
import type { CompileContext } from "./context.js";
import { flowScope } from "./flowScope.js";
import { errorMessage } from "../../schema/errorMessage.js";

const PASSED_ON: ReadonlySet<string> = new Set(["SUBGRAPH_CYCLE", "SUBGRAPH_NOT_FOUND"]);
/** Events of the saved graph's run repeated in this run; its reply is reported once, as this node's. */
const FORWARDED: ReadonlySet<RunEvent["type"]> = new Set([
  "tool_call",
  "tool_result",
  "branch_taken",
  "loop_iteration",
  "loop_limit",
  "branch_timeout",
  "model_fallback",
]);

/** An event without its place in the saved graph's run (ids, time, call tree). */
function bodyOf(event: RunEvent): RunEventBody {
  const place = new Set(["id", "seq", "ts", "run_id", "thread_id", "call_id", "parent_call_id", "root_call_id", "depth", "agent", "node", "checkpoint_id"]);
  return Object.fromEntries(Object.entries(event).filter(([key]) => !place.has(key))) as RunEventBody;
}

/** The last AI reply of this turn (after its last human message) in a final state's JSON messages. */
function replyOf(state: Record<string, unknown>): string {
  const messages = Array.isArray(state.messages) ? (state.messages as { role?: string; content?: unknown }[]) : [];
  for (let i = messages.length - 1; i >= 0; i--) {
    const m = messages[i];
    if (m?.role === "human") break;
    if (m?.role === "ai" && typeof m.content === "string" && m.content) return m.content;
  }
  return "";
}

/**
 * The saved graph's thread for a thread of this graph: one per Subgraph node, so the saved
 * graph keeps its own memory across the turns of the thread.
 * @example subgraphThreadId("t1", "sub-1") // "t1::subgraph::sub-1"
 */
export function subgraphThreadId(threadId: string, nodeId: string): string {
  return `${threadId}::subgraph::${nodeId}`;
}

/** How the saved graph's run goes on: a new turn, the answer to its pause, or its cut-off steps. */
function childInput(
  step: Exclude<ReturnType<typeof nextChildStep>, { kind: "waiting" | "done" }>,
  child: ChildState,
  message: string,
  messageId: string,
): RunInput {
  if (step.kind === "answer") return { message: "", resume: { interrupt_id: step.interrupt.id, value: step.value } };
  if (step.kind === "continue" && child.checkpointId) return { message: "", continueFrom: { checkpoint_id: child.checkpointId } };
  return { message, messageId };
}

/**
 * Compiles a Subgraph node. The saved graph is loaded and compiled when the node runs, so
 * it always runs the graph as saved now.
 * @example compileSubgraph(node, ctx)(state, config) // { messages: [AIMessage("…")], summary: "…" }
 */
export function compileSubgraph(node: NodeOfKind<"subgraph">, ctx: CompileContext) {
  const data = node.data;
  const fail = (code: EngineErrorCode, message: string, cause?: unknown) =>
    new EngineError(code, `Subgraph "${data.name}": ${message}`, { nodeId: node.id, ...(cause ? { cause } : {}) });

  return async (state: GraphState, config: LangGraphRunnableConfig): Promise<GraphUpdate> => {
    const services = ctx.services.raw ?? { models: ctx.services.models, tools: ctx.services.tools };
    const path = [...(services.subgraphPath ?? []), ctx.document.meta.id];
    if (path.includes(data.graph)) {
      throw fail("SUBGRAPH_CYCLE", `graph "${data.graph}" is already running above this node (${[...path, data.graph].join(" → ")})`);
    }
    if (!services.graphs) throw fail("SUBGRAPH_NOT_FOUND", `no saved graphs are available here, so graph "${data.graph}" cannot run`);
    const raw = await services.graphs.load(data.graph);
    if (raw === null || raw === undefined) throw fail("SUBGRAPH_NOT_FOUND", `there is no saved graph "${data.graph}"`);

    let child;
    try {
      const { checkpointer: own, ...rest } = services;
      const checkpointer = ctx.checkpointer ?? own;
      child = ctx.compileChild(raw, { ...rest, ...(checkpointer ? { checkpointer } : {}), subgraphPath: path });
    } catch (error) {
      throw fail("SUBGRAPH_FAILED", `saved graph "${data.graph}" cannot run: ${errorMessage(error)}`, error);
    }
    const parentThread = String((config.configurable as Record<string, unknown> | undefined)?.thread_id ?? "thread");
    const threadId = subgraphThreadId(parentThread, node.id);
    // Stable across runs of this node's task, so a pause inside resumes instead of starting over.
    const messageId = childMessageId(config, `${node.id}_input`);
    const before = await readChildState(child.graph, { configurable: { thread_id: threadId } });
    const step = nextChildStep(before, messageId, answersOf(config), plainAnswerOf(config));
    if (step.kind === "waiting") throw childPause(data.name, step.pending);
    // `done`: it finished before this node was cut off, so its final state stands and it does not run again.
    const input = step.kind === "done" ? null : childInput(step, before, renderTemplate(data.input, flowScope(state)), messageId);
    const final = input
      ? await asOwnRun(async () => {
          let last: Record<string, unknown> | null = null;
          const paused: PendingInterrupt[] = [];
          for await (const event of ctx.runChild(child, input, { threadId, ...(config.signal ? { signal: config.signal } : {}) })) {
            if (event.type === "error") {
              const code = PASSED_ON.has(event.code) ? (event.code as EngineErrorCode) : "SUBGRAPH_FAILED";
              throw fail(code, `graph "${data.graph}" failed: ${event.message}`);
            }
            if (event.type === "final_state") last = event.state;
            if (event.type === "interrupt") paused.push({ id: event.interrupt_id, payload: event.payload });
            // The saved graph's tool calls and branch decisions show under this node in the timeline.
            if (FORWARDED.has(event.type)) emit(config, bodyOf(event), { agent: event.agent });
            if (event.type === "run_end" && event.status === "interrupted" && paused.length > 0) throw childPause(data.name, paused);
            if (event.type === "run_end" && event.status !== "completed") {
              throw fail("SUBGRAPH_FAILED", `graph "${data.graph}" ended ${event.status}`);
            }
          }
          return last;
        })
      : { ...before.values, messages: ((before.values.messages ?? []) as BaseMessage[]).map(messageToJson) };
    if (!final) throw fail("SUBGRAPH_FAILED", `graph "${data.graph}" ended without a final state`);

    const reply = replyOf(final);
    const update: Record<string, unknown> = { results: { [data.name]: { graph: data.graph, reply } } };
    if (reply) {
      const id = ctx.services.ids.next("msg");
      update.messages = [new AIMessage({ id, content: reply, name: data.name })];
      // The reply shows in the chat and timeline like any model reply of this graph.
      emit(config, { type: "ai_message", message_id: id, content: reply, tool_calls: [], profile: null }, { agent: null });
    }
    if (data.output_channel) update[data.output_channel] = reply;
    for (const mapping of data.outputs) {
      if (mapping.from === "reply") update[mapping.to] = reply;
      else if (mapping.from in final) update[mapping.to] = final[mapping.from];
      else throw fail("SUBGRAPH_FAILED", `graph "${data.graph}" has no state channel "${mapping.from}" to copy into "${mapping.to}"`);
    }
    return update as GraphUpdate;
  };
}
