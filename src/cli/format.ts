/** Turns run events into readable terminal lines (the CLI's default output). */
import { describeInterrupt, describeResume, type RunEvent } from "../engine/index.js";
import { formatTotal, usageTotals, type ModelProfile, type UsageEvent } from "../schema/index.js";

const MAX_VALUE = 400;

function clip(text: string): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > MAX_VALUE ? `${flat.slice(0, MAX_VALUE)}…` : flat;
}

function indent(depth: number): string {
  return "  ".repeat(Math.max(0, depth));
}

export interface FormatState {
  /** True while a reply is being streamed on the current line. */
  streaming: boolean;
  /** With it, a run's end line says its tokens (and cost, at these profiles' prices). */
  profiles?: readonly Pick<ModelProfile, "id" | "prices">[];
  /** The model calls of the run being printed (filled as they come). */
  calls?: UsageEvent[];
}

/** ` · 1,234 tokens · $0.0021` for the run that just ended, or "" when its calls reported no usage. */
function runUsage(event: RunEvent, state: FormatState): string {
  if (!state.profiles) return "";
  const total = usageTotals(state.calls ?? [], state.profiles).byRun.get(event.run_id);
  state.calls = [];
  return total ? ` · ${formatTotal(total)}` : "";
}

/**
 * Text to write for one event, or "" for events the readable view leaves out.
 * Streamed tokens are written as they come; the finished message closes the line.
 * @example formatEvent({ type: "tool_call", tool: "get_weather", args: { city: "Paris" }, depth: 2, … }, s) // "    → get_weather {"city":"Paris"}\n"
 */
export function formatEvent(event: RunEvent, state: FormatState): string {
  const pad = indent(event.depth);
  switch (event.type) {
    case "run_start":
      return `▶ run ${event.run_id} · thread ${event.thread_id}\n`;
    case "agent_start":
      return `${pad}◆ ${event.agent ?? event.node}\n`;
    case "active_agent":
      return `${pad}↪ ${event.reason === "mention" ? "switched to" : "resuming"} ${event.to}\n`;
    case "message_delta": {
      const prefix = state.streaming ? "" : `${pad}${event.agent ?? event.node ?? "assistant"}: `;
      state.streaming = true;
      return prefix + event.delta;
    }
    case "ai_message": {
      if (event.usage && state.profiles) (state.calls ??= []).push(event);
      if (state.streaming) {
        state.streaming = false;
        return "\n";
      }
      return event.content ? `${pad}${event.agent ?? event.node}: ${event.content}\n` : "";
    }
    case "tool_call":
      return `${pad}→ ${event.tool} ${clip(JSON.stringify(event.args))}\n`;
    case "tool_result":
      return event.error !== null
        ? `${pad}✖ ${event.tool} failed: ${clip(event.error)} (${event.duration_ms} ms)\n`
        : `${pad}← ${event.tool}: ${clip(event.result)} (${event.duration_ms} ms)\n`;
    case "model_fallback":
      return `${pad}⚠ model ${event.from} failed (${event.reason}); using ${event.to}\n`;
    case "error":
      return `${state.streaming ? "\n" : ""}✖ ${event.code}: ${event.message}\n`;
    case "run_end": {
      const mark = event.status === "completed" ? "✔" : event.status === "cancelled" ? "■" : event.status === "interrupted" ? "⏸" : "✖";
      return `${mark} ${event.status} in ${event.duration_ms} ms${runUsage(event, state)}\n`;
    }
    case "interrupt":
      return `${pad}⏸ ${describeInterrupt(event.payload)} (interrupt ${event.interrupt_id})\n`;
    case "interrupt_resolved":
      return `${pad}▶ ${describeResume(event.payload, event.resume)}\n`;
    case "handoff":
      return `${pad}↪ ${event.from} → ${event.to} (${event.reason})\n`;
    case "delegation_queued":
      return `${pad}⧗ ${event.sub_agent} queued as ${event.task_id}\n`;
    case "delegation_completed":
      return `${pad}${event.status === "completed" ? "✔" : "✖"} ${event.sub_agent} ${event.task_id} ${event.status}\n`;
    case "branch_taken":
      return `${pad}⑂ ${event.node ?? event.kind} → ${event.handle} (${event.reason})\n`;
    case "loop_iteration":
      return `${pad}↻ ${event.loop} pass ${event.iteration}/${event.max_loops}\n`;
    case "loop_limit":
      return `${pad}⚠ ${event.loop} reached max_loops (${event.max_loops}); ${event.action === "exit" ? "exiting" : "stopping"}\n`;
    case "branch_timeout":
      return `${pad}⚠ ${event.branch_node} timed out after ${event.timeout_ms} ms\n`;
    case "route_selected":
      return `${pad}⑂ ${event.router} → ${event.route} (${event.rule ? `${event.gate ? "gate " : ""}rule ${event.rule}` : "no rule matched"})\n`;
    case "turn_finalized":
      return `${pad}■ turn finalized: route ${event.route ?? "—"}, agent ${event.agent ?? "—"}${event.duration_ms !== null ? `, ${event.duration_ms} ms` : ""}\n`;
    case "forced_tool_fallback":
      return `${pad}⚠ forced tool ${event.tool} ${event.reason === "empty_result" ? "returned nothing" : "not called"}; used the fallback result\n`;
    case "reply_sanitized":
      return `${pad}✂ removed ${event.removed.length} pseudo tool call(s) from the reply\n`;
    case "input_rejected":
      return `${pad}✖ input ${event.reason === "empty" ? "is empty" : `is too long (${event.length}/${event.max_length})`}\n`;
    case "plan_created":
      return `${pad}☰ ${event.planner} planned ${event.actions.map((a) => a.tool).join(", ") || "nothing"}\n`;
    case "execution_routed":
      return `${pad}⑂ execution: ${event.mode}${event.mode === "confirm" ? ` then ${event.then}` : ""} (${event.actions} actions)\n`;
    case "action_result":
      return `${pad}${event.status === "ok" ? "✔" : "✖"} action ${event.action_id} (${event.tool}) ${event.status}${event.error ? `: ${clip(event.error)}` : ""}\n`;
    case "state_edited":
      return `${pad}✎ ${event.channels.join(", ")} edited ${event.when} ${event.step ? `${event.step} of ${event.node}` : event.node}\n`;
    case "node_start":
    case "node_end":
    case "agent_end":
    case "checkpoint_saved":
    case "final_state":
      return "";
    default: {
      const never: never = event;
      return never;
    }
  }
}
