/**
 * Graphwright documents as LangGraph server graphs: what a server bundle and the runtime
 * server load. A graph takes and returns the standard `messages` state, so any LangGraph
 * client can chat with it; its pauses are the server's own `__interrupt__`, answered with
 * `Command({ resume })`. Providers and tools run here, in Node, with keys and secrets from
 * environment variables.
 */
import { InMemoryStore, MemorySaver } from "@langchain/langgraph/web";
import { BaseCheckpointSaver, BaseStore } from "@langchain/langgraph-checkpoint";
import { compileGraph, EngineError, type CompiledDocument, type GraphLibrary } from "../../engine/index.js";
import { formatIssues, validate, type GraphDocument } from "../../schema/index.js";
import { LateSaver } from "./lateSaver.js";
import { LateStore } from "./lateStore.js";
import { memoryRanking } from "./memoryRanking.js";
import { RankedMemoryStore } from "./rankedMemoryStore.js";
import { nodeServices } from "./nodeServices.js";

import { DOCUMENT_KEY } from "../client/publish.js";

export { DOCUMENT_KEY };

export interface ServerGraphOptions {
  /** Saved graphs for Subgraph nodes. */
  graphs?: GraphLibrary;
  env?: Record<string, string | undefined>;
  /** `runtimeGraph` only: the most document text its compiled-graph cache keeps (64 Mi characters). */
  cacheChars?: number;
}

type ServerGraph = CompiledDocument["graph"];

/**
 * Compiles a document into the graph a LangGraph server serves; the server gives it its own
 * checkpointer and store. Throws with every problem of an invalid document, by JSON path.
 * @example
 * // graph.mjs of a server bundle
 * export const graph = documentGraph(JSON.parse(readFileSync(new URL("./graph.json", import.meta.url), "utf8")));
 */
export function documentGraph(input: unknown, options: ServerGraphOptions = {}): ServerGraph {
  const checked = validate(input);
  if (!checked.ok) throw new EngineError("COMPILE_ERROR", `The graph document is not valid:\n${formatIssues(checked.errors)}`);
  const document: GraphDocument = checked.document;
  const fallback = new MemorySaver();
  const built: { graph?: ServerGraph } = {};
  const saver: BaseCheckpointSaver = new LateSaver(() => {
    const given = built.graph?.checkpointer;
    return given instanceof BaseCheckpointSaver && given !== saver ? given : fallback;
  });
  // Agents' long-term memories go to the server's store (its own, lasting as it does), as checkpoints go to its saver.
  const fallbackStore = new InMemoryStore();
  const late: BaseStore = new LateStore(() => {
    const given = built.graph?.store;
    return given instanceof BaseStore && given !== late ? given : fallbackStore;
  });
  const store = memoryStore(document, late, options.env ?? process.env);
  built.graph = compileGraph(document, nodeServices(document, { checkpointer: saver, store, ...options })).graph;
  return built.graph;
}

/** Warnings already printed by this process: a document compiled again (cache eviction, another assistant) says it once. */
const warned = new Set<string>();

/**
 * The memory store of a server graph: ranked by meaning over the server's store when the graph
 * names a memory embeddings profile and its key is set (the server's own store has no vector
 * index), else the server's store, with a warning on the server's log saying why, once.
 */
function memoryStore(document: GraphDocument, serverStore: BaseStore, env: Record<string, string | undefined>): BaseStore {
  const ranking = memoryRanking(document, env);
  if (ranking === null) return serverStore;
  if ("embedder" in ranking) return new RankedMemoryStore(serverStore, ranking.embedder);
  const warning = `Graphwright graph "${document.meta.name}" (${document.meta.id}): ${ranking.warning}`;
  if (!warned.has(warning)) {
    warned.add(warning);
    console.warn(`Warning: ${warning}`);
  }
  return serverStore;
}

/**
 * Compiled documents of the runtime server, by their text; the oldest go first. Bounded by
 * count and by the documents' total text, since a document may carry packed knowledge base files
 * (tens of MB each): 64 of those would hold gigabytes.
 */
const CACHE_LIMIT = 64;
const CACHE_CHARS = 64 * 1024 * 1024;
const cache = new Map<string, ServerGraph>();
let cachedChars = 0;

/** Makes room for a document of `chars` characters, dropping the least recently used first. */
function evictFor(chars: number, limitChars: number): void {
  for (const oldest of cache.keys()) {
    if (cache.size < CACHE_LIMIT && cachedChars + chars <= limitChars) return;
    cache.delete(oldest);
    cachedChars -= oldest.length;
  }
}

/**
 * The runtime server's one graph: each assistant's configuration carries a document
 * (`configurable.__graphwright_document`), compiled once per distinct document.
 * @example
 * // the runtime server's graph module
 * export const graph = (config) => runtimeGraph(config);
 */
export function runtimeGraph(config: { configurable?: Record<string, unknown> } | undefined, options: ServerGraphOptions = {}): ServerGraph {
  const document = config?.configurable?.[DOCUMENT_KEY];
  if (document === undefined) {
    throw new EngineError(
      "COMPILE_ERROR",
      `This assistant has no Graphwright document: create it with config.configurable.${DOCUMENT_KEY} set to a graph document (Publish to server does).`,
    );
  }
  const key = JSON.stringify(document);
  let graph = cache.get(key);
  if (graph) {
    cache.delete(key);
  } else {
    graph = documentGraph(document, options);
    evictFor(key.length, options.cacheChars ?? CACHE_CHARS);
    cachedChars += key.length;
  }
  cache.set(key, graph);
  return graph;
}
