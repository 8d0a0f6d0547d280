/**
 * How the worker turns a document into a runnable graph: provider defaults and keys applied,
 * the real models and tools (or a recording's, for a replay), the saver, the long-term memory
 * store, the graph's background task store and the workspace's saved graphs for Subgraph nodes.
 */
import { InMemoryStore, type BaseCheckpointSaver, type BaseStore } from "@langchain/langgraph/web";
import {
  compileGraph,
  EngineError,
  type BackgroundTaskStore,
  type CompiledDocument,
  type EngineServices,
  type KnowledgeSearch,
  type RunEvent,
} from "../engine/index.js";
import { createModelResolver, createScriptedModel, documentEmbedders, type KnowledgeEmbedders } from "../models/index.js";
import { GraphValidationError, type GraphDocument } from "../schema/index.js";
import { createToolResolver, McpSessionPool, type CodeSandbox, type ToolSecrets } from "../tools/index.js";
import { summarizeProblems } from "./problemSummary";
import { keySource, withProviderDefaults, type ProviderCredentials } from "./providerKeys";
import { replayServices } from "../engine/index.js";
import { memoryStoresOf } from "./memoryStores";
import { errorMessage } from "../schema/errorMessage.js";

export interface HostCompilerOptions {
  checkpointer: BaseCheckpointSaver;
  /**
   * Agents' long-term memories (`remember` / `recall` / `forget`); IdbStore in the worker, so they
   * outlive threads and reloads, ranked by meaning for a graph that names a memory embeddings profile.
   */
  store?: BaseStore;
  /** The background task store of a graph, when the host keeps background delegations. */
  tasksFor?(graphId: string): BackgroundTaskStore | undefined;
  /**
   * Searches a stored graph's knowledge bases (IndexedDB in the worker), for agents' `search_<name>` tools;
   * `embedders` embed the queries of bases with an embeddings profile, with the run's keys.
   */
  knowledgeFor?(graphId: string, embedders?: KnowledgeEmbedders): KnowledgeSearch | undefined;
  /** A stored graph's current document, for Subgraph nodes. */
  loadDocument?(graphId: string): Promise<GraphDocument | undefined>;
  /** Named secrets for tools (`{{ secrets.NAME }}`). */
  toolSecrets?: ToolSecrets;
  /** Where JavaScript tools run (the page's sandboxed frame in the browser; QuickJS in-process without it). */
  sandbox?: CodeSandbox;
}

export interface CompileOptions {
  /** The provider keys and base URL to run with; null compiles without keys (for reading state). */
  credentials: ProviderCredentials | null;
  /** Recorded events: models and tools answer from them instead of running. */
  replay?: readonly RunEvent[];
  /** The stored graph the document belongs to, for its background tasks and knowledge bases. */
  graphId?: string;
}

/** Compiles a document for this host, or throws why it cannot run. */
export type HostCompile = (document: GraphDocument, options: CompileOptions) => CompiledDocument;

/** Why a document cannot run, in the playground's words. */
export function describeCompileFailure(error: unknown): { code: string; message: string } {
  if (error instanceof GraphValidationError) return { code: "INVALID_DOCUMENT", message: summarizeProblems(error.issues) };
  if (error instanceof EngineError) return { code: error.code, message: `This graph cannot run: ${error.message}` };
  return { code: "COMPILE_ERROR", message: `This graph cannot run: ${errorMessage(error)}` };
}

/** The services a document runs with on this host, and the document with the provider defaults applied. */
export type HostServices = (document: GraphDocument, options: CompileOptions) => { document: GraphDocument; services: EngineServices };

/**
 * @example
 * const servicesFor = createHostServices({ checkpointer, loadDocument });
 * const { document, services } = servicesFor(doc, { credentials: await readCredentials(store) });
 */
export function createHostServices(options: HostCompilerOptions): HostServices {
  const { checkpointer } = options;
  // One MCP session per server for the worker's life, not per run: each keeps an event stream
  // open, and a browser allows only a few connections to one server.
  const mcpSessions = new McpSessionPool(options.toolSecrets ? { secrets: options.toolSecrets } : {});
  return (document, { credentials, replay, graphId }) => {
    const store = graphId ? options.tasksFor?.(graphId) : undefined;
    const tasks = store ? { tasks: store } : {};
    // Subgraph nodes run other saved graphs of the workspace, with the same provider settings.
    const load = options.loadDocument;
    const loadSaved = async (id: string) => {
      const saved = load ? await load(id) : undefined;
      if (!saved) return null;
      return credentials ? withProviderDefaults(saved, credentials) : saved;
    };
    const graphs = load ? { graphs: { load: loadSaved } } : {};
    const prepared = credentials ? withProviderDefaults(document, credentials) : document;
    const getKey = credentials ? keySource(credentials) : () => null;
    const memory = options.store ? { store: memoryStoresOf(options.store)(prepared, getKey) } : {};
    // A query is embedded with the base's profile as this run sees it (provider defaults, scoped keys).
    const search = graphId ? options.knowledgeFor?.(graphId, documentEmbedders(prepared, getKey)) : undefined;
    const knowledge = search ? { knowledge: search } : {};
    const services: EngineServices = replay
      ? // A replay writes no memories: it recalls and saves in a store of its own.
        { ...replayServices(replay), checkpointer, store: new InMemoryStore(), ...knowledge }
      : {
          models: createModelResolver({ getKey, scripted: createScriptedModel }),
          // MCP tools send their server's headers, over the worker's shared sessions.
          tools: createToolResolver({
            ...(options.toolSecrets ? { secrets: options.toolSecrets } : {}),
            graph: document.meta.name,
            mcpServers: document.mcp_servers ?? [],
            mcpSessions,
            ...(options.sandbox ? { sandbox: options.sandbox } : {}),
          }),
          checkpointer,
          ...memory,
          ...knowledge,
          ...tasks,
          ...graphs,
        };
    return { document: prepared, services };
  };
}

/**
 * @example
 * const compile = createHostCompiler({ checkpointer, loadDocument });
 * const compiled = compile(document, { credentials: await readCredentials(store) });
 */
export function createHostCompiler(options: HostCompilerOptions | HostServices): HostCompile {
  const servicesFor = typeof options === "function" ? options : createHostServices(options);
  return (document, compileOptions) => {
    const prepared = servicesFor(document, compileOptions);
    return compileGraph(prepared.document, prepared.services);
  };
}
