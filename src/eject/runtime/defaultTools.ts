/** The generated project's default agent tools (src/defaultTools.ts): date and time, tools and intents lists. */
export const DEFAULT_TOOLS_SOURCE = `/** The helper tools every agent may get: the date and time, what it can do, and who is on its team. */
import { tool, type StructuredToolInterface } from "@langchain/core/tools";
import { z } from "zod";
import { formatDateTime } from "./template.js";

export function getTimeDate(defaultZone: string, now: () => Date) {
  return tool(
    ({ timezone }) => {
      const zone = timezone || defaultZone;
      try {
        return formatDateTime(now(), zone);
      } catch {
        throw new Error(\`Unknown time zone "\${zone}"; use an IANA name such as Europe/Paris\`);
      }
    },
    {
      name: "get_time_date",
      description: "Returns the current date and time in a time zone (IANA name such as Europe/Paris; default UTC).",
      schema: z.object({ timezone: z.string().optional().describe("IANA time zone") }),
    },
  );
}

/** Lists \`tools()\`: a function, because the list includes this tool itself. */
export function listToolsAvailable(tools: () => StructuredToolInterface[]) {
  return tool(() => tools().map((t) => \`- \${t.name}: \${t.description}\`).join("\\n"), {
    name: "list_tools_available",
    description: "Lists the tools this agent can use.",
    schema: z.object({}),
  });
}

export function listIntentsAvailable(intents: { name: string; description: string }[]) {
  return tool(
    () => (intents.length === 0 ? "No intents are configured." : intents.map((i) => \`- \${i.name}\${i.description ? \`: \${i.description}\` : ""}\`).join("\\n")),
    { name: "list_intents_available", description: "Lists the intents this agent is configured for.", schema: z.object({}) },
  );
}

export function listSubagentsAvailable(subAgents: { name: string; description: string; mode: "handoff" | "tool"; blocking: boolean }[]) {
  return tool(
    () =>
      subAgents.length === 0
        ? "No sub-agents are available."
        : subAgents
            .map((s) => {
              const how = s.mode === "handoff" ? \`handoff: transfer_to_\${s.name}\` : \`tool: \${s.name}, \${s.blocking ? "blocking" : "background"} by default\`;
              return \`- \${s.name} (\${how}): \${s.description}\`;
            })
            .join("\\n"),
    { name: "list_subagents_available", description: "Lists the sub-agents this agent can hand off to or delegate to.", schema: z.object({}) },
  );
}

export function getCurrentActiveAgent(agent: string) {
  return tool(() => agent, {
    name: "get_current_active_agent",
    description: "Returns the name of the agent currently answering this conversation.",
    schema: z.object({}),
  });
}

/** \`supervisor\`: the agent that handed the conversation to this one, if any. */
export function getSupervisorAgent(agent: string, supervisor?: string) {
  return tool(() => supervisor ?? \`\${agent} has no supervisor.\`, {
    name: "get_supervisor_agent",
    description: "Returns the name of the agent this agent works under.",
    schema: z.object({}),
  });
}
`;
