/**
 * src/tools.ts of the generated project: each catalog tool as a LangChain tool with a zod
 * schema — mock tools return their canned results, JavaScript tools are the user's code as a
 * plain function, builtins are the equivalent plain code, HTTP tools send their request with
 * fetch (src/httpTool.ts), MCP tools call their server with the MCP SDK (src/mcp.ts) — and one
 * search tool per knowledge base. A tool's `return_direct` is LangChain's `returnDirect`.
 */
import type { ToolDefinition, ToolOfKind } from "../schema/index.js";
import { docComment, regexExpression, stringLiteral, templateLiteral, valueLiteral } from "./escape.js";
import { todo, type EjectPlan } from "./plan.js";
import { zodExpression } from "./zodSchema.js";

export const TOOLS_PATH = "src/tools.ts";

/** The argument schema each builtin expects when the document leaves it empty (as the engine does). */
const BUILTIN_SCHEMAS: Record<ToolOfKind<"builtin">["config"]["builtin"], unknown> = {
  calculator: { type: "object", properties: { expression: { type: "string", description: "Math expression, e.g. 2 * (3 + 4)" } }, required: ["expression"] },
  echo: { type: "object", properties: { text: { type: "string" } } },
  http_fetch: { type: "object", properties: { url: { type: "string", description: "http(s) URL" } }, required: ["url"] },
};

interface ToolSource {
  body: string;
  schema: unknown;
  uses: Set<string>;
}

function mockBody(definition: ToolOfKind<"mock">, uses: Set<string>): string {
  uses.add("render");
  const lines = [];
  if (definition.config.latency_ms > 0) {
    uses.add("sleep");
    lines.push(`await sleep(${definition.config.latency_ms});`);
  }
  lines.push("const json = JSON.stringify(args);", "const scope = { args };");
  for (const response of definition.config.responses) {
    const outcome =
      response.error !== undefined
        ? `throw new Error(render(${templateLiteral(response.error)}, scope));`
        : `return render(${templateLiteral(response.result ?? "")}, scope);`;
    lines.push(response.when ? `if (${regexExpression(response.when, "i")}.test(json)) ${outcome}` : outcome);
  }
  lines.push(`return render(${templateLiteral(definition.config.default)}, scope);`);
  return `async (args) => {\n${lines.join("\n")}\n}`;
}

const BUILTIN_BODIES: Record<ToolOfKind<"builtin">["config"]["builtin"], string> = {
  calculator: "({ expression }) => String(calculate(expression))",
  echo: "(args) => resultText(args.text ?? args)",
  http_fetch: `async ({ url }) => {
  const target = new URL(url);
  if (target.protocol !== "https:" && target.protocol !== "http:") throw new Error(\`Only http and https URLs can be fetched, not \${target.protocol}\`);
  const response = await fetch(target, { redirect: "follow" });
  const body = await response.text();
  const text = body.length > 20_000 ? \`\${body.slice(0, 20_000)}\\n[truncated \${body.length - 20_000} characters]\` : body;
  if (!response.ok) throw new Error(\`\${target.host} answered \${response.status} \${response.statusText}: \${text.slice(0, 500)}\`);
  return text;
}`,
};

function hasProperties(schema: unknown): boolean {
  const properties = (schema as { properties?: unknown } | undefined)?.properties;
  return Boolean(properties && typeof properties === "object" && Object.keys(properties).length > 0);
}

function toolSource(plan: EjectPlan, definition: ToolDefinition, uses: Set<string>): ToolSource | null {
  switch (definition.kind) {
    case "mock":
      return { body: mockBody(definition, uses), schema: definition.input_schema, uses };
    case "javascript":
      uses.add("resultText");
      return {
        // The user's code, as written in the graph: the body of an async function of `args`.
        body: `async (args) => resultText(await (async () => {\n${definition.config.code}\n})())`,
        schema: definition.input_schema,
        uses,
      };
    case "builtin": {
      const builtin = definition.config.builtin;
      if (builtin === "calculator") uses.add("calculate");
      if (builtin === "echo") uses.add("resultText");
      return { body: BUILTIN_BODIES[builtin], schema: hasProperties(definition.input_schema) ? definition.input_schema : BUILTIN_SCHEMAS[builtin], uses };
    }
    case "agent":
      // An agent run as a tool is built in graph.ts, where the agents are.
      return null;
    case "http":
      uses.add("httpTool");
      return {
        body: `(args, config) => httpTool(${httpConfig(definition)}, ${argsOf(definition.input_schema)}, config.signal)`,
        schema: definition.input_schema,
        uses,
      };
    case "mcp": {
      uses.add("callMcpTool");
      const server = plan.document.mcp_servers?.find((s) => s.name === definition.config.server);
      const endpoint = {
        url: definition.config.server_url,
        ...(server ? { name: server.name } : {}),
        ...(server && Object.keys(server.headers).length > 0 ? { headers: server.headers } : {}),
      };
      return {
        body: `(args, config) => callMcpTool(${valueLiteral(endpoint)}, ${stringLiteral(definition.config.tool)}, ${argsOf(definition.input_schema)}, config.signal)`,
        schema: definition.input_schema,
        uses,
      };
    }
    default: {
      const never: never = definition;
      throw new Error(`Unknown tool kind ${String((never as ToolDefinition).kind)}`);
    }
  }
}

/** The call's arguments as the runners take them: an object schema's are already a record. */
const argsOf = (schema: unknown) => (zodExpression(schema).startsWith("z.object(") ? "args" : "(args as Record<string, unknown>)");

/** An HTTP tool's request, as src/httpTool.ts takes it: only what differs from an empty request is written. */
function httpConfig(definition: ToolOfKind<"http">): string {
  const { config } = definition;
  const fields: Record<string, unknown> = { name: definition.name, method: config.method, url: config.url };
  if (Object.keys(config.query).length > 0) fields.query = config.query;
  if (Object.keys(config.headers).length > 0) fields.headers = config.headers;
  if (config.body !== undefined) fields.body = config.body;
  if (config.json_body !== undefined) fields.jsonBody = config.json_body;
  fields.timeoutMs = config.timeout_ms;
  fields.maxResponseChars = config.max_response_chars;
  return valueLiteral(fields);
}

const HELPERS: Record<string, string> = {
  sleep: "const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));",
  resultText: `/** A tool's result as the model reads it: text as it is, anything else as JSON. */
const resultText = (value: unknown): string => (typeof value === "string" ? value : value === undefined ? "" : JSON.stringify(value));`,
};

export function toolsFile(plan: EjectPlan): string {
  const uses = new Set<string>();
  const blocks: string[] = [];
  for (const definition of plan.document.tools) {
    const source = toolSource(plan, definition, uses);
    if (!source) continue;
    const name = plan.tools.get(definition.id) as string;
    // returnDirect: the tool's result is the agent's answer, and the turn ends (src/agentLoop.ts).
    const returnDirect = definition.return_direct ? ", returnDirect: true" : "";
    blocks.push(
      `${docComment(definition.description)}export const ${name} = tool(${source.body}, { name: ${stringLiteral(definition.name)}, description: ${stringLiteral(definition.description)}, schema: ${zodExpression(source.schema)}${returnDirect} });`,
    );
  }
  for (const base of plan.document.knowledge_bases ?? []) {
    uses.add("knowledgeBase");
    const name = plan.knowledge.get(base.id) as string;
    const files = base.files.map((file) => `{ name: ${stringLiteral(file.name)}, text: ${templateLiteral(file.text ?? "")} }`);
    const unpacked = base.files.filter((file) => file.text === undefined).map((file) => file.name);
    const missing =
      unpacked.length > 0
        ? `${todo(plan, { name: `search_${base.name}`, reason: `the text of ${unpacked.join(", ")} is not in the graph file (export it with "include knowledge bases"): those files are searched as empty`, file: TOOLS_PATH })}\n`
        : "";
    const description = `Search the knowledge base "${base.name}"${base.description ? ` (${base.description})` : ""}. Returns the best passages with their source file and lines.`;
    blocks.push(`${missing}${docComment(`The ${base.name} knowledge base: its files, indexed when the graph starts.`)}const ${name}Index = knowledgeBase(${stringLiteral(base.name)}, [${files.join(",\n")}]);
export const ${name} = tool(({ query, k }) => ${name}Index.search(query, k), {
  name: ${stringLiteral(`search_${base.name}`)},
  description: ${stringLiteral(description)},
  schema: z.object({ query: z.string().describe("What to look for, in words the passages would use"), k: z.number().int().min(1).max(20).optional().describe("How many passages (default 5)") }),
});`);
  }
  const imports = ['import { tool } from "@langchain/core/tools";', 'import { z } from "zod";'];
  if (uses.has("render")) imports.push('import { render } from "./template.js";');
  if (uses.has("calculate")) imports.push('import { calculate } from "./calculator.js";');
  if (uses.has("knowledgeBase")) imports.push('import { knowledgeBase } from "./knowledge.js";');
  if (uses.has("httpTool")) imports.push('import { httpTool } from "./httpTool.js";');
  if (uses.has("callMcpTool")) imports.push('import { callMcpTool } from "./mcp.js";');
  const helpers = Object.entries(HELPERS).flatMap(([key, text]) => (uses.has(key) ? [text] : []));
  return [`/** The graph's tools, each with the schema of its arguments. */`, ...imports, "", ...helpers, "", blocks.join("\n\n")].join("\n");
}
