/**
 * Headless runner: `npm run cli -- run <graph.json> "<message>" [--thread id] [--checkpoint store] [--graphs dir] [--json]`,
 * or `run <graph.json> --thread id --resume '<answer>'` to answer a paused run.
 * Runs an exported document in Node with the same engine the browser uses.
 */
import { readFile } from "node:fs/promises";
import { dirname } from "node:path";
import { parseArgs } from "node:util";
import { compileGraph, runFollowUp, runGraph, EngineError, type CompiledDocument, type ResumeRequest, type RunEvent, type RunInput } from "../engine/index.js";
import { formatIssues, validateText, type GraphDocument } from "../schema/index.js";
import { nodeServices } from "../server/graph/nodeServices.js";
import { CheckpointError, openCheckpointer, parseCheckpointSpec, redactPassword, type CheckpointSpec, type OpenCheckpointer } from "./checkpointer.js";
import { formatEvent } from "./format.js";
import { folderGraphLibrary } from "../server/graph/graphLibrary.js";

const USAGE = `Usage: npm run cli -- run <graph.json> "<message>" [--thread <id>] [--checkpoint <store>] [--graphs <dir>] [--json]
       npm run cli -- run <graph.json> --thread <id> --resume '<answer>' [--interrupt <id>] [--checkpoint <store>]

  --thread <id>          thread to run on (default: a new thread)
  --checkpoint <store>   where threads are kept, so a later run can resume one:
                         memory (default, this run only), sqlite:<file>,
                         postgres://user:password@host:port/database
  --graphs <dir>         where Subgraph nodes find other graphs, by meta.id or file
                         name (default: the folder of <graph.json>)
  --json                 print one JSON event per line instead of readable text
  --resume <answer>      answer the run paused on --thread (exit code 3 means paused):
                         '{"decision":"approve"}', '{"decision":"reject","reason":"…"}',
                         '{"decision":"edit","args":{…}}' or '{"option_id":"<id>"}'
  --interrupt <id>       which pending interrupt the answer is for, when there are several

Provider keys come from OPENAI_API_KEY and ANTHROPIC_API_KEY.`;

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
      },
    });
  } catch (error) {
    fail(`${(error as Error).message}\n\n${USAGE}`);
  }
  const [command, file, message] = parsed.positionals;
  if (parsed.values.help || !command) return (process.stdout.write(`${USAGE}\n`), 0);
  if (command !== "run") fail(`Unknown command "${command}".\n\n${USAGE}`);
  const resume = parsed.values.resume === undefined ? undefined : resumeRequest(parsed.values.resume, parsed.values.interrupt, parsed.values.thread);
  if (!file || (message === undefined && !resume)) fail(`run needs a graph file and a message.\n\n${USAGE}`);
  let spec: CheckpointSpec;
  try {
    spec = parseCheckpointSpec(parsed.values.checkpoint);
  } catch (error) {
    fail(error instanceof CheckpointError ? error.message : String(error));
  }

  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch (error) {
    fail(`Cannot read ${file}: ${(error as NodeJS.ErrnoException).code === "ENOENT" ? "no such file" : (error as Error).message}`);
  }
  const validation = validateText(text);
  if (!validation.ok) fail(`${file} is not a valid Graphwright graph:\n${formatIssues(validation.errors)}`);

  let checkpoint: OpenCheckpointer;
  try {
    checkpoint = await openCheckpointer(spec);
  } catch (error) {
    if (error instanceof CheckpointError) fail(error.message, 1);
    throw error;
  }
  try {
    return await run(validation.document, file, { message: message ?? "", ...(resume ? { resume } : {}) }, checkpoint, parsed.values);
  } finally {
    await checkpoint.close();
  }
}

/** The `--resume` answer as a resume request; a paused run lives on a named thread. */
function resumeRequest(answer: string, interrupt: string | undefined, thread: string | undefined): ResumeRequest {
  if (!thread) fail("--resume answers a paused run: name its thread with --thread <id>");
  let value: unknown;
  try {
    value = JSON.parse(answer);
  } catch (error) {
    fail(`--resume takes a JSON answer such as '{"decision":"approve"}': ${(error as Error).message}`);
  }
  return { value, ...(interrupt ? { interrupt_id: interrupt } : {}) };
}

async function run(
  document: GraphDocument,
  file: string,
  input: RunInput,
  checkpoint: OpenCheckpointer,
  options: { thread?: string; graphs?: string; json: boolean },
): Promise<number> {
  let compiled;
  const services = nodeServices(document, { checkpointer: checkpoint.saver, graphs: folderGraphLibrary(options.graphs ?? dirname(file)) });
  const { tools } = services;
  try {
    compiled = compileGraph(document, services);
  } catch (error) {
    fail(`${file} cannot be compiled: ${error instanceof EngineError ? error.message : String(error)}`);
  }

  const controller = new AbortController();
  process.once("SIGINT", () => controller.abort());
  const threadId = options.thread ?? `cli-${Date.now().toString(36)}`;
  const state = { streaming: false };
  const print = (event: RunEvent) => process.stdout.write(options.json ? `${JSON.stringify(event)}\n` : formatEvent(event, state));
  let status = "completed";
  const queued: string[] = [];
  const follow = (event: RunEvent) => {
    print(event);
    if (event.type === "delegation_queued") queued.push(event.task_id);
    if (event.type === "run_end") status = event.status;
  };
  for await (const event of runGraph(compiled, input, { threadId, signal: controller.signal })) follow(event);
  // Background delegations (seed 002) report back in a follow-up turn, as in the app: the
  // command waits for each task it queued and runs that turn before it exits.
  while (status === "completed" && queued.length > 0) {
    const id = queued.shift() as string;
    if (!options.json) process.stdout.write(`… waiting for background task ${id}\n`);
    if (!(await settledUnlessAborted(compiled, id, controller.signal))) {
      status = "cancelled";
      break;
    }
    for await (const event of runFollowUp(compiled, id, { threadId, signal: controller.signal })) follow(event);
  }
  // MCP sessions end with the command (a DELETE each), so servers need not wait for them to expire.
  await tools.close();
  if (status === "interrupted") process.stderr.write(`Paused for an answer: npm run cli -- run ${file} --thread ${threadId} --resume '<answer>'\n`);
  return status === "completed" ? 0 : status === "cancelled" ? 130 : status === "interrupted" ? 3 : 1;
}

/** Waits for a background task to settle; false when Ctrl-C came first. */
async function settledUnlessAborted(compiled: CompiledDocument, taskId: string, signal: AbortSignal): Promise<boolean> {
  if (signal.aborted) return false;
  let onAbort = () => undefined as void;
  const aborted = new Promise<false>((resolve) => {
    onAbort = () => resolve(false);
    signal.addEventListener("abort", onAbort, { once: true });
  });
  try {
    return await Promise.race([compiled.team.tasks.settled(taskId).then(() => true as const), aborted]);
  } finally {
    signal.removeEventListener("abort", onAbort);
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    const message =
      error instanceof CliFailure ? error.message : `Unexpected failure: ${redactPassword(error instanceof Error ? error.message : String(error))}`;
    process.stderr.write(`${message}\n`);
    process.exit(error instanceof CliFailure ? error.exitCode : 1);
  },
);
