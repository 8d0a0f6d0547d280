/**
 * The contract between the app and the engine worker, and the only module of src/worker
 * the main thread may import: the messages (plain JSON only: documents, events and state
 * cross the boundary by structured clone; keys never cross it), the storage names both
 * sides agree on, and the few helpers both sides run. Ids are branded (schema/ids.ts): the
 * engine client brands the plain strings it is given as it posts them. It imports engine code as types only,
 * so importing it never pulls the engine into the main bundle.
 */
import type { Breakpoint, RunEvent, TestProgress, TestsReport } from "../engine/index.js";
import type { GraphDocument, GraphId, McpServer, RunId, ThreadId } from "../schema/index.js";
import type { McpToolListing } from "../tools/index.js";
import type { MemoryProgressMessage, MemoryRequest, MemoryResult, StopMemoryRequest } from "./memoryProtocol";
import type { ServerProgressMessage, ServerRequest, ServerResult } from "./serverProtocol";
import type {
  CompareEvaluationsRequest,
  EvaluationComparisonMessage,
  EvaluationProgressMessage,
  EvaluationResultMessage,
  RunEvaluationRequest,
  StopEvaluationRequest,
} from "./evaluationProtocol";
import type { SandboxOutcome, SandboxRequest } from "../tools/sandbox/types.js";
import type { SandboxConnectMessage, SandboxLostMessage, SandboxPortMessage, SandboxStuckMessage } from "./sandboxMessages";

export type { SandboxOutcome, SandboxRequest };
export type { MemoryEntry, MemoryProgressMessage, MemoryRequest, MemoryResult, ReembedOutcome, StopMemoryRequest } from "./memoryProtocol";
export type { PublishedGraph, ServerAnswer, ServerProgressMessage, ServerRequest, ServerResult, ServerThreadSummary } from "./serverProtocol";
export type { SandboxConnectMessage, SandboxLostMessage, SandboxPort, SandboxPortMessage, SandboxStuckMessage } from "./sandboxMessages";

export type { ImportReply, ImportRequest } from "./importProtocol";
export type {
  CompareEvaluationsRequest,
  EvaluationComparisonMessage,
  EvaluationProgressMessage,
  EvaluationResultMessage,
  RunEvaluationRequest,
  StopEvaluationRequest,
} from "./evaluationProtocol";
export { summarizeProblems } from "./problemSummary";
export { readSecretOrigins, TOOL_SECRET_ORIGINS_SETTING, type SecretOrigins } from "./secretOriginsSetting";
export type {
  KnowledgeAddRequest,
  KnowledgeAnswers,
  KnowledgeBaseStats,
  KnowledgeFileError,
  KnowledgePhase,
  KnowledgeProgress,
  KnowledgeReply,
  KnowledgeRequest,
  PackedKnowledgeFile,
} from "./knowledgeProtocol";

/** The IndexedDB database the editor, the playground and the worker's saver share. */
export const APP_DB_NAME = "graphwright";

/** Secret names of provider keys: the settings dialog saves them, the worker reads them. */
export const PROVIDER_SECRETS = { openai: "openai", anthropic: "anthropic" } as const;

/** Tool secrets (`{{ secrets.NAME }}` in HTTP tools and MCP servers) are stored as `tool:NAME`, apart from provider keys. */
export const TOOL_SECRET_PREFIX = "tool:";
/** The secrets-store name of a tool secret. */
export function toolSecretName(name: string): string {
  return `${TOOL_SECRET_PREFIX}${name}`;
}

/** The `error` event code of a turn a reload or a closed tab cut off, which could not resume: the chat offers Retry. */
export const RUN_INTERRUPTED = "RUN_INTERRUPTED";

/** Setting key of the OpenAI-compatible base URL (OpenAI, Ollama, LM Studio, vLLM, OpenRouter). */
export const OPENAI_BASE_URL_SETTING = "openai.base_url";

/**
 * Setting key of the extra hosts each provider key may go to, besides its own endpoint:
 * `{ openai?: string[], anthropic?: string[] }` of origins (`http://127.0.0.1:9999`), each one
 * allowed by the user in Settings.
 */
export const KEY_HOSTS_SETTING = "keys.allowed_hosts";
/** The LangGraph server runs and publishing go to (Settings); its API key is the secret `LANGGRAPH_SERVER_SECRET`, sent only there. */
export const LANGGRAPH_SERVER_URL_SETTING = "langgraph.server_url";
export const LANGGRAPH_SERVER_SECRET = "langgraph_server";
/** Where the playground runs turns: `browser` (default) or `server` (the configured LangGraph server). */
export const RUN_TARGET_SETTING = "run.target";
export type RunTarget = "browser" | "server";
export type KeyHosts = Partial<Record<keyof typeof PROVIDER_SECRETS, string[]>>;

/** The origin (scheme, host, port) of a URL, or null when it is not an http(s) URL. */
export function originOf(url: string): string | null {
  try {
    const parsed = new URL(url);
    return parsed.protocol === "http:" || parsed.protocol === "https:" ? parsed.origin : null;
  } catch {
    return null;
  }
}

/** An origin as a person reads and types it: the host (and port), with the scheme only when it is not https. */
export function hostLabel(origin: string): string {
  const url = new URL(origin);
  return url.protocol === "https:" ? url.host : `${url.protocol}//${url.host}`;
}

/**
 * Runs `work` while holding the thread's lock: one run per thread, across tabs. The worker
 * passes the Web Locks one in; tests pass in-memory ones. With `queue`, a run the page asked for
 * waits its turn behind a run of the same worker (a background task's follow-up turn) and, for a
 * moment, behind another holder (a reloaded page's previous worker), instead of failing at once.
 */
export type ThreadLock = <T>(threadId: string, work: () => Promise<T>, options?: { queue?: boolean }) => Promise<T>;

/** Start one turn of a thread. The worker validates, compiles, runs and persists it. */
export interface RunRequest {
  type: "run";
  runId: RunId;
  threadId: ThreadId;
  graphId: GraphId;
  document: GraphDocument;
  message: string;
  /** Run this agent directly as the root of the turn (the playground's Agent selector); absent runs the graph. */
  agent?: string;
  /** Replays a recorded run: models and tools answer from these events instead of running. */
  replay?: readonly RunEvent[];
  /**
   * Resumes the paused thread with a person's answer to one of its interrupts (approval
   * `{ decision, args?, reason? }`, question `{ option_id }`); `message` then only labels the run.
   */
  resume?: { interrupt_id: string; value: unknown };
  /** This browser's breakpoints of the graph: the run pauses there (not on a server run). */
  breakpoints?: readonly Breakpoint[];
  /** `server` runs the turn on the LangGraph server of Settings (the document is published there first); absent runs it here. */
  runOn?: RunTarget;
}

/**
 * Cancel a run; the worker aborts it, acknowledges at once with `stopped`, then answers with
 * `done` (status "cancelled"). No `stopped` within 1 s means the worker is stuck: the app
 * terminates and restarts it (app/services/engineWatchdog.ts).
 */
export interface StopRequest {
  type: "stop";
  runId: RunId;
}

/** Heartbeat while the app waits on the worker; answered with `pong` whenever the worker's event loop is free. */
export interface PingRequest {
  type: "ping";
  seq: number;
}

/** The graph state at one checkpoint of a thread, as JSON. */
export interface CheckpointRequest {
  type: "checkpoint";
  requestId: string;
  threadId: ThreadId;
  checkpointId: string;
  document: GraphDocument;
  /** `server`: the thread may have run on the LangGraph server of Settings; its state is read there first. */
  runOn?: RunTarget;
}

/**
 * Copies the state at a checkpoint into a new, empty thread (the thread record and
 * copied events are the app's business; the worker writes the checkpoint).
 */
export interface ForkRequest {
  type: "fork";
  requestId: string;
  threadId: ThreadId;
  /** null forks from the empty state (before the thread's first run). */
  checkpointId: string | null;
  newThreadId: ThreadId;
  document: GraphDocument;
  /**
   * The checkpoint is a pause (an approval, question or breakpoint): the new thread waits on it
   * too. `answeredAt`: when the pause was answered in the source thread, if it was (ms).
   */
  atPause?: { answeredAt: number | null };
  /** Channel values a person edited at the checkpoint (`messages`: the whole list): the new thread starts from them. */
  edits?: Record<string, unknown>;
  /** `server`: a thread that ran on the LangGraph server of Settings is forked there. */
  runOn?: RunTarget;
}

/**
 * Look for background delegations left queued or running by a previous page (they live in
 * IndexedDB): run them again, or record them on their thread as failed with the reason.
 */
export interface ResumeTasksRequest {
  type: "resume_tasks";
}

/**
 * Redacts a value the app is about to export (a document, a trace, a Mermaid text): only the
 * worker knows the saved key values, so the app asks it rather than ever holding a key.
 */
export interface RedactRequest {
  type: "redact";
  requestId: string;
  /** Any JSON value; every string in it is redacted. */
  value: unknown;
  /** The value is a graph document: its own credential headers are redacted wherever else they appear. */
  document?: boolean;
  /** What replaces a secret; `REDACTED` keeps a document valid. */
  mark?: string;
}

/**
 * A run of this thread was cut by a reload or a closed tab (its record is still `running`):
 * under the thread's lock, continue it from its last checkpoint, or record it as interrupted.
 * Its events and `done` follow under `runId`, or `failed` (code THREAD_BUSY: another tab has it).
 */
export interface ResumeRunRequest {
  type: "resume_run";
  runId: RunId;
  threadId: ThreadId;
  graphId: GraphId;
  /** `server`: the run may have gone to the LangGraph server of Settings, which finishes it there. */
  runOn?: RunTarget;
}

/**
 * Connect in graph settings: list an MCP server's tools. The worker connects because the
 * server's header values come from the secrets store, which the page never reads.
 */
export interface McpListToolsRequest {
  type: "mcp_list_tools";
  requestId: string;
  server: McpServer;
}

export type { McpToolListing };

/**
 * Run the document's tests (all, or those named), each on a fresh in-memory thread: nothing is
 * persisted. Progress follows as `tests_progress`, then one `tests_result`.
 */
export interface RunTestsRequest {
  type: "run_tests";
  requestId: string;
  document: GraphDocument;
  testIds?: string[];
}

/** Stop the test run `requestId`: the test in progress ends as cancelled and the result follows. */
export interface StopTestsRequest {
  type: "stop_tests";
  requestId: string;
}

export type ToWorker =
  | RunEvaluationRequest
  | StopEvaluationRequest
  | CompareEvaluationsRequest
  | RunTestsRequest
  | StopTestsRequest
  | RunRequest
  | StopRequest
  | CheckpointRequest
  | ForkRequest
  | ResumeTasksRequest
  | PingRequest
  | ResumeRunRequest
  | RedactRequest
  | McpListToolsRequest
  | ServerRequest
  | MemoryRequest
  | StopMemoryRequest
  | SandboxPortMessage
  | SandboxLostMessage;

/** Events of a run since the previous post (at most one post per ~16 ms). */
export interface EventsMessage {
  type: "events";
  runId: RunId;
  events: RunEvent[];
}

/**
 * A run cut by a reload continues from a checkpoint: its stored events after `keptThroughSeq`
 * were deleted and are told again, so a page drops them before the new ones arrive.
 */
export interface ContinuesMessage {
  type: "continues";
  runId: RunId;
  keptThroughSeq: number;
}

/** The run ended; every event has been posted and persisted. */
export interface DoneMessage {
  type: "done";
  runId: RunId;
  /** `interrupted`: the run paused for a person and waits for `resume`. */
  status: "completed" | "cancelled" | "error" | "interrupted";
  /** The run's error message when status is "error". */
  error: string | null;
}

/** The run could not start: the document is invalid or does not compile. Nothing was persisted. */
export interface FailedMessage {
  type: "failed";
  runId: RunId;
  code: string;
  message: string;
}

export interface CheckpointResult {
  type: "checkpoint_result";
  requestId: string;
  ok: boolean;
  /** Channel values at the checkpoint, messages as JSON; null when not found. */
  state: Record<string, unknown> | null;
  /** The nodes that would run next from this checkpoint. */
  next: string[];
  error: string | null;
}

export interface ForkResult {
  type: "fork_result";
  requestId: string;
  ok: boolean;
  error: string | null;
  /** The id the new thread must take when the engine chose it (a fork on a LangGraph server is the server's copy). */
  threadId?: ThreadId;
}

/**
 * The worker started a run by itself: the follow-up turn of a background delegation (or the
 * record of one that failed). Its events and `done` follow under `runId`.
 */
export interface BackgroundRunMessage {
  type: "background_run";
  runId: RunId;
  threadId: ThreadId;
  graphId: GraphId;
  taskId: string;
  /** Earlier follow-up runs of the same task that a reload cut, deleted: this run tells the task again. */
  replaces?: RunId[];
}

/** The acknowledgement of a `stop`: the worker received it and aborted the run (whose `done` follows). */
export interface StoppedMessage {
  type: "stopped";
  runId: RunId;
}

/** The answer to a `ping`. */
export interface PongMessage {
  type: "pong";
  seq: number;
}

export interface RedactResult {
  type: "redact_result";
  requestId: string;
  value: unknown;
}

/** The tools an MCP server lists, with their JSON Schemas, or why it could not be listed. */
export interface McpToolsResult {
  type: "mcp_tools_result";
  requestId: string;
  ok: boolean;
  tools: McpToolListing[];
  error: string | null;
}

/** A test of a `run_tests` started or ended. */
export interface TestsProgressMessage {
  type: "tests_progress";
  requestId: string;
  progress: TestProgress;
}

/** The answer to `run_tests`: every test's result, or why the tests could not run. */
export interface TestsResultMessage {
  type: "tests_result";
  requestId: string;
  ok: boolean;
  report: TestsReport | null;
  error: string | null;
}

export type FromWorker =
  | EvaluationProgressMessage
  | EvaluationResultMessage
  | EvaluationComparisonMessage
  | TestsProgressMessage
  | TestsResultMessage
  | EventsMessage
  | ContinuesMessage
  | DoneMessage
  | FailedMessage
  | CheckpointResult
  | ForkResult
  | BackgroundRunMessage
  | StoppedMessage
  | PongMessage
  | RedactResult
  | McpToolsResult
  | ServerProgressMessage
  | ServerResult
  | MemoryResult
  | MemoryProgressMessage
  | SandboxConnectMessage
  | SandboxStuckMessage;

/**
 * Run ids the engine gives the follow-up runs of background delegations. Those resume on their
 * own path (`resume_tasks`), so a page never resumes them as runs cut by a reload.
 */
export const BACKGROUND_RUN_PREFIX = "run_bg_";

/** How long after its deadline a run that has not answered is stopped by removing the sandbox's frame (page and engine alike). */
export const SANDBOX_BACKSTOP_MS = 400;

/** What a run gets when its code outlived the deadline and the frame was removed to stop it. */
export function backstopOutcome(request: SandboxRequest): SandboxOutcome {
  return { ok: false, code: "TIMEOUT", message: `The JavaScript code did not finish within ${request.timeoutMs} ms; its sandbox was shut down.` };
}
