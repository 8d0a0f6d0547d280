/** What tool runners may use from their platform: the network, the named secrets and the code sandbox. */
import type { CodeSandbox } from "./sandbox/types.js";
import { secretNamesIn, type McpServer } from "../schema/index.js";
import type { McpSessionPool } from "./mcpSessions.js";

/**
 * Named secrets for tools (`{{ secrets.NAME }}`): the secrets store in the browser's engine
 * worker, `GRAPHWRIGHT_SECRET_<NAME>` environment variables in the CLI.
 * @example const secrets: ToolSecrets = { get: async (name) => process.env[`GRAPHWRIGHT_SECRET_${name}`] };
 */
export interface ToolSecrets {
  get(name: string): Promise<string | undefined>;
}

/** Platform services for tool runners; each has a default where the platform has one. */
export interface ToolServices {
  /** The `fetch` HTTP tools call (defaults to the global one). */
  fetch?: (input: string, init: RequestInit) => Promise<Response>;
  secrets?: ToolSecrets;
  /** The graph's MCP servers: an `mcp` tool naming one sends its headers. */
  mcpServers?: readonly McpServer[];
  /** MCP sessions shared by the tools of one compiled graph (the resolver makes one when absent). */
  mcpSessions?: McpSessionPool;
  /** Where JavaScript tools run (defaults to QuickJS in-process; the browser passes a sandboxed frame's). */
  sandbox?: CodeSandbox;
}

/**
 * Tool secrets from environment variables named `GRAPHWRIGHT_SECRET_<NAME>`.
 * @example envSecrets(process.env).get("WEATHER_KEY") // process.env.GRAPHWRIGHT_SECRET_WEATHER_KEY
 */
export function envSecrets(env: Record<string, string | undefined>): ToolSecrets {
  return { get: async (name) => env[`GRAPHWRIGHT_SECRET_${name}`] };
}

/**
 * The named secrets `templates` read (`{{ secrets.NAME }}`), by name, or an error saying which
 * one `who` needs and where to set it. Read at call time, never kept.
 * @example await readTemplateSecrets(["Bearer {{ secrets.TOKEN }}"], secrets, 'Tool "forecast"') // { TOKEN: "…" }
 */
export async function readTemplateSecrets(templates: readonly string[], secrets: ToolSecrets | undefined, who: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const name of new Set(templates.flatMap(secretNamesIn))) {
    const value = await secrets?.get(name);
    if (value === undefined || value === "") {
      throw new Error(
        `${who} needs the secret ${name}, which is not set: add it under Tool secrets in Settings (for the CLI, set GRAPHWRIGHT_SECRET_${name}).`,
      );
    }
    out[name] = value;
  }
  return out;
}
