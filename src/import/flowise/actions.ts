/**
 * Agentflow nodes that act: Tool (a catalog tool run with templated arguments), HTTP (an HTTP
 * tool and the Tool node that calls it; headers and credentials become named secrets), and
 * Custom Function (its JavaScript as a sandboxed JavaScript tool; never run at import).
 */
import { LIMITS, redactKeyShapes } from "../../schema/index.js";
import { clampText, idFrom } from "../builder.js";
import type { AgentflowContext } from "./context.js";
import type { FlowNode, Unit } from "./flow.js";
import { sourceOf } from "./flow.js";
import { CREDENTIAL_NAME, noteSecrets, secretHeaders, secretName, splitUrl } from "./headers.js";
import { toolFor } from "./tools.js";
import { arrayOf, fieldsOf, keptReason, newVariableUse, stringOf, templateText, type JsonObject, type VariableUse } from "./values.js";

type Args = Record<string, string>;
const PLACEHOLDER = /\{\{ ([A-Za-z_$][\w$]*(?:\.[\w$-]+)*) \}\}/g;

/** A template over `{ state, input }` as one over `{ args }`: each placeholder becomes an argument the Tool node fills. */
function overArgs(template: string, args: Args): string {
  return template.replace(PLACEHOLDER, (_, path: string) => {
    const name = `a${Object.keys(args).length}`;
    args[name] = `{{ ${path} }}`;
    return `{{ args.${name} }}`;
  });
}

function reportNode(ctx: AgentflowContext, node: FlowNode, to: string[], reasons: string[]): void {
  const reason = reasons.filter((r) => r !== "").join("; ");
  if (reason === "") ctx.builder.report.mapped(sourceOf(node), to);
  else ctx.builder.report.approximated(sourceOf(node), to, reason);
}

function argsSchema(args: Args): JsonObject {
  return { type: "object", properties: Object.fromEntries(Object.keys(args).map((k) => [k, { type: "string" }])) };
}

/** The Tool node: the selected Flowise tool, run with its input arguments. */
export function toolNode(ctx: AgentflowContext, node: FlowNode): Unit {
  const b = ctx.builder;
  const use = newVariableUse();
  const component = stringOf(node.inputs.toolAgentflowSelectedTool);
  const choice = toolFor(b, component, node.inputs.toolAgentflowSelectedToolConfig, idFrom(node.id), { label: node.label });
  let toolId = choice.tools[0];
  if (toolId === undefined) {
    // The date tool is an agent's default tool; a Tool node runs it as a tiny script.
    toolId = b.tool({
      id: `${idFrom(node.id)}_date`,
      kind: "javascript",
      name: b.name("current_date_time"),
      description: "The current date and time.",
      input_schema: { type: "object", properties: {} },
      return_direct: false,
      destructive: false,
      config: { code: "return new Date().toISOString();", timeout_ms: 5_000, memory_limit_mb: 32 },
    });
  }
  const args: Record<string, string> = {};
  for (const row of arrayOf(node.inputs.toolInputArgs).slice(0, LIMITS.listItems)) {
    const fields = fieldsOf(row);
    const name = stringOf(fields.inputArgName).trim();
    if (name !== "" && name.length <= 100) args[name] = templateText(fields.inputArgValue, use, 2_000);
  }
  const id = b.node("tool", { name: b.name(node.label, "Tool"), tool: toolId, args }, ctx.builder.position(node.x, node.y), node.id);
  ctx.channels(use);
  reportNode(
    ctx,
    node,
    [id, ...choice.tools, ...(choice.tools.length ? [] : [toolId])],
    [choice.approximation, arrayOf(node.inputs.toolUpdateState).length > 0 ? "its flow-state updates are not carried over" : "", keptReason(use)],
  );
  return { entry: id, exits: [{ node: id }] };
}

/** The HTTP node: an HTTP tool and a Tool node calling it, its variables passed as arguments. */
export function httpNode(ctx: AgentflowContext, node: FlowNode): Unit {
  const b = ctx.builder;
  const use = newVariableUse();
  const inputs = node.inputs;
  const name = b.name(node.label, "http_request");
  const args: Args = {};
  const secrets: string[] = [];
  const { url, query, lost } = splitUrl(templateText(inputs.url, use, 2_000), name, secrets, (value) => overArgs(value, args));
  for (const row of arrayOf(inputs.queryParams).slice(0, 50)) {
    const fields = fieldsOf(row);
    const key = stringOf(fields.key).trim();
    if (!/^[\w.-]{1,100}$/.test(key)) continue;
    if (CREDENTIAL_NAME.test(key)) {
      const secret = secretName(name, key);
      secrets.push(secret);
      query[key] = `{{ secrets.${secret} }}`;
    } else query[key] = overArgs(templateText(fields.value, use, 2_000), args);
  }
  const headers = secretHeaders(inputs.headers, name);
  secrets.push(...headers.secrets);
  const credential = stringOf(node.data.credential) || stringOf(inputs.credential) || stringOf(inputs.FLOWISE_CREDENTIAL_ID);
  if (credential !== "" && !Object.keys(headers.headers).some((h) => h.toLowerCase() === "authorization")) {
    const secret = secretName(name, "credential");
    secrets.push(secret);
    headers.headers.Authorization = `Bearer {{ secrets.${secret} }}`;
  }
  noteSecrets(b, secrets, `HTTP node ${node.label}`);
  const method = ["GET", "POST", "PUT", "PATCH", "DELETE"].includes(stringOf(inputs.method)) ? (stringOf(inputs.method) as "GET") : "GET";
  const bodyRows = arrayOf(inputs.body);
  const bodyText = bodyRows.length > 0 ? "" : templateText(inputs.body, use);
  const jsonBody = bodyRows.length
    ? Object.fromEntries(
        bodyRows
          .map((r) => fieldsOf(r))
          .filter((r) => /^[\w.-]{1,100}$/.test(stringOf(r.key)))
          .map((r) => [stringOf(r.key), overArgs(templateText(r.value, use, 2_000), args)]),
      )
    : undefined;
  const toolId = b.tool({
    id: `${idFrom(node.id)}_http`,
    kind: "http",
    name,
    description: `The HTTP request of the Flowise node ${clampText(node.label, 100)}.`,
    input_schema: argsSchema(args),
    return_direct: false,
    destructive: method !== "GET",
    config: {
      url,
      method,
      query,
      headers: headers.headers,
      ...(bodyText ? { body: overArgs(bodyText, args) } : {}),
      ...(jsonBody ? { json_body: jsonBody } : {}),
      timeout_ms: 30_000,
      max_response_chars: 20_000,
    },
  });
  const id = b.node("tool", { name: b.name(`${node.label}_call`, "http_call"), tool: toolId, args }, b.position(node.x, node.y), node.id);
  ctx.channels(use);
  reportNode(
    ctx,
    node,
    [id, toolId],
    [
      lost ? "its URL was missing or not http(s): set it again" : "",
      secrets.length > 0 ? `credentials became the tool secrets ${secrets.join(", ")}` : "",
      keptReason(use),
    ],
  );
  return { entry: id, exits: [{ node: id }] };
}

/** Lines that give Flowise function code the names it reads (`$input`, `$flow`, `$vars`) from `args`. */
function prelude(code: string, names: string[], args: Args): string {
  const lines = names.map((n) => `const $${n} = args.${n};`);
  if (/\$flow\b/.test(code)) {
    args.input = "{{ input }}";
    args.state = "{{ state }}";
    lines.push("const $flow = { input: args.input, state: args.state || {} };");
  }
  if (/\$vars\b/.test(code)) lines.push("const $vars = {};");
  return lines.length ? `${lines.join("\n")}\n` : "";
}

/** Custom Function: its JavaScript as a JavaScript tool (sandboxed, never run here) and a Tool node. */
export function customFunction(ctx: AgentflowContext, node: FlowNode): Unit {
  const b = ctx.builder;
  const use: VariableUse = newVariableUse();
  const args: Args = {};
  const names: string[] = [];
  for (const row of arrayOf(node.inputs.customFunctionInputVariables).slice(0, 50)) {
    const fields = fieldsOf(row);
    const name = stringOf(fields.variableName).trim();
    if (!/^[A-Za-z_][A-Za-z0-9_]{0,63}$/.test(name) || name in args) continue;
    names.push(name);
    args[name] = templateText(fields.variableValue, use, 2_000);
  }
  // Copied as text, never run; a key written into the code is redacted like any other.
  const code = redactKeyShapes(stringOf(node.inputs.customFunctionJavascriptFunction));
  const name = b.name(node.label, "custom_function");
  const toolId = b.tool({
    id: `${idFrom(node.id)}_code`,
    kind: "javascript",
    name,
    description: `The custom function of the Flowise node ${clampText(node.label, 100)}.`,
    input_schema: argsSchema(args),
    return_direct: false,
    destructive: false,
    config: { code: clampText(prelude(code, names, args) + (code || "return '';"), LIMITS.textLength), timeout_ms: 5_000, memory_limit_mb: 32 },
  });
  const id = b.node("tool", { name: b.name(`${node.label}_run`, "run_function"), tool: toolId, args }, b.position(node.x, node.y), node.id);
  if (/\brequire\s*\(/.test(code))
    b.note(`${node.label}: its code uses require(); the JavaScript sandbox has no modules or network, so change it before running.`);
  ctx.channels(use);
  reportNode(
    ctx,
    node,
    [id, toolId],
    [
      "its JavaScript runs in the sandbox (no modules, no network); $flow and $vars are read from arguments",
      arrayOf(node.inputs.customFunctionUpdateState).length > 0 ? "its flow-state updates are not carried over" : "",
      keptReason(use),
    ],
  );
  return { entry: id, exits: [{ node: id }] };
}
