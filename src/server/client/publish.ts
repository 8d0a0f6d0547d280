/**
 * Publishing documents to a Graphwright runtime server: each document is an assistant of the
 * server's one `graphwright` graph, found again by `metadata.graphwright_id`; publishing a
 * changed document updates the assistant, which the server keeps as a new version.
 */
import type { Client } from "@langchain/langgraph-sdk";
import type { GraphDocument } from "../../schema/index.js";
import { ServerError } from "./serverClient.js";

/** The runtime server's graph id and the assistant configuration key of its document. */
export const RUNTIME_GRAPH_ID = "graphwright";
export const DOCUMENT_KEY = "__graphwright_document";

/** A document published as an assistant. */
export interface PublishedAssistant {
  assistant_id: string;
  name: string;
  /** The document's `meta.id`. */
  graph_id: string;
  version: number;
  updated_at: string;
}

export interface PublishResult extends PublishedAssistant {
  /** `created` (a new assistant), `updated` (a new version) or `unchanged` (the latest version already holds this document). */
  outcome: "created" | "updated" | "unchanged";
}

type Assistant = Awaited<ReturnType<Client["assistants"]["get"]>>;

function describe(assistant: Assistant): PublishedAssistant {
  return {
    assistant_id: assistant.assistant_id,
    name: assistant.name,
    graph_id: String(assistant.metadata?.graphwright_id ?? ""),
    version: assistant.version,
    updated_at: assistant.updated_at,
  };
}

/** JSON with sorted keys and without the edit time: two saves of one graph compare equal. */
function canonical(document: unknown): string {
  const meta = (document as { meta?: Record<string, unknown> } | null)?.meta;
  const value = meta ? { ...(document as object), meta: { ...meta, updated: undefined } } : document;
  return JSON.stringify(value, (_key, inner: unknown) =>
    inner === null || typeof inner !== "object" || Array.isArray(inner)
      ? inner
      : Object.fromEntries(Object.entries(inner as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))),
  );
}

function documentOf(assistant: Assistant): unknown {
  return (assistant.config?.configurable as Record<string, unknown> | undefined)?.[DOCUMENT_KEY];
}

/**
 * The assistant publishing `graphId` made, if any.
 * @example const existing = await findPublished(client, "weather-assistant");
 */
export async function findPublished(client: Client, graphId: string): Promise<Assistant | null> {
  const [found] = await client.assistants.search({ graphId: RUNTIME_GRAPH_ID, metadata: { graphwright_id: graphId }, limit: 1 });
  return found ?? null;
}

/**
 * @example
 * const result = await publishDocument(client, document);
 * result.outcome; // "created" the first time, "updated" after a change
 */
export async function publishDocument(client: Client, document: GraphDocument, url = "this server"): Promise<PublishResult> {
  const existing = await findPublished(client, document.meta.id);
  const config = { configurable: { [DOCUMENT_KEY]: document } };
  const metadata = { graphwright_id: document.meta.id };
  if (!existing) {
    let created: Assistant;
    try {
      created = await client.assistants.create({
        graphId: RUNTIME_GRAPH_ID,
        name: document.meta.name,
        config,
        metadata,
        description: document.meta.description || undefined,
      });
    } catch (error) {
      if ((error as { status?: unknown }).status === 404) {
        throw new ServerError(
          `The LangGraph server at ${url} has no "${RUNTIME_GRAPH_ID}" graph, so it cannot take Graphwright documents: run the graph on a Graphwright runtime server (npm run cli -- serve), or export a LangGraph server bundle for this one.`,
          "SERVER_NOT_FOUND",
          404,
        );
      }
      throw error;
    }
    return { ...describe(created), outcome: "created" };
  }
  if (canonical(documentOf(existing)) === canonical(document) && existing.name === document.meta.name) {
    return { ...describe(existing), outcome: "unchanged" };
  }
  const updated = await client.assistants.update(existing.assistant_id, { name: document.meta.name, config, metadata });
  return { ...describe(updated), outcome: "updated" };
}

/**
 * Every document published to the server, newest first.
 * @example (await listPublished(client)).map((a) => a.name)
 */
export async function listPublished(client: Client): Promise<PublishedAssistant[]> {
  const found = await client.assistants.search({ graphId: RUNTIME_GRAPH_ID, limit: 100, sortBy: "updated_at", sortOrder: "desc" });
  return found.filter((a) => a.metadata?.graphwright_id !== undefined).map(describe);
}

/**
 * The versions the server keeps of a published assistant, newest first.
 * @example (await publishedVersions(client, id)).map((v) => v.version) // [2, 1]
 */
export async function publishedVersions(client: Client, assistantId: string): Promise<{ version: number; created_at: string; name: string }[]> {
  const versions = await client.assistants.getVersions(assistantId, { limit: 100 });
  return versions.map((v) => ({ version: v.version, created_at: v.created_at, name: v.name })).sort((a, b) => b.version - a.version);
}
