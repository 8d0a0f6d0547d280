/**
 * The default tools of seed 000 that the engine gives agents: get_time_date,
 * list_tools_available, list_intents_available (more join with multi-agent).
 */
import type { AgentData, DefaultToolName } from "../schema/index.js";
import type { Clock, ToolSpec } from "./ports.js";

export interface AgentToolView {
  agent: AgentData;
  clock: Clock;
  /** Specs of every tool the agent can call, defaults included. */
  toolSpecs: () => ToolSpec[];
}

export interface DefaultTool {
  spec: ToolSpec;
  run(args: Record<string, unknown>, view: AgentToolView): unknown;
}

const noArgs = { type: "object", properties: {}, additionalProperties: false };

/** Formats an instant in a time zone; an unknown zone is an error the model can read. */
export function formatDateTime(ms: number, timeZone: string): string {
  const date = new Date(ms);
  const formatted = new Intl.DateTimeFormat("en-CA", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
    hourCycle: "h23",
    weekday: "long",
  }).formatToParts(date);
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
};

/** The default tools an agent asked for that the engine implements. */
export function defaultToolsFor(agent: AgentData): DefaultTool[] {
  return agent.default_tools.flatMap((name) => {
    const tool = tools[name];
    return tool ? [tool] : [];
  });
}
