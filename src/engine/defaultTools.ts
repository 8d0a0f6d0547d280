/**
 * The default tools of seed 000 that the engine gives agents: get_time_date,
 * list_tools_available, list_intents_available, and in hierarchies
 * list_subagents_available, get_current_active_agent, get_supervisor_agent
 * (request_help moves control, so the handoff module builds it).
 */
import type { AgentData, DefaultToolName } from "../schema/index.js";
import type { Clock, ToolSpec } from "./ports.js";

export interface AgentToolView {
  agent: AgentData;
  clock: Clock;
  /** Specs of every tool the agent can call, defaults included. */
  toolSpecs: () => ToolSpec[];
  /** The agent this one works under through a handoff, if any. */
  supervisor?: string | null;
  /** Direct sub-agents and how they are reached. */
  subAgents?: readonly { name: string; description: string; mode: "handoff" | "tool"; blocking: boolean }[];
  /** The thread's active agent at the call (state.active_agent). */
  activeAgent?: string | null;
}

export interface DefaultTool {
  spec: ToolSpec;
  run(args: Record<string, unknown>, view: AgentToolView): unknown;
}

const noArgs = { type: "object", properties: {}, additionalProperties: false };

/** Formatters by time zone: building one costs far more than using it, and every agent turn formats the date. */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-CA", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
      hourCycle: "h23",
      weekday: "long",
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** Formats an instant in a time zone; an unknown zone is an error the model can read. */
export function formatDateTime(ms: number, timeZone: string): string {
  const formatted = formatterFor(timeZone).formatToParts(new Date(ms));
  const part = (type: string) => formatted.find((p) => p.type === type)?.value ?? "";
  return `${part("year")}-${part("month")}-${part("day")} ${part("hour")}:${part("minute")}:${part("second")} (${part("weekday")}, ${timeZone})`;
}

const tools: Partial<Record<DefaultToolName, DefaultTool>> = {
  get_time_date: {
    spec: {
      name: "get_time_date",
      description: "Returns the current date and time in a time zone (IANA name such as Europe/Paris; default UTC).",
      parameters: { type: "object", properties: { timezone: { type: "string", description: "IANA time zone" } } },
    },
    run(args, view) {
      const zone = typeof args.timezone === "string" && args.timezone ? args.timezone : (view.agent.timezone ?? "UTC");
      try {
        return formatDateTime(view.clock.now(), zone);
      } catch {
        throw new Error(`Unknown time zone "${zone}"; use an IANA name such as Europe/Paris`);
      }
    },
  },
  list_tools_available: {
    spec: { name: "list_tools_available", description: "Lists the tools this agent can use.", parameters: noArgs },
    run(_args, view) {
      return view
        .toolSpecs()
        .map((t) => `- ${t.name}: ${t.description}`)
        .join("\n");
    },
  },
  list_intents_available: {
    spec: { name: "list_intents_available", description: "Lists the intents this agent is configured for.", parameters: noArgs },
    run(_args, view) {
      if (view.agent.intents.length === 0) return "No intents are configured.";
      return view.agent.intents.map((i) => `- ${i.name}${i.description ? `: ${i.description}` : ""}`).join("\n");
    },
  },
  list_subagents_available: {
    spec: { name: "list_subagents_available", description: "Lists the sub-agents this agent can hand off to or delegate to.", parameters: noArgs },
    run(_args, view) {
      const subs = view.subAgents ?? [];
      if (subs.length === 0) return "No sub-agents are available.";
      return subs
        .map(
          (s) =>
            `- ${s.name} (${s.mode === "handoff" ? `handoff: transfer_to_${s.name}` : `tool: ${s.name}, ${s.blocking ? "blocking" : "background"} by default`}): ${s.description}`,
        )
        .join("\n");
    },
  },
  get_current_active_agent: {
    spec: { name: "get_current_active_agent", description: "Returns the name of the agent currently answering this conversation.", parameters: noArgs },
    run(_args, view) {
      return view.activeAgent ?? view.agent.name;
    },
  },
  get_supervisor_agent: {
    spec: { name: "get_supervisor_agent", description: "Returns the name of the agent this agent works under.", parameters: noArgs },
    run(_args, view) {
      return view.supervisor ?? `${view.agent.name} has no supervisor.`;
    },
  },
};

/** The default tools an agent asked for that the engine implements. */
export function defaultToolsFor(agent: AgentData): DefaultTool[] {
  return agent.default_tools.flatMap((name) => {
    const tool = tools[name];
    return tool ? [tool] : [];
  });
}
