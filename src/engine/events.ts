/**
 * `RunEvent`: what a run reports, in order, as it happens. Events are plain JSON so
 * they can be persisted, exported as a trace and sent across a worker boundary.
 */
import type { TokenUsage } from "../schema/index.js";
import type { InterruptKind, InterruptPayload, ResumeValue } from "./interrupts.js";

/**
 * Fields every event carries: where it sits in the run and in the call tree.
 * @example const children = events.filter((e: EventBase) => e.parent_call_id === call.call_id);
 */
export interface EventBase {
  id: string;
  /** Position of the event in its run, from 0. */
  seq: number;
  /** Milliseconds since the epoch; never decreases within a run (ties keep emission order). */
  ts: number;
  run_id: string;
  thread_id: string;
  /** The call this event belongs to: the run itself, an agent, a node or a tool call. */
  call_id: string;
  parent_call_id: string | null;
  root_call_id: string;
  /** 0 for the run, 1 for a call inside it, 2 for a call inside that, … */
  depth: number;
  agent: string | null;
  node: string | null;
  /** The last checkpoint saved before this event (state at this point of the run). */
  checkpoint_id: string | null;
}

export interface ToolCallInfo {
  id: string;
  name: string;
  args: Record<string, unknown>;
}

/**
 * What an event says, without its place in the run: what a node emits and a fixture writes.
 * @example const body: RunEventBody = { type: "tool_call", tool_call_id: "c1", tool: "get_weather", args: { city: "Paris" } };
 */
export type RunEventBody =
  | { type: "run_start"; input: string }
  /** `interrupted`: the run paused for a person (see `interrupt`) and waits to be resumed. */
  | { type: "run_end"; status: "completed" | "cancelled" | "error" | "interrupted"; duration_ms: number }
  | { type: "node_start" }
  | { type: "node_end"; duration_ms: number; error?: string }
  | { type: "agent_start" }
  | { type: "agent_end"; duration_ms: number; error?: string }
  | { type: "message_delta"; message_id: string; delta: string }
  /**
   * `profile`: the model profile that answered (a fallback's own id). `usage`: the call's tokens
   * as the provider reported them (estimated for the scripted model); absent when none were reported.
   */
  | { type: "ai_message"; message_id: string; content: string; tool_calls: ToolCallInfo[]; profile: string | null; usage?: TokenUsage }
  /** `target`: where the call goes (an HTTP tool's origin, an MCP server), for tools that leave the engine. */
  | { type: "tool_call"; tool_call_id: string; tool: string; args: Record<string, unknown>; target?: string }
  | {
      type: "tool_result";
      tool_call_id: string;
      tool: string;
      result: string;
      error: string | null;
      duration_ms: number;
      return_direct: boolean;
    }
  | { type: "model_fallback"; from: string; to: string; reason: string }
  | { type: "active_agent"; from: string | null; to: string; reason: "mention" | "resume" }
  /** Control moved between agents of a hierarchy (seed 000): a transfer tool, an @mention, a resumed active agent, or request_help. */
  | { type: "handoff"; from: string; to: string; reason: "transfer" | "mention" | "resume" | "request_help"; tool_call_id: string | null }
  /** A non-blocking delegation was queued; its sub-agent runs in the background (seed 002). */
  | { type: "delegation_queued"; task_id: string; sub_agent: string; tool_call_id: string; message: string }
  /** A background delegation finished; the follow-up turn that reports it starts with this event. */
  | {
      type: "delegation_completed";
      task_id: string;
      sub_agent: string;
      tool_call_id: string;
      status: "completed" | "failed";
      result: string | null;
      error: string | null;
    }
  /** A branching flow node (If, Switch, Loop) chose an outgoing handle; `reason` says why, for the timeline. */
  | { type: "branch_taken"; kind: "if" | "switch" | "loop"; handle: string; reason: string }
  /** A Loop entered its body for pass `iteration` (1-based) of at most `max_loops`. */
  | { type: "loop_iteration"; loop: string; iteration: number; max_loops: number }
  /** A Loop's circuit breaker tripped after `max_loops` passes: it exits (`action: "exit"`) or stops the run (`"error"`). */
  | { type: "loop_limit"; loop: string; max_loops: number; action: "exit" | "error" }
  /** A node of a Parallel branch ran longer than the Parallel's `timeout_ms`; its result records the timeout and the branch goes on. */
  | { type: "branch_timeout"; parallel: string; branch_node: string; timeout_ms: number }
  /** The run paused for a person: an approval (Approval node or destructive tool) or a question. */
  | { type: "interrupt"; interrupt_id: string; kind: InterruptKind; payload: InterruptPayload }
  /** A resumed run starts with the answer it was given. */
  | { type: "interrupt_resolved"; interrupt_id: string; kind: InterruptKind; payload: InterruptPayload; resume: ResumeValue }
  /** A Router chose a route (seed 004): `rule` null means no rule matched and the default route was taken. */
  | {
      type: "route_selected";
      router: string;
      route: string;
      rule: string | null;
      match: "keyword" | "regex" | "cel" | null;
      matched: string | null;
      gate: boolean;
    }
  /** Finalize stamped the turn's route, answering agent and duration (since the Router started the turn) into `route`. */
  | { type: "turn_finalized"; route: string | null; agent: string | null; duration_ms: number | null }
  /**
   * An agent's forced tool gave no result: the model skipped it (`not_called`: the app-built
   * fallback stands in and the model is re-run without tools) or it returned nothing (`empty_result`).
   */
  | { type: "forced_tool_fallback"; tool: string; result: string; reason: "not_called" | "empty_result" }
  /** Sanitize stripped pseudo tool-call text from a reply. */
  | { type: "reply_sanitized"; message_id: string; removed: string[] }
  /** Validate input short-circuited the turn: the message was empty or too long. */
  | { type: "input_rejected"; reason: "empty" | "too_long"; length: number; max_length: number }
  /** A Planner produced its actions (seed 001). */
  | { type: "plan_created"; planner: string; actions: { id: string; tool: string; depends_on: string[] }[]; requires_confirmation: boolean }
  /** route_execution: how Execute runs the plan (`confirm` asks first, then runs as `then`). */
  | { type: "execution_routed"; mode: "confirm" | "sequential" | "parallel"; then: "sequential" | "parallel"; actions: number }
  /** One planned action ended; failures are recorded here and in the results, never fatal. */
  | {
      type: "action_result";
      action_id: string;
      tool: string;
      status: "ok" | "failed" | "timeout" | "rejected" | "skipped";
      error: string | null;
      duration_ms: number;
    }
  /** A person edited channels at a breakpoint before the run went on (see breakpoints.ts). */
  | { type: "state_edited"; node: string; step: "call_model" | "call_tools" | null; when: "before" | "after"; channels: string[] }
  | { type: "checkpoint_saved"; step: number }
  | { type: "error"; code: string; message: string }
  | {
      type: "final_state";
      state: Record<string, unknown>;
      /**
       * Set on a stored copy, whose state leaves out its messages (every message so far: stored
       * with each turn, a long thread's events would grow with the square of its length). They are
       * in the checkpoint the event names; this is how many there were.
       */
      message_count?: number;
    };

export type RunEventType = RunEventBody["type"];
/**
 * One event of a run: its body and its place in the run and the call tree.
 * @example
 * for await (const event of runGraph(compiled, { message: "hi" }, { threadId: "t1" })) {
 *   if (event.type === "ai_message") console.log(event.agent, event.content);
 * }
 */
export type RunEvent = EventBase & RunEventBody;
/**
 * The events of one type, narrowed.
 * @example const calls = events.filter((e): e is RunEventOf<"tool_call"> => e.type === "tool_call");
 */
export type RunEventOf<T extends RunEventType> = EventBase & Extract<RunEventBody, { type: T }>;

/**
 * What a graph node emits through LangGraph's custom stream: the event body plus
 * where it came from. `runGraph` adds ids, time and call-tree position.
 */
export interface NodeEmission {
  __graphwright: 1;
  body: RunEventBody;
  /** LangGraph checkpoint namespace of the emitting node ("" at the root). */
  ns: string;
  node: string;
  agent: string | null;
  /** Calls opened inside the root-level node (sub-agents and the tool calls that started them), outermost first. */
  calls?: CallLink[];
  /** For events that open their own call (tool calls): that call's id. */
  call_id?: string;
}

/** One call on the path from a root-level node to a nested event. */
export interface CallLink {
  id: string;
  /** The agent the call runs, for sub-agent calls; null for tool calls. */
  agent: string | null;
}

export function isNodeEmission(value: unknown): value is NodeEmission {
  return typeof value === "object" && value !== null && (value as NodeEmission).__graphwright === 1;
}
