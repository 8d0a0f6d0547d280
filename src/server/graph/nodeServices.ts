/**
 * The engine's services in Node (the CLI and LangGraph server graphs): provider keys and tool
 * secrets from environment variables, saved graphs from a folder, tools of every kind, and
 * knowledge bases searched from the text an export packed into the document.
 */
import type { BaseCheckpointSaver, BaseStore } from "@langchain/langgraph-checkpoint";
import type { EngineServices, GraphLibrary } from "../../engine/index.js";
import { createModelResolver, documentEmbedders } from "../../models/index.js";
import { createScriptedModel } from "../../models/scripted.js";
import type { GraphDocument, Provider } from "../../schema/index.js";
import { createToolResolver, envSecrets, packedKnowledgeSearch } from "../../tools/index.js";

/** The environment variable each provider's key is read from. */
export const KEY_VARIABLES: Record<Exclude<Provider, "scripted">, string> = { openai: "OPENAI_API_KEY", anthropic: "ANTHROPIC_API_KEY" };

export interface NodeServicesOptions {
  /** Where keys (`OPENAI_API_KEY`, …) and tool secrets (`GRAPHWRIGHT_SECRET_<NAME>`) are read; read at call time. */
  env?: Record<string, string | undefined>;
  checkpointer?: BaseCheckpointSaver;
  /** Agents' long-term memories (`remember` / `recall` / `forget`); without it those tools say memory is not available. */
  store?: BaseStore;
  /** Saved graphs for Subgraph nodes. */
  graphs?: GraphLibrary;
}

/**
 * @example
 * const services = nodeServices(document, { checkpointer });
 * const compiled = compileGraph(document, services);
 * // … runs …
 * await services.tools.close(); // ends MCP sessions
 */
export function nodeServices(document: GraphDocument, options: NodeServicesOptions = {}) {
  const env = options.env ?? process.env;
  const getKey = (provider: keyof typeof KEY_VARIABLES) => env[KEY_VARIABLES[provider]] || undefined;
  const models = createModelResolver({ getKey, scripted: createScriptedModel });
  // Tool secrets ({{ secrets.NAME }}) come from GRAPHWRIGHT_SECRET_<NAME> and go only to the origins in
  // GRAPHWRIGHT_SECRET_<NAME>_ORIGINS; MCP tools send their server's headers.
  const tools = createToolResolver({ secrets: envSecrets(env), graph: document.meta.name, mcpServers: document.mcp_servers ?? [] });
  const services = {
    models,
    tools,
    // Indexed on a base's first search; a base exported without its text says how to export it.
    // A base with an embeddings profile is embedded then too, with OPENAI_API_KEY (full text only without it).
    knowledge: packedKnowledgeSearch(document, {}, documentEmbedders(document, getKey, { retries: 2 })),
    ...(options.checkpointer ? { checkpointer: options.checkpointer } : {}),
    ...(options.store ? { store: options.store } : {}),
    ...(options.graphs ? { graphs: options.graphs } : {}),
  } satisfies EngineServices;
  return services;
}
