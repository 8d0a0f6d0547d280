/**
 * A graph document whose agent calls real services: HTTP tools (a GET with a bearer token and a
 * query key from secrets, a POST with a JSON body that returns directly, one with a deadline, one
 * that is redirected elsewhere) and two tools of an MCP server, on an OpenAI profile that is down
 * with a scripted fallback. Its `tests` (live: the profiles as configured) prove each of them.
 */

/** Where the services are: the tool server's origin and the MCP endpoint. */
export interface WiredServices {
  http: string;
  mcp: string;
}

const objectSchema = (properties: Record<string, unknown>, required: string[] = []) => ({ type: "object", properties, required });

/** @example wiredToolsGraph({ http: server.origin, mcp: everything.url }) */
export function wiredToolsGraph({ http, mcp }: WiredServices): Record<string, unknown> {
  const httpTool = (name: string, description: string, input_schema: object, config: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
    id: name,
    kind: "http",
    name,
    description,
    input_schema,
    config,
    ...extra,
  });
  const mcpTool = (name: string, tool: string, description: string, input_schema: object) => ({
    id: name,
    kind: "mcp",
    name,
    description,
    input_schema,
    config: { server_url: mcp, tool, server: "everything" },
  });
  const tools = [
    httpTool(
      "forecast",
      "The weather forecast for a city",
      objectSchema({ city: { type: "string" }, units: { type: "string", enum: ["metric", "imperial"] } }, ["city"]),
      {
        url: `${http}/forecast/{{ args.city }}`,
        query: { units: "{{ args.units }}", key: "{{ secrets.WEATHER_KEY }}" },
        headers: { Authorization: "Bearer {{ secrets.WEATHER_TOKEN }}" },
      },
    ),
    httpTool(
      "open_ticket",
      "Opens a support ticket; its answer is the reply",
      objectSchema({ title: { type: "string" }, urgent: { type: "boolean" } }, ["title"]),
      { url: `${http}/tickets`, method: "POST", json_body: { title: "{{ args.title }}", urgent: "{{ args.urgent }}" } },
      { return_direct: true },
    ),
    httpTool("wait_forever", "A service that never answers", objectSchema({}), { url: `${http}/silent`, timeout_ms: 300 }),
    httpTool("moved", "A service that moved to another host", objectSchema({}), {
      url: `${http}/moved`,
      headers: { Authorization: "Bearer {{ secrets.WEATHER_TOKEN }}" },
    }),
    mcpTool("echo", "echo", "Echoes back the input string", objectSchema({ message: { type: "string" } }, ["message"])),
    // The catalog's name differs from the server's: the call goes to get-sum.
    mcpTool("add", "get-sum", "Returns the sum of two numbers", objectSchema({ a: { type: "number" }, b: { type: "number" } }, ["a", "b"])),
  ];
  const rules = [
    { match: "^forecast for (?<city>.+)$", tool_calls: [{ name: "forecast", args: { city: "{{ match.city }}", units: "metric" } }] },
    { on: "tool", tool: "forecast", reply: "Forecast: {{ tool_result }}" },
    { match: "^open a ticket: (?<title>.+)$", tool_calls: [{ name: "open_ticket", args: { title: "{{ match.title }}", urgent: true } }] },
    { match: "^wait", tool_calls: [{ name: "wait_forever", args: {} }] },
    { match: "^moved", tool_calls: [{ name: "moved", args: {} }] },
    {
      match: "echo (?<word>\\w+) and add",
      tool_calls: [
        { name: "echo", args: { message: "{{ match.word }}" } },
        { name: "add", args: { a: 2, b: 3 } },
      ],
    },
    { on: "tool", tool: "add", reply: "Done: {{ tool_result }}" },
    { on: "tool", reply: "The tool said: {{ tool_result }}" },
  ];
  const test = (id: string, name: string, message: string, assertions: unknown[]) => ({ id, name, mode: "live", turns: [{ message }], assertions });
  return {
    version: 1,
    meta: { id: "wired-tools", name: "Wired tools", description: "HTTP and MCP tools against real services, on a model with a fallback" },
    models: [
      { id: "primary", provider: "openai", model: "gpt-test", base_url: `${http}/v1`, max_retries: 0, fallbacks: ["offline"] },
      { id: "offline", provider: "scripted", model: "scripted" },
    ],
    tools,
    mcp_servers: [{ name: "everything", url: mcp, headers: { "X-Api-Key": "{{ secrets.EVERYTHING_KEY }}" } }],
    nodes: [
      { id: "start", kind: "start", position: { x: 0, y: 0 } },
      {
        id: "agent",
        kind: "agent",
        position: { x: 0, y: 150 },
        data: { name: "Assistant", model: "primary", tools: tools.map((t) => t.id), default_tools: [], script: { rules } },
      },
      { id: "end", kind: "end", position: { x: 0, y: 300 } },
    ],
    edges: [
      { id: "e1", kind: "flow", source: "start", target: "agent" },
      { id: "e2", kind: "flow", source: "agent", target: "end" },
    ],
    tests: [
      test("t-forecast", "A forecast reads the weather service with its token and key", "forecast for São Paulo", [
        { kind: "tool_called", tool: "forecast", args: { city: "São Paulo" } },
        { kind: "reply_contains", text: '"temp_c":27' },
        { kind: "reply_contains", text: '"units":"metric"' },
      ]),
      test("t-ticket", "A ticket's answer is the reply, without asking the model again", "open a ticket: printer on fire", [
        { kind: "reply_matches", pattern: '^\\{"status":201,"body":\\{"id":"T-1","title":"printer on fire","urgent":true\\}\\}$' },
      ]),
      test("t-deadline", "A service that does not answer within timeout_ms is an error the model reads", "wait for it", [
        { kind: "reply_contains", text: "did not answer within 300 ms" },
      ]),
      test("t-redirect", "A redirect to another origin is refused, so the token goes nowhere else", "moved", [
        { kind: "reply_contains", text: "the redirect was refused" },
      ]),
      test("t-mcp", "MCP tools answer through the server, by the server's tool name", "please echo hello and add", [
        { kind: "tool_called", tool: "echo", args: { message: "hello" } },
        { kind: "tool_called", tool: "add", args: { a: 2, b: 3 } },
        { kind: "reply_contains", text: "Done: The sum of 2 and 3 is 5." },
      ]),
    ],
  };
}
