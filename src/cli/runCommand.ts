// `run`: one turn of a graph here, in Node, or the answer to a paused run (`--resume`). Loaded
// only for this command, so the others start without the engine.
import { dirname } from "node:path";
import {
  compileGraph,
  readResumeAnswer,
  runFollowUp,
  runGraph,
  EngineError,
  type CompiledDocument,
  type ResumeRequest,
  type RunEvent,
  type RunInput,
} from "../engine/index.js";
import type { GraphDocument } from "../schema/index.js";
import { folderGraphLibrary } from "../server/graph/graphLibrary.js";
import { nodeServices } from "../server/graph/nodeServices.js";
import { checkpointSpecOrFail, openCheckpointerOrFail, type OpenCheckpointer } from "./checkpointer.js";
import { formatEvent, type FormatState } from "./format.js";
import { warnUnpackedKnowledge } from "./knowledgeWarnings.js";
import { cliMemory } from "./memoryIndex.js";
import { USAGE } from "./usage.js";

export interface RunCommandContext {
  readDocument(file: string): Promise<GraphDocument>;
  fail(message: string, code?: number): never;
}

export interface RunCommandOptions {
  thread?: string;
  checkpoint: string;
  graphs?: string;
  json: boolean;
  resume?: string;
  interrupt?: string;
}

/** Runs the command; resolves with its exit code (0 completed, 1 failed, 3 paused, 130 stopped). */
export async function runCommand(
  file: string | undefined,
  message: string | undefined,
  values: RunCommandOptions,
  context: RunCommandContext,
): Promise<number> {
  const resume = values.resume === undefined ? undefined : resumeRequest(context, values.resume, values.interrupt, values.thread);
  if (!file || (message === undefined && !resume)) context.fail(`run needs a graph file and a message.\n\n${USAGE}`);
  const spec = checkpointSpecOrFail(values.checkpoint, context.fail);

  const document = await context.readDocument(file);

  const checkpoint = await openCheckpointerOrFail(spec, context.fail);
  try {
    return await run(context, document, file, { message: message ?? "", ...(resume ? { resume } : {}) }, checkpoint, values);
  } finally {
    await checkpoint.close();
  }
}

/** The `--resume` answer as a resume request; a paused run lives on a named thread. */
function resumeRequest(context: RunCommandContext, answer: string, interrupt: string | undefined, thread: string | undefined): ResumeRequest {
  if (!thread) context.fail("--resume answers a paused run: name its thread with --thread <id>");
  const read = readResumeAnswer(answer, interrupt);
  if (!read.ok) context.fail(`--resume: ${read.message}`);
  return read.request;
}

async function run(
  context: RunCommandContext,
  document: GraphDocument,
  file: string,
  input: RunInput,
  checkpoint: OpenCheckpointer,
  options: { thread?: string; graphs?: string; json: boolean },
): Promise<number> {
  let compiled;
  const memory = await cliMemory(document, checkpoint);
  if (memory.warning) process.stderr.write(`Warning: ${memory.warning}\n`);
  const services = nodeServices(document, {
    checkpointer: checkpoint.saver,
    store: memory.store,
    graphs: folderGraphLibrary(options.graphs ?? dirname(file)),
  });
  const { tools } = services;
  try {
    compiled = compileGraph(document, services);
  } catch (error) {
    context.fail(`${file} cannot be compiled: ${error instanceof EngineError ? error.message : String(error)}`);
  }

  warnUnpackedKnowledge(document);
  const controller = new AbortController();
  process.once("SIGINT", () => controller.abort());
  const threadId = options.thread ?? `cli-${Date.now().toString(36)}`;
  const state: FormatState = { streaming: false, profiles: document.models };
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
