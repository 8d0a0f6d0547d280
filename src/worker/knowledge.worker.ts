/**
 * The knowledge worker: extracts, chunks, indexes and stores knowledge base files, so adding
 * 10 MB of documents never blocks the page (nor the engine worker's runs). The engine worker
 * searches what it stores, reading each base's index again when its revision changes.
 */
// First: zod must know it runs without eval before any schema is built.
import "../schema/browserZod";
import { Database } from "../persistence/db.js";
import { createKnowledgeLibrary, KnowledgeStore } from "../persistence/knowledge/index.js";
import { createWorkspace } from "../persistence/workspace/index.js";
import { createKnowledgeHost } from "./knowledgeHost";
import type { KnowledgeReply, KnowledgeRequest } from "./knowledgeProtocol";
import { APP_DB_NAME } from "./protocol";

interface WorkerScope {
  postMessage(message: KnowledgeReply): void;
  onmessage: ((event: MessageEvent<KnowledgeRequest>) => void) | null;
}

const scope = self as unknown as WorkerScope;
const database = new Database({ name: APP_DB_NAME });
const library = createKnowledgeLibrary(new KnowledgeStore(database));
// Keys for a base's embeddings profile come from the workspace, as the engine worker's do.
const workspace = createWorkspace(database);
const host = createKnowledgeHost(
  library,
  (message) => scope.postMessage(message),
  async (profile) => (await import("./knowledgeEmbedder")).workerEmbedder(workspace, profile),
);

scope.onmessage = (event: MessageEvent<KnowledgeRequest>) => {
  host.handle(event.data).catch((error: unknown) => {
    // handle() answers failures as messages; reaching here is a bug in the host itself.
    console.error("Graphwright knowledge worker:", error);
  });
};
