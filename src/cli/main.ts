/**
 * Headless runner: `npm run cli -- run <graph.json> "<message>" [--thread id] [--checkpoint store] [--graphs dir] [--json]`,
 * or `run <graph.json> --thread id --resume '<answer>'` to answer a paused run; `test` runs a document's tests (testCommand.ts);
 * `eval` runs a dataset on variants (evalCommand.ts);
 * `import` turns another builder's workflow into a graph file (importCommand.ts);
 * `eject` writes a graph as a LangGraph.js project (ejectCommand.ts);
 * `mcp <graph.json>` serves the graph as an MCP tool over stdio (mcpCommand.ts).
 * Runs an exported document in Node with the same engine the browser uses.
 */
import { readFile } from "node:fs/promises";
import { dirname } from "node:path";
import { parseArgs } from "node:util";
import { formatIssues, validateText, type GraphDocument } from "../schema/index.js";
import { folderGraphLibrary } from "../server/graph/graphLibrary.js";
import type { RuntimeServer } from "../server/runtime/serve.js";
import { corsOrigin } from "../server/runtime/requestGuard.js";
import { USAGE } from "./usage.js";
import { errorMessage } from "../schema/errorMessage.js";

/** Ends the command with a message on stderr; thrown so open stores are closed on the way out. */
class CliFailure extends Error {
  constructor(
    message: string,
    readonly exitCode: number,
  ) {
    super(message);
  }
}

function fail(message: string, code = 2): never {
  throw new CliFailure(message, code);
}

async function main(argv: string[]): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        thread: { type: "string" },
        checkpoint: { type: "string", default: "memory" },
        graphs: { type: "string" },
        json: { type: "boolean", default: false },
        help: { type: "boolean", short: "h" },
        resume: { type: "string" },
        interrupt: { type: "string" },
        out: { type: "string" },
        port: { type: "string" },
        host: { type: "string" },
        state: { type: "string" },
        "cors-origin": { type: "string", multiple: true },
        junit: { type: "string" },
        report: { type: "string" },
        flow: { type: "string" },
        force: { type: "boolean", default: false },
        dataset: { type: "string" },
        variants: { type: "string" },
        concurrency: { type: "string" },
        "min-pass": { type: "string" },
      },
    });
  } catch (error) {
    fail(`${(error as Error).message}\n\n${USAGE}`);
  }
  const [command, file, message] = parsed.positionals;
  if (parsed.values.help || !command) return (process.stdout.write(`${USAGE}\n`), 0);
  if (command === "serve") return serve(parsed.values);
  if (command === "bundle") return bundle(file, parsed.values);
  // Each command loads its own modules (the server, MCP, importers, the exporter), so a
  // command starts without parsing the packages only another one uses.
  const write = (text: string) => process.stdout.write(text);
  if (command === "mcp") {
    const [{ mcpCommand }, { warnUnpackedKnowledge }] = await Promise.all([import("./mcpCommand.js"), import("./knowledgeWarnings.js")]);
    return mcpCommand(file, parsed.values, { readDocument, fail, warn: warnUnpackedKnowledge, usage: USAGE });
  }
  if (command === "test") return (await import("./testCommand.js")).testCommand(file, parsed.values, { readDocument, fail });
  if (command === "eval") return (await import("./evalCommand.js")).evalCommand(file, parsed.values, { readDocument, fail });
  if (command === "eject") return (await import("./ejectCommand.js")).ejectCommand(file, parsed.values, { readDocument, fail, write });
  if (command === "import") return (await import("./importCommand.js")).importCommand(file, parsed.values, { fail, write });
  if (command !== "run") fail(`Unknown command "${command}".\n\n${USAGE}`);
  return (await import("./runCommand.js")).runCommand(file, message, parsed.values, { readDocument, fail });
}

/** Reads and validates a graph file, or ends the command saying what is wrong and where. */
async function readDocument(file: string): Promise<GraphDocument> {
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch (error) {
    fail(`Cannot read ${file}: ${(error as NodeJS.ErrnoException).code === "ENOENT" ? "no such file" : (error as Error).message}`);
  }
  const validation = validateText(text);
  if (!validation.ok) fail(`${file} is not a valid Graphwright graph:\n${formatIssues(validation.errors)}`);
  return validation.document;
}

async function bundle(file: string | undefined, options: { out?: string; graphs?: string }): Promise<number> {
  if (!file || !options.out) fail(`bundle needs a graph file and --out <dir>.\n\n${USAGE}`);
  const document = await readDocument(file);
  let written: string[];
  try {
    const { writeServerBundle } = await import("./bundle.js");
    written = await writeServerBundle(document, options.out, folderGraphLibrary(options.graphs ?? dirname(file)));
  } catch (error) {
    fail((error as Error).message, 1);
  }
  (await import("./knowledgeWarnings.js")).warnUnpackedKnowledge(document);
  process.stdout.write(
    `Wrote a LangGraph server for "${document.meta.name}" (graph id ${document.meta.id}) to ${options.out}: ${written.length} files.\n` +
      `Run it: cd ${options.out} && npm install && npx langgraphjs dev --no-browser\n`,
  );
  return 0;
}

async function serve(options: { port?: string; host?: string; graphs?: string; state?: string; "cors-origin"?: string[] }): Promise<number> {
  const port = Number(options.port ?? 8123);
  if (!Number.isInteger(port) || port < 0 || port > 65535) fail(`--port takes a port number, not "${options.port}"`);
  let corsOrigins: string[] | undefined;
  try {
    corsOrigins = options["cors-origin"]?.map(corsOrigin);
  } catch (error) {
    fail((error as Error).message);
  }
  process.env.LOG_LEVEL ??= "info";
  process.env.LANGGRAPH_CLI_NO_ANALYTICS = "1";
  let server: RuntimeServer;
  try {
    const apiKey = process.env.GRAPHWRIGHT_SERVER_API_KEY || undefined;
    const { startRuntimeServer } = await import("../server/runtime/serve.js");
    server = await startRuntimeServer({
      port,
      host: options.host ?? "127.0.0.1",
      stateDir: options.state ?? ".graphwright-server",
      ...(options.graphs ? { graphsDir: options.graphs } : {}),
      ...(apiKey ? { apiKey } : {}),
      ...(corsOrigins ? { corsOrigins } : {}),
    });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    fail(code === "EADDRINUSE" ? `Port ${port} is taken: choose another with --port` : `The runtime server could not start: ${(error as Error).message}`, 1);
  }
  for (const [file, result] of Object.entries(server.published))
    process.stdout.write(`Published ${file}: ${result.name} (${result.outcome}, version ${result.version})\n`);
  process.stdout.write(`Graphwright runtime server listening on ${server.url}\n`);
  await new Promise<void>((resolve) => {
    process.once("SIGINT", () => resolve());
    process.once("SIGTERM", () => resolve());
  });
  await server.close();
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  async (error: unknown) => {
    // A failure may name a database URL: its password is never printed.
    const { redactPassword } = await import("./checkpointer.js");
    const message = error instanceof CliFailure ? error.message : `Unexpected failure: ${redactPassword(errorMessage(error))}`;
    process.stderr.write(`${message}\n`);
    process.exit(error instanceof CliFailure ? error.exitCode : 1);
  },
);
