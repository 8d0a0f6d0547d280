/** What tool runners may use from their platform: the network, the named secrets and the code sandbox. */
import type { CodeSandbox } from "./sandbox/types.js";
import { secretNamesIn, type McpServer } from "../schema/index.js";
import type { SecretUseRequest, ToolContext } from "../engine/index.js";
import type { McpSessionPool } from "./mcpSessions.js";

/**
 * Named secrets for tools (`{{ secrets.NAME }}`), each bound to the origins it may be sent
 * to: the secrets store and its allow-lists in the browser's engine worker,
 * `GRAPHWRIGHT_SECRET_<NAME>` and `GRAPHWRIGHT_SECRET_<NAME>_ORIGINS` in the CLI and servers.
 * @example const secrets: ToolSecrets = { get: async () => "t0ken", allows: async (_name, origin) => origin === "https://api.github.com" };
 */
export interface ToolSecrets {
  get(name: string): Promise<string | undefined>;
  /** Whether the secret may be sent to `origin` (scheme, host and port). */
  allows(name: string, origin: string): Promise<boolean>;
  /** Adds `origin` to the secret's list (a person chose Always allow); absent where the lists are fixed. */
  allow?(name: string, origin: string): Promise<void>;
  /**
   * Where the lists are fixed (the environment), a secret not allowed for an origin is refused
   * with this message, naming what to set, instead of a person being asked.
   */
  refusal?(name: string, origin: string): string;
}

/** Platform services for tool runners; each has a default where the platform has one. */
export interface ToolServices {
  /** The `fetch` HTTP tools call (defaults to the global one). */
  fetch?: (input: string, init: RequestInit) => Promise<Response>;
  secrets?: ToolSecrets;
  /** The graph's name, for the question a secret's first use asks. */
  graph?: string;
  /** The graph's MCP servers: an `mcp` tool naming one sends its headers. */
  mcpServers?: readonly McpServer[];
  /** MCP sessions shared by the tools of one compiled graph (the resolver makes one when absent). */
  mcpSessions?: McpSessionPool;
  /** Where JavaScript tools run (defaults to QuickJS in-process; the browser passes a sandboxed frame's). */
  sandbox?: CodeSandbox;
}

/** The environment variable listing the origins a CLI or server secret may go to. */
export function originsVariable(name: string): string {
  return `GRAPHWRIGHT_SECRET_${name}_ORIGINS`;
}

/**
 * Tool secrets from environment variables: the value in `GRAPHWRIGHT_SECRET_<NAME>`, the
 * origins it may go to in `GRAPHWRIGHT_SECRET_<NAME>_ORIGINS` (comma-separated). A secret
 * without that list goes nowhere.
 * @example envSecrets(process.env).get("WEATHER_KEY") // process.env.GRAPHWRIGHT_SECRET_WEATHER_KEY
 */
export function envSecrets(env: Record<string, string | undefined>): ToolSecrets {
  return {
    get: async (name) => env[`GRAPHWRIGHT_SECRET_${name}`],
    allows: async (name, origin) => originList(env[originsVariable(name)]).includes(origin),
    refusal: (name, origin) =>
      `The secret ${name} may not be sent to ${origin}: set ${originsVariable(name)} to a comma-separated list of the origins it may go to, including ${origin}.`,
  };
}

/**
 * Origins from a comma-separated list, each as `new URL(…).origin` gives it, so
 * `https://API.github.com/` matches `https://api.github.com`; entries that are not http(s) URLs are dropped.
 * @example originList("https://api.github.com, http://127.0.0.1:8080/") // ["https://api.github.com", "http://127.0.0.1:8080"]
 */
export function originList(text: string | undefined): string[] {
  return (text ?? "")
    .split(",")
    .map((entry) => httpOrigin(entry.trim()))
    .filter((origin): origin is string => origin !== null);
}

/** The origin of an http(s) URL, or null. */
export function httpOrigin(url: string): string | null {
  try {
    const parsed = new URL(url);
    return parsed.protocol === "http:" || parsed.protocol === "https:" ? parsed.origin : null;
  } catch {
    return null;
  }
}

/** Where the secrets of one request go and who may be asked about it. */
export interface SecretDestination {
  /** The request's origin. */
  origin: string;
  /** The tool (or MCP server) sending them, for the question and messages. */
  tool: string;
  graph?: string | undefined;
  ask?: ToolContext["askSecretUse"] | undefined;
}

/**
 * The named secrets `templates` read (`{{ secrets.NAME }}`), by name, or an error saying which
 * one `who` needs and where to set it. Read at call time, never kept. This is the one place a
 * secret is checked against its origins: a secret not allowed for `to.origin` is sent only
 * after a person allows it (`to.ask`, which pauses the run), and refused where no one can be asked.
 * @example await readTemplateSecrets(["Bearer {{ secrets.TOKEN }}"], secrets, 'Tool "forecast"', { origin: "https://api.example.com", tool: "forecast" }) // { TOKEN: "…" }
 */
export async function readTemplateSecrets(
  templates: readonly string[],
  secrets: ToolSecrets | undefined,
  who: string,
  to: SecretDestination,
): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const name of new Set(templates.flatMap(secretNamesIn))) {
    const value = await secrets?.get(name);
    if (!secrets || value === undefined || value === "") {
      throw new Error(
        `${who} needs the secret ${name}, which is not set: add it under Tool secrets in Settings (for the CLI, set GRAPHWRIGHT_SECRET_${name}).`,
      );
    }
    if (!(await secrets.allows(name, to.origin))) await askForOrigin(secrets, name, who, to);
    out[name] = value;
  }
  return out;
}

/**
 * The secrets `templates` read that are set but not allowed for `to.origin`, as the questions
 * a run would ask; none where the lists are fixed (those are refused when the call is made).
 * @example await secretsToAsk(["{{ secrets.TOKEN }}"], secrets, { origin: "https://evil.example", tool: "t" }) // [{ graph: "this graph", tool: "t", secret: "TOKEN", origin: "https://evil.example" }]
 */
export async function secretsToAsk(templates: readonly string[], secrets: ToolSecrets | undefined, to: SecretDestination): Promise<SecretUseRequest[]> {
  if (!secrets || secrets.refusal) return [];
  const out: SecretUseRequest[] = [];
  for (const name of new Set(templates.flatMap(secretNamesIn))) {
    const value = await secrets.get(name);
    if (value === undefined || value === "" || (await secrets.allows(name, to.origin))) continue;
    out.push({ graph: to.graph ?? "this graph", tool: to.tool, secret: name, origin: to.origin });
  }
  return out;
}

async function askForOrigin(secrets: ToolSecrets, name: string, who: string, to: SecretDestination): Promise<void> {
  if (secrets.refusal) throw new Error(`${who}: ${secrets.refusal(name, to.origin)}`);
  if (!to.ask) {
    throw new Error(
      `${who} would send the secret ${name} to ${to.origin}, which is not allowed for it: allow ${to.origin} for ${name} under Tool secrets in Settings.`,
    );
  }
  const decision = to.ask({ graph: to.graph ?? "this graph", tool: to.tool, secret: name, origin: to.origin });
  if (decision === "deny") {
    throw new Error(`The user denied sending the secret ${name} to ${to.origin}, so ${who} was not called. Do not retry it unless the user asks.`);
  }
  if (decision === "always") await secrets.allow?.(name, to.origin);
}
