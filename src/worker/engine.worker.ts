/**
 * The engine worker: runs graphs off the main thread so a long run never blocks the
 * canvas. The engine, LangGraph, models and tools live only in this chunk.
 */
// First: zod must know it runs without eval before any schema is built.
import "../schema/browserZod";
import { Database } from "../persistence/db.js";
// Search only: the extractors that adding files needs stay in the knowledge worker.
import { createKnowledgeReader } from "../persistence/knowledge/knowledgeReader.js";
import { KnowledgeStore } from "../persistence/knowledge/knowledgeStore.js";
import { storedKnowledgeSearch } from "../persistence/knowledge/storedKnowledgeSearch.js";
import { IdbStore } from "../persistence/store/IdbStore.js";
import { createWorkspace } from "../persistence/workspace/index.js";
import { createEngineHost } from "./engineHost";
import { APP_DB_NAME, type FromWorker, type ToWorker } from "./protocol";
import { createWorkerRedaction, redactConsole } from "./redaction";
import { createCheckpointer, withThreadLock } from "./workerPlatform";

/** The parts of the worker's global scope used here (the DOM lib has no worker types). */
interface WorkerScope {
  postMessage(message: FromWorker): void;
  onmessage: ((event: MessageEvent<ToWorker>) => void) | null;
}

const scope = self as unknown as WorkerScope;
const database = new Database({ name: APP_DB_NAME });
const workspace = createWorkspace(database);
// One redactor for all that leaves the worker or is stored by it: messages, runs, events, checkpoints, console.
const redaction = createWorkerRedaction(workspace);
redactConsole(console, redaction);
redaction.refresh().catch(() => undefined);
// Knowledge bases the knowledge worker stored: each base's index loaded on its first search, again after it changes.
const knowledgeStore = new KnowledgeStore(database);
const knowledge = createKnowledgeReader(knowledgeStore);

const host = createEngineHost({
  runs: workspace.runs,
  credentials: workspace,
  checkpointer: createCheckpointer(database, redaction),
  withThreadLock,
  post: (message: FromWorker) => scope.postMessage(message),
  tasks: workspace.tasks,
  evaluations: workspace.evaluations,
  // Long-term memory on the app database: what an agent remembers outlives threads and reloads.
  store: new IdbStore({ database }),
  loadDocument: async (graphId) => (await workspace.graphs.get(graphId))?.document,
  // Bases with an embeddings profile embed each query with it (the run's keys, scoped by host).
  knowledgeFor: (graphId, embedders) => storedKnowledgeSearch(knowledge, graphId, embedders),
  // Published with the document, so a LangGraph server indexes the bases again.
  knowledgeTexts: async (graphId, baseId) => (await knowledgeStore.files(graphId, baseId)).map(({ name, bytes, text }) => ({ name, bytes, text })),
  redaction,
  sandboxOnPage: true,
});

scope.onmessage = (event: MessageEvent<ToWorker>) => {
  host.handle(event.data).catch((error: unknown) => {
    // handle() reports failures as messages; reaching here is a bug in the host itself.
    console.error("Graphwright engine worker:", error);
  });
};
