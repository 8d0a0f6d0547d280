/** Built-in catalog tools: calculator, echo and an HTTP fetch for public pages. */
import type { ToolDefinition } from "../schema/index.js";
import type { RunnableTool, ToolContext } from "../engine/index.js";

type BuiltinDefinition = Extract<ToolDefinition, { kind: "builtin" }>;
type Handler = (args: Record<string, unknown>, context: ToolContext) => Promise<unknown>;

const MAX_FETCH_CHARS = 20_000;

let mathPromise: Promise<(expression: string) => unknown> | undefined;
/** mathjs, loaded on first use, with the functions that could reach outside the expression removed. */
function loadMath(): Promise<(expression: string) => unknown> {
  mathPromise ??= import("mathjs").then(({ create, all }) => {
    const math = create(all ?? {});
    const evaluate = math.evaluate.bind(math);
    const blocked = ["import", "createUnit", "reviver", "evaluate", "parse", "simplify", "derivative", "resolve", "compile"];
    math.import(
      Object.fromEntries(
        blocked.map((name) => [
          name,
          () => {
            throw new Error(`${name} is not allowed in the calculator`);
          },
        ]),
      ),
      { override: true },
    );
    return (expression: string) => evaluate(expression);
  });
  return mathPromise;
}

function requireString(args: Record<string, unknown>, key: string): string {
  const value = args[key];
  if (typeof value !== "string" || value.trim() === "") throw new Error(`Argument "${key}" must be a non-empty string`);
  return value;
}

const handlers: Record<BuiltinDefinition["config"]["builtin"], Handler> = {
  async calculator(args) {
    const expression = requireString(args, "expression");
    if (expression.length > 1_000) throw new Error("Expression is longer than 1,000 characters");
    const evaluate = await loadMath();
    const result = evaluate(expression);
    if (typeof result === "number" || typeof result === "boolean") return String(result);
    if (result && typeof result !== "function" && typeof (result as { toString?: unknown }).toString === "function") return String(result);
    throw new Error(`"${expression}" did not produce a value`);
  },
  async echo(args) {
    return args.text ?? args;
  },
  async http_fetch(args, context) {
    const url = new URL(requireString(args, "url"));
    if (url.protocol !== "https:" && url.protocol !== "http:") throw new Error(`Only http and https URLs can be fetched, not ${url.protocol}`);
    const response = await fetch(url, { ...(context.signal ? { signal: context.signal } : {}), redirect: "follow" });
    const body = await response.text();
    const text = body.length > MAX_FETCH_CHARS ? `${body.slice(0, MAX_FETCH_CHARS)}\n[truncated ${body.length - MAX_FETCH_CHARS} characters]` : body;
    if (!response.ok) throw new Error(`${url.host} answered ${response.status} ${response.statusText}: ${text.slice(0, 500)}`);
    return text;
  },
};

/** The argument schema each built-in expects, used when a document leaves it empty. */
export const builtinInputSchemas: Record<BuiltinDefinition["config"]["builtin"], BuiltinDefinition["input_schema"]> = {
  calculator: { type: "object", properties: { expression: { type: "string", description: "Math expression, e.g. 2 * (3 + 4)" } }, required: ["expression"] },
  echo: { type: "object", properties: { text: { type: "string" } } },
  http_fetch: { type: "object", properties: { url: { type: "string", description: "http(s) URL" } }, required: ["url"] },
};

export function builtinTool(definition: BuiltinDefinition): RunnableTool {
  const handler = handlers[definition.config.builtin];
  const props = definition.input_schema.properties;
  const hasSchema = props && typeof props === "object" && Object.keys(props).length > 0;
  const effective = hasSchema ? definition : { ...definition, input_schema: builtinInputSchemas[definition.config.builtin] };
  return { definition: effective, invoke: (args, context) => handler(args, context) };
}
