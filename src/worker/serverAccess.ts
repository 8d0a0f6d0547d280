/**
 * The worker's side of the LangGraph server of Settings: its URL and key (read at each use,
 * so a change in Settings applies at once), publishing, listing, and turns run there.
 */
import { turnEvents, type CompiledDocument, type RunEvent, type RunInput } from "../engine/index.js";
import type { GraphDocument } from "../schema/index.js";
import { KnowledgeNotStored } from "../persistence/knowledge/packedDocument.js";
import { findPublished, listPublished, publishedVersions } from "../server/client/publish.js";
import { describeServerError, serverClient, ServerError, type ServerConnection } from "../server/client/serverClient.js";
import { FORK_FROM_KEY, runOnServer, serverMessageToJson, serverThreadId } from "../server/client/serverRun.js";
import { historyEvents, listServerThreads } from "../server/client/serverThreads.js";
import {
  LANGGRAPH_SERVER_SECRET,
  LANGGRAPH_SERVER_URL_SETTING,
  type CheckpointRequest,
  type ForkRequest,
  type ServerRequest,
  type ServerResult,
} from "./protocol";
import type { CredentialStore } from "./providerKeys";
import { publishWithKnowledge, type KnowledgeTexts } from "./publishKnowledge";
import { errorMessage } from "../schema/errorMessage.js";

/** How a publish reads the knowledge bases' stored texts, and tells how far it got. */
export interface PublishingOptions {
  texts?: KnowledgeTexts;
  onProgress?(text: string): void;
}

/**
 * The configured server, or an error saying how to configure one.
 * @example const connection = await serverConnection(workspace); // { url: "http://127.0.0.1:8123", apiKey: null }
 */
export async function serverConnection(store: CredentialStore): Promise<ServerConnection> {
  const [url, apiKey] = await Promise.all([store.settings.get<string>(LANGGRAPH_SERVER_URL_SETTING, ""), store.secrets.reveal(LANGGRAPH_SERVER_SECRET)]);
  if (typeof url !== "string" || !url.trim()) {
    throw new ServerError(
      "No LangGraph server is configured: add its URL under LangGraph server URL in Settings (npm run cli -- serve starts one).",
      "SERVER_UNREACHABLE",
    );
  }
  return { url: url.trim().replace(/\/+$/, ""), apiKey: apiKey ?? null };
}

/**
 * Answers a `server_request` from the page; failures are answers too, with the reason.
 * @example post(await answerServerRequest({ type: "server_request", requestId: "r1", op: "list" }, workspace));
 */
export async function answerServerRequest(request: ServerRequest, store: CredentialStore, publishing: PublishingOptions = {}): Promise<ServerResult> {
  const { requestId } = request;
  let url = "";
  try {
    const connection = await serverConnection(store);
    url = connection.url;
    const client = serverClient(connection);
    if (request.op === "publish") {
      if (!request.document) throw new Error("Nothing to publish: no document was sent");
      const published = await publishWithKnowledge(client, request.document, url, publishing.texts, publishing.onProgress);
      return { type: "server_result", requestId, ok: true, answer: { op: "publish", url, published }, error: null };
    }
    if (request.op === "list") {
      return { type: "server_result", requestId, ok: true, answer: { op: "list", url, graphs: await listPublished(client) }, error: null };
    }
    if (request.op === "threads") {
      const published = request.graphId ? await findPublished(client, request.graphId) : null;
      const threads = published ? await listServerThreads(client, published.assistant_id) : [];
      return { type: "server_result", requestId, ok: true, answer: { op: "threads", url, threads }, error: null };
    }
    if (request.op === "thread_history") {
      if (!request.thread) throw new Error("No thread was named");
      const state = await client.threads.getState(request.thread.thread_id);
      const events = historyEvents((state.values as { messages?: unknown } | null)?.messages, { threadId: request.thread.local_thread_id, now: Date.now() });
      return { type: "server_result", requestId, ok: true, answer: { op: "thread_history", url, events }, error: null };
    }
    const found = request.graphId ? await findPublished(client, request.graphId) : null;
    const versions = found ? await publishedVersions(client, found.assistant_id) : [];
    const graph = found
      ? {
          assistant_id: found.assistant_id,
          name: found.name,
          graph_id: String(found.metadata?.graphwright_id ?? ""),
          version: found.version,
          updated_at: found.updated_at,
        }
      : null;
    return { type: "server_result", requestId, ok: true, answer: { op: "versions", url, graph, versions }, error: null };
  } catch (error) {
    const message =
      error instanceof ServerError || error instanceof KnowledgeNotStored ? error.message : url ? describeServerError(error, url).message : errorMessage(error);
    return { type: "server_result", requestId, ok: false, answer: null, error: message };
  }
}

/**
 * A turn on the configured server: the document is published first, with its knowledge bases'
 * texts (a new version only when it changed), so what runs there is what the canvas shows.
 * @example for await (const event of runTurnOnServer(compiled, document, { message: "hi" }, { threadId, runId, signal }, workspace)) post(event);
 */
export async function* runTurnOnServer(
  compiled: Pick<CompiledDocument, "nodesByName">,
  document: GraphDocument,
  input: RunInput,
  options: { threadId: string; runId: string; signal: AbortSignal; now?: () => number },
  store: CredentialStore,
  texts?: KnowledgeTexts,
): AsyncGenerator<RunEvent> {
  let connection: ServerConnection | null = null;
  let failure: { code: string; message: string };
  try {
    connection = await serverConnection(store);
    const client = serverClient(connection);
    const { assistant_id } = await publishWithKnowledge(client, document, connection.url, texts);
    yield* runOnServer(input, { client, url: connection.url, assistantId: assistant_id, compiled, ...options });
    return;
  } catch (error) {
    if (error instanceof KnowledgeNotStored) failure = { code: "KNOWLEDGE_NOT_STORED", message: error.message };
    else failure = error instanceof ServerError ? error : describeServerError(error, connection?.url ?? "(not configured)", "Publishing the graph");
  }
  // Publishing failed before the run began: the turn is told as a failed run, so the thread shows why.
  const turn = turnEvents({
    nodesByName: compiled.nodesByName,
    clock: { now: options.now ?? (() => Date.now()) },
    runId: options.runId,
    threadId: options.threadId,
  });
  if (!input.resume) yield turn.make({ type: "run_start", input: input.message }, turn.atRoot, null);
  yield turn.make({ type: "error", code: failure.code, message: failure.message }, turn.atRoot, null);
  yield turn.make({ type: "run_end", status: "error", duration_ms: 0 }, turn.atRoot, null);
}

/** Whether the configured server holds this thread (it ran there). */
async function serverHasThread(client: ReturnType<typeof serverClient>, threadId: string): Promise<boolean> {
  try {
    await client.threads.get(serverThreadId(threadId));
    return true;
  } catch (error) {
    if ((error as { status?: unknown }).status === 404) return false;
    throw error;
  }
}

/**
 * The state at a checkpoint of a thread that ran on the configured server, read from the
 * server's history; null when the server does not hold the thread (it ran in the browser).
 * @example const state = await serverCheckpointState(request, workspace); // { state: { messages: […] }, next: [] } or null
 */
export async function serverCheckpointState(
  request: Pick<CheckpointRequest, "threadId" | "checkpointId">,
  store: CredentialStore,
): Promise<{ state: Record<string, unknown> | null; next: string[] } | null> {
  const connection = await serverConnection(store);
  const client = serverClient(connection);
  try {
    if (!(await serverHasThread(client, request.threadId))) return null;
    const snapshot = await client.threads.getState(serverThreadId(request.threadId), request.checkpointId);
    const values = { ...((snapshot.values ?? {}) as Record<string, unknown>) };
    if (Array.isArray(values.messages)) values.messages = values.messages.map(serverMessageToJson);
    return { state: snapshot.checkpoint ? values : null, next: [...(snapshot.next ?? [])] };
  } catch (error) {
    throw describeServerError(error, connection.url, "Reading the checkpoint");
  }
}

/**
 * Where a thread is kept when this browser has none of its checkpoints: "the LangGraph server at
 * <url>" when the configured server holds it, else null. Only explains a refusal, so a server
 * that is not configured or does not answer is null and the caller's own error stands.
 * @example await serverKeeping("thread_…", workspace); // "the LangGraph server at http://127.0.0.1:2024" or null
 */
export async function serverKeeping(threadId: string, store: CredentialStore): Promise<string | null> {
  try {
    const connection = await serverConnection(store);
    return (await serverHasThread(serverClient(connection), threadId)) ? `the LangGraph server at ${connection.url}` : null;
  } catch {
    // No server, or it cannot say: the refusal keeps its own reason.
    return null;
  }
}

/**
 * Forks a thread the configured server holds, there: the server copies the thread, and its
 * first run starts from the checkpoint (`graphwright_fork_from`, read by runOnServer). Answers
 * the new thread's id in this browser, or null when the server does not hold the thread (it
 * ran here, and forks here) or there is no checkpoint to fork from.
 * @example const threadId = await forkOnServer({ threadId, checkpointId }, workspace); // "thread_<copy id>" or null
 */
export async function forkOnServer(request: { threadId: string; checkpointId: ForkRequest["checkpointId"] }, store: CredentialStore): Promise<string | null> {
  if (request.checkpointId === null) return null;
  const connection = await serverConnection(store);
  const client = serverClient(connection);
  try {
    if (!(await serverHasThread(client, request.threadId))) return null;
    const copy = await client.threads.copy(serverThreadId(request.threadId));
    const threadId = `thread_${copy.thread_id}`;
    await client.threads.update(copy.thread_id, { metadata: { graphwright_thread: threadId, [FORK_FROM_KEY]: request.checkpointId } });
    return threadId;
  } catch (error) {
    throw describeServerError(error, connection.url, "Forking the thread");
  }
}
