/**
 * The interfaces through which the engine reaches the platform: models, tools,
 * checkpointer, clock and ids. Node, the browser and tests each pass their own.
 */
import type { AIMessageChunk, BaseMessage } from "@langchain/core/messages";
import type { BaseCheckpointSaver, BaseStore } from "@langchain/langgraph/web";
import type { KnowledgeBase, ModelProfile, PendingInterrupt, Script, SecretDecision, ToolDefinition } from "../schema/index.js";

/**
 * A tool as a model sees it (OpenAI function format, which every provider accepts).
 * @example const spec: ToolSpec = { name: "get_weather", description: "Weather in a city", parameters: { type: "object", properties: { city: { type: "string" } } } };
 */
export interface ToolSpec {
  name: string;
  description: string;
  /** JSON Schema of the arguments. */
  parameters: Record<string, unknown>;
}

/**
 * What one model call passes besides the messages.
 * @example for await (const chunk of model.stream(messages, { tools: [], state: {} } satisfies ModelCallOptions)) reply = reply.concat(chunk);
 */
export interface ModelCallOptions {
  /** Tools the model may call; empty for plain chat. */
  tools: ToolSpec[];
  signal?: AbortSignal;
  temperature?: number;
  /** Graph state at the call, for scripted rules that look at it. */
  state: Readonly<Record<string, unknown>>;
}

/**
 * A chat model bound to one profile. `stream` yields chunks whose concatenation
 * is the reply (text and tool calls); it throws `ModelError` on failure.
 * @example
 * const echo: ChatModelPort = {
 *   profileId: "echo", provider: "scripted", supportsTools: false,
 *   async *stream(messages) { yield new AIMessageChunk({ content: textOf(messages.at(-1)) }); },
 * };
 */
export interface ChatModelPort {
  readonly profileId: string;
  readonly provider: ModelProfile["provider"];
  /** False when the model has no tool calling: the agent then chats without tools. */
  readonly supportsTools: boolean;
  stream(messages: BaseMessage[], options: ModelCallOptions): AsyncIterable<AIMessageChunk>;
}

/**
 * Which model an agent or LLM node asks the resolver for.
 * @example const model = resolver.resolve({ profile, profiles: doc.models, agent: "Main" } satisfies ModelRequest);
 */
export interface ModelRequest {
  profile: ModelProfile;
  /** Every profile of the document, to resolve `fallbacks`. */
  profiles: readonly ModelProfile[];
  /** The agent or LLM node asking; scripted rules are per agent. */
  agent: string;
  script?: Script;
}

/**
 * Turns a model profile into a chat model: providers in the app and CLI, scripted models in tests.
 * @example const models: ModelResolver = { resolve: (request) => createScriptedModel(request) };
 */
export interface ModelResolver {
  resolve(request: ModelRequest): ChatModelPort;
}

/**
 * A tool's request to send a saved secret to an origin it is not allowed for.
 * @example const asked: SecretUseRequest = { graph: "Issues", tool: "list_issues", secret: "GITHUB_TOKEN", origin: "https://api.github.com" };
 */
export interface SecretUseRequest {
  graph: string;
  tool: string;
  secret: string;
  origin: string;
}

/**
 * What a running tool knows about its call.
 * @example const tool: RunnableTool = { definition, invoke: async (args, context: ToolContext) => fetch(url, { signal: context.signal }) };
 */
export interface ToolContext {
  signal?: AbortSignal;
  /** The tool call's id, or the node id for Tool nodes. */
  callId: string;
  agent?: string;
  /**
   * Asks a person whether a saved secret may go to an origin it is not allowed for, pausing
   * the run until they answer. Absent where no one can be asked (the tool then refuses).
   */
  askSecretUse?(request: SecretUseRequest): SecretDecision;
}

/**
 * A catalog tool ready to run. Errors are thrown and become error results.
 * @example const clock: RunnableTool = { definition, invoke: async () => new Date().toISOString() };
 */
export interface RunnableTool {
  readonly definition: ToolDefinition;
  invoke(args: Record<string, unknown>, context: ToolContext): Promise<unknown>;
  /**
   * The secrets a call with these arguments would send to origins they are not allowed for,
   * so an agent's turn asks about them all before any of its tools runs (a resumed node runs
   * again from its start, so asking mid-turn would run the turn's earlier tools twice).
   */
  secretsToAsk?(args: Record<string, unknown>): Promise<SecretUseRequest[]>;
}

/**
 * Turns a tool definition of the document into a runnable tool.
 * @example const tools: ToolResolver = { resolve: (definition) => ({ definition, invoke: async (args) => args }) };
 */
export interface ToolResolver {
  resolve(definition: ToolDefinition): RunnableTool;
}

/**
 * The engine's time source; tests pass a fixed one.
 * @example compileGraph(doc, { models, tools, clock: { now: () => Date.parse("2026-03-14T09:30:00Z") } });
 */
export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
}

/**
 * Where run, message and call ids come from; tests pass a counter.
 * @example let n = 0; compileGraph(doc, { models, tools, ids: { next: (prefix) => `${prefix}_${n++}` } });
 */
export interface IdSource {
  next(prefix: string): string;
}

/** A message a parent sent to a running background sub-agent (message_sub_agent). */
export interface TaskInboxMessage {
  id: string;
  text: string;
  sent: number;
  /** When the sub-agent read it at a turn boundary; null while unread. */
  delivered: number | null;
}

/** `waiting`: the sub-agent paused for the user (a question, an approval); a follow-up turn asks, the answer resumes it. */
export type BackgroundTaskStatus = "queued" | "running" | "waiting" | "completed" | "failed";

/**
 * A non-blocking delegation (seed 002): queued by a parent, run in the background, reported in a follow-up turn.
 * @example const waiting = (await store.listByThread("t1")).filter((task: BackgroundTask) => task.status === "running");
 */
export interface BackgroundTask {
  /** The task handle the parent received. */
  id: string;
  /** The parent's thread. */
  thread_id: string;
  /** Set by hosts that keep several graphs (the app): the graph the thread belongs to. */
  graph_id?: string;
  parent_agent: string;
  agent: string;
  /** The parent's delegation tool call. */
  tool_call_id: string;
  /** The sub-agent's call in the call tree, under the tool call. */
  call_id: string;
  message: string;
  overrides: { model?: string; temperature?: number };
  /** Nesting below the agent that took the user's turn (1 for its direct sub-agents). */
  depth: number;
  status: BackgroundTaskStatus;
  /** The sub-agent's final answer once completed. */
  result: string | null;
  error: string | null;
  created: number;
  updated: number;
  /** Runs started (a task re-run after a reload counts twice). */
  attempts: number;
  inbox: TaskInboxMessage[];
  /** Recent lines of the sub-agent's work (its messages and tool results), newest last. */
  progress: string[];
  /** True once a follow-up turn told the parent about the outcome. */
  reported: boolean;
  /** While `waiting`: what the sub-agent waits on (its own interrupt ids, payloads naming the task). */
  pending?: PendingInterrupt[];
  /** While `waiting`: true once a follow-up turn asked the user (the thread then waits on the answer). */
  asked?: boolean;
}

/**
 * Where background tasks are kept: memory in Node and tests, IndexedDB in the app.
 * @example compileGraph(doc, { models, tools, tasks: idbTaskStore satisfies BackgroundTaskStore });
 */
export interface BackgroundTaskStore {
  put(task: BackgroundTask): Promise<void>;
  get(id: string): Promise<BackgroundTask | undefined>;
  /** Tasks of one thread, oldest first. */
  listByThread(threadId: string): Promise<BackgroundTask[]>;
  /** Tasks still queued or running, or finished but not yet reported, in every thread. */
  listOpen(): Promise<BackgroundTask[]>;
}

/**
 * Everything the engine needs from the outside, passed in as one object.
 * @example
 * const services: EngineServices = { models: createModelResolver({ getKey }), tools: toolResolver, checkpointer: new MemorySaver() };
 * const compiled = compileGraph(doc, services);
 */
export interface EngineServices {
  models: ModelResolver;
  tools: ToolResolver;
  checkpointer?: BaseCheckpointSaver;
  clock?: Clock;
  ids?: IdSource;
  /** Background sub-agent tasks; an in-memory store when absent. */
  tasks?: BackgroundTaskStore;
  /** Long-term memory for agents that enable it (`remember` / `recall` / `forget`); IdbStore in the browser. */
  store?: BaseStore;
  /** Searches knowledge bases for their `search_<name>` tools; without it those tools say the base cannot be searched here. */
  knowledge?: KnowledgeSearch;
  /** Saved graphs that Subgraph nodes run; without it a Subgraph node fails with SUBGRAPH_NOT_FOUND. */
  graphs?: GraphLibrary;
  /**
   * Set by the engine when it compiles a saved graph for a Subgraph node: the ids of the
   * graphs running it, outermost first, so a cycle of subgraphs fails instead of recursing.
   */
  subgraphPath?: readonly string[];
}

/**
 * A passage a knowledge base search found: its text and where it is.
 * @example const hit: KnowledgePassage = { file: "faq.md", lines: { from: 3, to: 5 }, text: "Returns within 30 days…", score: 2.1 };
 */
export interface KnowledgePassage {
  file: string;
  lines: { from: number; to: number };
  text: string;
  score: number;
}

/**
 * What a search of a base with an embeddings profile found, and how it ranked it.
 * @example const result: KnowledgeSearchResult = { passages, ranking: "full_text", vectorsUnavailable: "the query could not be embedded: …" };
 */
export interface KnowledgeSearchResult {
  passages: KnowledgePassage[];
  /** `hybrid`: full-text (BM25) and vector rankings fused; `full_text`: BM25 alone. */
  ranking: "hybrid" | "full_text";
  /** Why a base that has an embeddings profile was searched by full text only. */
  vectorsUnavailable?: string;
}

/**
 * Where knowledge bases are searched: their index in IndexedDB in the browser, built from the
 * exported files in Node. Best passages first: a plain list for a full-text base, a
 * `KnowledgeSearchResult` for a base with an embeddings profile (saying whether vectors were used).
 * @example const knowledge: KnowledgeSearch = { search: async (base, query, k) => index.search(query, k) };
 */
export interface KnowledgeSearch {
  search(base: KnowledgeBase, query: string, k: number, signal?: AbortSignal): Promise<KnowledgePassage[] | KnowledgeSearchResult>;
}

/**
 * Where Subgraph nodes find other saved graphs: the workspace in the browser, a folder in
 * Node. `load` returns the raw document (validated by the engine) or null when there is none.
 * @example const graphs: GraphLibrary = { load: async (id) => (id === "faq" ? faqDoc : null) };
 */
export interface GraphLibrary {
  load(id: string): Promise<unknown>;
}

/**
 * Failures of a model call, classified so fallbacks happen only for infrastructure faults.
 * @example const needsKey = (kind: ModelErrorKind) => kind === "missing_key" || kind === "auth";
 */
export type ModelErrorKind =
  | "missing_key"
  | "connection"
  | "timeout"
  | "rate_limited"
  | "server"
  | "bad_request"
  | "auth"
  | "aborted"
  | "invalid_response"
  /** HTTP 200 with no text and no tool call: an empty body, a `[DONE]`-only stream. */
  | "empty_response"
  /** HTTP 200 that is neither JSON nor a stream (an HTML page): the base URL points at something else. */
  | "not_a_model_server";

/**
 * A failed model call: its kind, and the profile and HTTP status when known.
 * @example
 * throw new ModelError("rate_limited", "429 from the provider", { profileId: "gpt", status: 429 });
 * // later: error instanceof ModelError && error.isInfrastructure → try the fallback model
 */
export class ModelError extends Error {
  override readonly name = "ModelError";
  constructor(
    readonly kind: ModelErrorKind,
    message: string,
    readonly details: { profileId?: string; status?: number; cause?: unknown } = {},
  ) {
    super(message);
  }

  /** Infrastructure failures: worth a retry or a fallback model. Logic errors are not. */
  get isInfrastructure(): boolean {
    return this.kind === "missing_key" || this.kind === "connection" || this.kind === "timeout" || this.kind === "rate_limited" || this.kind === "server";
  }
}
