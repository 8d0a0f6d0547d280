/** A graph document for tests of MCP tools: server-everything's `echo` and `get-sum`, called by a scripted agent. */
import { scriptedAgentGraph } from "./scriptedAgentGraph.js";

/**
 * Start → an agent on the scripted model that calls server-everything's `echo` and `get-sum` → End; the
 * server's header needs the secret EVERYTHING_KEY.
 * @example const doc = everythingGraph(server.url); // "please echo hello and add" → "Done: The sum of 2 and 3 is 5."
 */
export function everythingGraph(serverUrl: string): object {
  const tool = (name: string, description: string, input_schema: object) => ({
    id: name,
    kind: "mcp",
    name,
    description,
    input_schema,
    config: { server_url: serverUrl, tool: name, server: "everything" },
  });
  return scriptedAgentGraph({
    id: "mcp-cli",
    name: "MCP tool drill",
    extra: { mcp_servers: [{ name: "everything", url: serverUrl, headers: { "X-Api-Key": "{{ secrets.EVERYTHING_KEY }}" } }] },
    tools: [
      tool("echo", "Echoes back the input string", { type: "object", properties: { message: { type: "string" } }, required: ["message"] }),
      tool("get-sum", "Returns the sum of two numbers", { type: "object", properties: { a: { type: "number" }, b: { type: "number" } }, required: ["a", "b"] }),
    ],
    agentTools: ["echo", "get-sum"],
    rules: [
      {
        match: "echo (?<word>\\w+) and add",
        tool_calls: [
          { name: "echo", args: { message: "{{ match.word }}" } },
          { name: "get-sum", args: { a: 2, b: 3 } },
        ],
      },
      { on: "tool", tool: "get-sum", reply: "Done: {{ tool_result }}" },
    ],
  });
}
