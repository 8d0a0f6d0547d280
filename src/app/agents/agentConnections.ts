/**
 * What another agent needs to use a graph published to a runtime server: the MCP URL, the
 * configuration Claude Desktop, Claude Code and Cursor take, the stdio command and the A2A
 * agent card's URL. Pure: the `Use from other agents` panel renders these and copies them.
 */
import { mcpToolName } from "../../schema/index.js";
import { fileNameFor } from "../io/fileName";

/** Stands where the server's API key goes: the saved key never enters a snippet. */
export const API_KEY_PLACEHOLDER = "<your key>";

/** The name the MCP server gets in each client's configuration (it serves every published graph). */
export const MCP_SERVER_NAME = "graphwright";

export interface PublishedTarget {
  /** The runtime server's URL (without a trailing slash is best; one is dropped). */
  serverUrl: string;
  /** The graph's `meta.id` and `meta.name`. */
  graphId: string;
  graphName: string;
  /** The server's assistant for the graph. */
  assistantId: string;
  /** The server asks for an API key (`x-api-key`): snippets carry a placeholder for it. */
  needsKey: boolean;
}

export interface AgentConnection {
  /** The visible label and the field's accessible name; its copy button is `Copy <title>`. */
  title: string;
  text: string;
  /** Where it goes, in a sentence. */
  hint: string;
  multiline: boolean;
}

/** Shell words that need no quoting; anything else is single-quoted. */
const shellWord = (word: string) => (/^[A-Za-z0-9_/:.@%+=,-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`);

/** mcp-remote refuses plain http except to localhost and 127.0.0.1 unless told to allow it (saying so needlessly is harmless). */
function mcpRemoteAllowsHttp(url: URL): boolean {
  return url.hostname === "localhost" || url.hostname === "127.0.0.1";
}

/**
 * Everything the panel shows for one published graph, in the order it shows them.
 * @example
 * agentConnections({ serverUrl: "http://127.0.0.1:8123", graphId: "weather", graphName: "Weather", assistantId: "a1", needsKey: false })[0]
 * // { title: "MCP URL", text: "http://127.0.0.1:8123/mcp", … }
 */
export function agentConnections(target: PublishedTarget): AgentConnection[] {
  const base = target.serverUrl.replace(/\/+$/, "");
  const mcpUrl = `${base}/mcp`;
  const tool = mcpToolName(target.graphId);
  const keyNote = target.needsKey ? ` Replace ${API_KEY_PLACEHOLDER} with the server's API key.` : "";

  // Claude Desktop starts local (stdio) servers: mcp-remote bridges to the HTTP endpoint. The key
  // goes through an environment variable, since arguments with spaces break on some platforms.
  const remoteArgs = ["-y", "mcp-remote", mcpUrl];
  if (new URL(mcpUrl).protocol === "http:" && !mcpRemoteAllowsHttp(new URL(mcpUrl))) remoteArgs.push("--allow-http");
  if (target.needsKey) remoteArgs.push("--header", "x-api-key:${GRAPHWRIGHT_API_KEY}");
  const desktop = {
    mcpServers: {
      [MCP_SERVER_NAME]: { command: "npx", args: remoteArgs, ...(target.needsKey ? { env: { GRAPHWRIGHT_API_KEY: API_KEY_PLACEHOLDER } } : {}) },
    },
  };
  const cursor = {
    mcpServers: { [MCP_SERVER_NAME]: { url: mcpUrl, ...(target.needsKey ? { headers: { "x-api-key": API_KEY_PLACEHOLDER } } : {}) } },
  };
  const claudeCode = ["claude", "mcp", "add", "--transport", "http"];
  if (target.needsKey) claudeCode.push("--header", `"x-api-key: ${API_KEY_PLACEHOLDER}"`);
  claudeCode.push(MCP_SERVER_NAME, shellWord(mcpUrl));
  const graphFile = fileNameFor(target.graphName, "json");

  return [
    {
      title: "MCP URL",
      text: mcpUrl,
      hint: `Streamable HTTP. Every graph published on this server is a tool there; this one is ${tool}.${target.needsKey ? ` Send the server's API key as x-api-key.` : ""}`,
      multiline: false,
    },
    {
      title: "Claude Desktop configuration",
      text: JSON.stringify(desktop, null, 2),
      hint: `Goes in claude_desktop_config.json (merge it into mcpServers); npx runs the mcp-remote bridge to the server.${keyNote}`,
      multiline: true,
    },
    { title: "Claude Code command", text: claudeCode.join(" "), hint: `Run it in a terminal.${keyNote}`, multiline: false },
    {
      title: "Cursor configuration",
      text: JSON.stringify(cursor, null, 2),
      hint: `Goes in .cursor/mcp.json of a project (or ~/.cursor/mcp.json for every project).${keyNote}`,
      multiline: true,
    },
    {
      title: "stdio command",
      // --silent: npm would print its own lines on stdout, which carries the protocol.
      text: `npm run --silent cli -- mcp ${shellWord(graphFile)}`,
      hint: `Serves this graph alone over stdio, without the server: run it in the Graphwright folder with the graph exported as ${graphFile} (Export → JSON). Model keys and tool secrets come from the environment (OPENAI_API_KEY, ANTHROPIC_API_KEY, GRAPHWRIGHT_SECRET_<NAME>).`,
      multiline: false,
    },
    {
      title: "A2A agent card URL",
      text: `${base}/.well-known/agent-card.json?assistant_id=${encodeURIComponent(target.assistantId)}`,
      hint: `For agents that speak A2A: the card names the JSON-RPC endpoint, ${base}/a2a/${encodeURIComponent(target.assistantId)}.${target.needsKey ? ` Send the server's API key as x-api-key.` : ""}`,
      multiline: false,
    },
  ];
}
