/**
 * Headless runner: `npm run cli -- run <graph.json> "<message>" [--thread id] [--json]`.
 * Runs an exported document in Node with the same engine the browser uses.
 */
import { readFile } from "node:fs/promises";
import { parseArgs } from "node:util";
import { compileGraph, runGraph, EngineError } from "../engine/index.js";
import { createModelResolver } from "../models/index.js";
import { createScriptedModel } from "../models/scripted.js";
import { formatIssues, validateText, type Provider } from "../schema/index.js";
import { createToolResolver } from "../tools/index.js";
import { formatEvent } from "./format.js";

const USAGE = `Usage: npm run cli -- run <graph.json> "<message>" [--thread <id>] [--json]

  --thread <id>   thread to run on (default: a new thread)
  --json          print one JSON event per line instead of readable text

Provider keys come from OPENAI_API_KEY and ANTHROPIC_API_KEY.`;

const KEY_VARIABLES: Record<Exclude<Provider, "scripted">, string> = { openai: "OPENAI_API_KEY", anthropic: "ANTHROPIC_API_KEY" };

function fail(message: string, code = 2): never {
  process.stderr.write(`${message}\n`);
  process.exit(code);
}

async function main(argv: string[]): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({ args: argv, allowPositionals: true, options: { thread: { type: "string" }, json: { type: "boolean", default: false }, help: { type: "boolean", short: "h" } } });
  } catch (error) {
    fail(`${(error as Error).message}\n\n${USAGE}`);
  }
  const [command, file, message] = parsed.positionals;
  if (parsed.values.help || !command) return (process.stdout.write(`${USAGE}\n`), 0);
  if (command !== "run") fail(`Unknown command "${command}".\n\n${USAGE}`);
  if (!file || message === undefined) fail(`run needs a graph file and a message.\n\n${USAGE}`);

  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch (error) {
    fail(`Cannot read ${file}: ${(error as NodeJS.ErrnoException).code === "ENOENT" ? "no such file" : (error as Error).message}`);
  }
  const validation = validateText(text);
  if (!validation.ok) fail(`${file} is not a valid Graphwright graph:\n${formatIssues(validation.errors)}`);

  const models = createModelResolver({
    getKey: (provider) => process.env[KEY_VARIABLES[provider as keyof typeof KEY_VARIABLES]] || undefined,
    scripted: createScriptedModel,
  });
  let compiled;
  try {
    compiled = compileGraph(validation.document, { models, tools: createToolResolver() });
  } catch (error) {
    fail(`${file} cannot be compiled: ${error instanceof EngineError ? error.message : String(error)}`);
  }

  const controller = new AbortController();
  process.once("SIGINT", () => controller.abort());
  const threadId = parsed.values.thread ?? `cli-${Date.now().toString(36)}`;
  const state = { streaming: false };
  let status = "completed";
  for await (const event of runGraph(compiled, { message }, { threadId, signal: controller.signal })) {
    process.stdout.write(parsed.values.json ? `${JSON.stringify(event)}\n` : formatEvent(event, state));
    if (event.type === "run_end") status = event.status;
  }
  return status === "completed" ? 0 : status === "cancelled" ? 130 : 1;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => fail(`Unexpected failure: ${error instanceof Error ? error.message : String(error)}`, 1),
);
