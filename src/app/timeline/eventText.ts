/** How an event reads in the timeline: what it concerns, a one-line summary, the text a filter searches. */
// The interrupt texts come from the schema (a pure JSON contract): importing the engine here would
// pull LangGraph into the app's first load (the engine is meant to load lazily, in the worker).
import { breakpointPlace, describeInterrupt, describeResume } from "../../schema/index.js";
import type { RunEvent } from "../../engine/index.js";

/** The tool, agent or node an event concerns. */
export function subjectOf(event: RunEvent): string {
  if (event.type === "tool_call" || event.type === "tool_result") return event.agent ? `${event.tool} (${event.agent})` : event.tool;
  if (event.type === "handoff") return `${event.from} → ${event.to}`;
  if (event.type === "delegation_queued" || event.type === "delegation_completed") return event.agent ? `${event.sub_agent} (${event.agent})` : event.sub_agent;
  return event.agent ?? event.node ?? "";
}

function preview(text: string, max = 80): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

function json(value: unknown): string {
  try {
    return JSON.stringify(value) ?? "";
  } catch {
    return String(value);
  }
}

const HANDOFF_REASONS = { transfer: "transfer tool", mention: "@mention", resume: "resumed", request_help: "request_help" } as const;

/** One line about an event, for its row. */
export function summarize(event: RunEvent): string {
  switch (event.type) {
    case "run_start":
      return `“${preview(event.input)}”`;
    case "run_end":
      return `${event.status} in ${event.duration_ms} ms`;
    case "agent_start":
    case "node_start":
      return "";
    case "agent_end":
    case "node_end":
      return event.error ? `failed after ${event.duration_ms} ms: ${preview(event.error)}` : `${event.duration_ms} ms`;
    case "message_delta":
      return json(event.delta);
    case "ai_message": {
      const calls = event.tool_calls.length ? ` → ${event.tool_calls.map((c) => c.name).join(", ")}` : "";
      return `${preview(event.content) || "(no text)"}${calls}`;
    }
    case "tool_call":
      return preview(json(event.args));
    case "tool_result":
      return `${event.error !== null ? `error: ${preview(event.error)}` : preview(event.result)} · ${event.duration_ms} ms`;
    case "model_fallback":
      return `${event.from} → ${event.to}: ${preview(event.reason)}`;
    case "active_agent":
      return `${event.from ?? "—"} → ${event.to} (${event.reason})`;
    case "handoff":
      return `${event.from} → ${event.to} (${HANDOFF_REASONS[event.reason]})`;
    case "delegation_queued":
      return `${event.sub_agent} queued as ${event.task_id}: “${preview(event.message, 60)}”`;
    case "delegation_completed":
      return `${event.sub_agent} ${event.task_id} ${event.status}: ${preview((event.status === "failed" ? event.error : event.result) ?? "", 60)}`;
    case "checkpoint_saved":
      return `step ${event.step}`;
    case "branch_taken":
      return `→ ${event.handle}: ${preview(event.reason)}`;
    case "loop_iteration":
      return `${event.loop}: pass ${event.iteration} of at most ${event.max_loops}`;
    case "loop_limit":
      return `${event.loop} hit max_loops (${event.max_loops}) — ${event.action === "exit" ? "left through exit" : "run stopped"}`;
    case "branch_timeout":
      return `${event.branch_node} timed out after ${event.timeout_ms} ms (${event.parallel})`;
    case "route_selected":
      return `${event.router} → ${event.route}: ${event.rule ? `${event.gate ? "gate " : ""}rule “${event.rule}”${event.matched ? ` matched “${preview(event.matched, 40)}”` : ""}` : "no rule matched (default)"}`;
    case "turn_finalized":
      return `route ${event.route ?? "—"} · agent ${event.agent ?? "—"}${event.duration_ms !== null ? ` · ${event.duration_ms} ms` : ""}`;
    case "forced_tool_fallback":
      return event.reason === "empty_result"
        ? `${event.tool} returned nothing: fallback result used`
        : `${event.tool} was not called: fallback result used, model re-run without tools`;
    case "reply_sanitized":
      return `removed ${event.removed.length} pseudo tool call${event.removed.length === 1 ? "" : "s"}: ${preview(event.removed.join(" "), 60)}`;
    case "input_rejected":
      return event.reason === "empty"
        ? "empty message: answered without running the graph"
        : `message too long (${event.length} of at most ${event.max_length} characters)`;
    case "plan_created":
      return `${event.actions.length} action${event.actions.length === 1 ? "" : "s"}: ${preview(event.actions.map((a) => (a.depends_on.length ? `${a.id} ${a.tool} ← ${a.depends_on.join(", ")}` : `${a.id} ${a.tool}`)).join("; ")) || "none"}${event.requires_confirmation ? " · needs confirmation" : ""}`;
    case "execution_routed":
      return event.mode === "confirm" ? `confirm, then ${event.then} (${event.actions} actions)` : `${event.mode} (${event.actions} actions)`;
    case "action_result":
      return `${event.action_id} ${event.tool}: ${event.status}${event.error ? ` — ${preview(event.error, 60)}` : ""} · ${event.duration_ms} ms`;
    case "interrupt":
      return preview(describeInterrupt(event.payload), 120);
    case "interrupt_resolved":
      return preview(describeResume(event.payload, event.resume), 120);
    case "state_edited":
      return `${event.channels.join(", ")} edited ${event.when} ${breakpointPlace(event)}`;
    case "error":
      return `${event.code}: ${preview(event.message)}`;
    case "final_state": {
      const messages = event.state.messages;
      if (event.message_count !== undefined) return `${event.message_count} messages`;
      return Array.isArray(messages) ? `${messages.length} messages` : `${Object.keys(event.state).length} channels`;
    }
    default: {
      const never: never = event;
      return String((never as RunEvent).type);
    }
  }
}

/** Text a filter word matches against, lower case. */
export function searchText(event: RunEvent): string {
  const parts: string[] = [event.type, event.agent ?? "", event.node ?? ""];
  switch (event.type) {
    case "run_start":
      parts.push(event.input);
      break;
    case "message_delta":
      parts.push(event.delta);
      break;
    case "ai_message":
      parts.push(event.content, ...event.tool_calls.map((c) => c.name));
      break;
    case "tool_call":
      parts.push(event.tool, json(event.args));
      break;
    case "tool_result":
      parts.push(event.tool, event.result, event.error ?? "");
      break;
    case "error":
      parts.push(event.code, event.message);
      break;
    case "interrupt":
      parts.push(event.kind, describeInterrupt(event.payload));
      break;
    case "interrupt_resolved":
      parts.push(event.kind, describeResume(event.payload, event.resume));
      break;
    case "state_edited":
      parts.push(event.node, ...event.channels);
      break;
    case "handoff":
      parts.push(event.from, event.to, event.reason);
      break;
    case "delegation_queued":
      parts.push(event.sub_agent, event.task_id, event.message);
      break;
    case "delegation_completed":
      parts.push(event.sub_agent, event.task_id, event.status, event.result ?? "", event.error ?? "");
      break;
    case "run_end":
      parts.push(event.status);
      break;
    case "branch_taken":
      parts.push(event.kind, event.handle, event.reason);
      break;
    case "loop_iteration":
    case "loop_limit":
      parts.push(event.loop);
      break;
    case "branch_timeout":
      parts.push(event.parallel, event.branch_node, "timeout");
      break;
    case "route_selected":
      parts.push(event.router, event.route, event.rule ?? "default", event.matched ?? "");
      break;
    case "turn_finalized":
      parts.push(event.route ?? "", event.agent ?? "");
      break;
    case "forced_tool_fallback":
      parts.push(event.tool, event.result);
      break;
    case "reply_sanitized":
      parts.push(...event.removed);
      break;
    case "input_rejected":
      parts.push(event.reason);
      break;
    case "plan_created":
      parts.push(event.planner, ...event.actions.flatMap((a) => [a.id, a.tool]));
      break;
    case "execution_routed":
      parts.push(event.mode, event.then);
      break;
    case "action_result":
      parts.push(event.action_id, event.tool, event.status, event.error ?? "");
      break;
    // Found by their type, agent and node only.
    case "agent_start":
    case "agent_end":
    case "node_start":
    case "node_end":
    case "active_agent":
    case "model_fallback":
    case "checkpoint_saved":
    case "final_state":
      break;
    default: {
      // A new event type must decide here which of its fields a filter word finds.
      const never: never = event;
      return String((never as RunEvent).type);
    }
  }
  return parts.join("\n").toLowerCase();
}
