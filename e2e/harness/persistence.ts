// Test-only harness: a few checkpoint operations through IdbSaver and semantic memory search
// through IdbStore in real IndexedDB, and thread locks through the real Web Locks API, exposed
// to Playwright as window.persistenceHarness.
import type { RunnableConfig } from "@langchain/core/runnables";
import { DeltaSnapshot, emptyCheckpoint, uuid6, type Checkpoint } from "@langchain/langgraph-checkpoint";
import { PersistenceError } from "../../src/persistence/errors";
import { withThreadLock } from "../../src/persistence/locks";
import { IdbSaver } from "../../src/persistence/saver/IdbSaver";
import { storageBytes } from "../../src/persistence/saver/storageBytes";
import { IdbStore } from "../../src/persistence/store/IdbStore";
import { WordEmbeddings } from "../../src/persistence/store/fixtures/WordEmbeddings";

const DB_NAME = "graphwright-e2e";
const THREAD = { configurable: { thread_id: "smoke", checkpoint_ns: "" } };

/** What the spec compares before and after a reload: plain JSON. */
export interface SavedThread {
  checkpointIds: string[];
  latest: { topic: unknown; messages: unknown; parentId: string | undefined };
  pendingWrites: unknown[];
  deletedThreadFound: boolean;
  bytes: number;
}

function checkpoint(values: Record<string, unknown>, versions: Record<string, number>): Checkpoint {
  return { ...emptyCheckpoint(), id: uuid6(-3), channel_values: values, channel_versions: versions };
}

const metadata = (step: number) => ({ source: "loop" as const, step, parents: {} });

async function write(): Promise<SavedThread> {
  const saver = new IdbSaver({ name: DB_NAME });
  const first = await saver.put(THREAD, checkpoint({ topic: "billing", messages: new DeltaSnapshot(["hi"]) }, { topic: 1, messages: 1 }), metadata(0), {
    topic: 1,
    messages: 1,
  });
  await saver.putWrites(
    first,
    [
      ["topic", "refunds"],
      ["messages", ["how can I help?"]],
    ],
    "task-1",
    "~__pregel_pull, reply",
  );
  await saver.put(first, checkpoint({ topic: "refunds", messages: new DeltaSnapshot(["hi", "how can I help?"]) }, { topic: 2, messages: 2 }), metadata(1), {
    topic: 2,
    messages: 2,
  });
  const doomed = { configurable: { thread_id: "doomed", checkpoint_ns: "" } };
  await saver.put(doomed, checkpoint({ topic: "spam" }, { topic: 1 }), metadata(0), { topic: 1 });
  await saver.deleteThread("doomed");
  const saved = await read(saver);
  await saver.close();
  return saved;
}

async function read(saver = new IdbSaver({ name: DB_NAME })): Promise<SavedThread> {
  const checkpointIds: string[] = [];
  let oldest: RunnableConfig | undefined;
  for await (const tuple of saver.list(THREAD)) {
    checkpointIds.push(tuple.checkpoint.id);
    oldest = tuple.config;
  }
  const latest = await saver.getTuple(THREAD);
  const messages = latest?.checkpoint.channel_values.messages as DeltaSnapshot<string[]> | undefined;
  return {
    checkpointIds,
    latest: { topic: latest?.checkpoint.channel_values.topic, messages: messages?.value, parentId: latest?.parentConfig?.configurable?.checkpoint_id },
    pendingWrites: oldest ? ((await saver.getTuple(oldest))?.pendingWrites ?? []) : [],
    deletedThreadFound: (await saver.getTuple({ configurable: { thread_id: "doomed" } })) !== undefined,
    bytes: await storageBytes(saver.database),
  };
}

const MEMORY = ["graph", "g1", "agent", "Support"];

/** A memory store whose index counts a few words, so the expected ranking is plain. */
function memoryStore(): IdbStore {
  const embeddings = new WordEmbeddings(["french", "german", "language", "order"]);
  return new IdbStore({ name: DB_NAME, index: { dims: embeddings.dims, embeddings, fields: ["text"] } });
}

/** The keys and scores a query for "french language" ranks. */
async function rankMemories(store = memoryStore()): Promise<[string, number | undefined][]> {
  const ranked = await store.search(MEMORY, { query: "french language" });
  await store.close();
  return ranked.map((item) => [item.key, item.score]);
}

async function rememberMemories(): Promise<[string, number | undefined][]> {
  const store = memoryStore();
  await store.batch([
    { namespace: MEMORY, key: "order", value: { text: "Order 42 shipped" } },
    { namespace: MEMORY, key: "german", value: { text: "Learning the German language" } },
    { namespace: MEMORY, key: "french", value: { text: "Speaks French" } },
    { namespace: MEMORY, key: "note", value: { text: "French" }, index: false },
  ]);
  return rankMemories(store);
}

/**
 * A task's writes saved twice, as when a task runs again after a reload: its first regular write
 * stays, a new one is added, its error write is replaced. Returns the pending writes read back.
 */
async function retryWrites(): Promise<unknown[]> {
  const saver = new IdbSaver({ name: DB_NAME });
  const thread = { configurable: { thread_id: "retried", checkpoint_ns: "" } };
  const config = await saver.put(thread, checkpoint({ topic: "billing" }, { topic: 1 }), metadata(0), { topic: 1 });
  await saver.putWrites(
    config,
    [
      ["topic", "refunds"],
      ["__error__", "timeout"],
    ],
    "task-1",
  );
  await saver.putWrites(
    config,
    [
      ["topic", "returns"],
      ["notes", "added on retry"],
      ["__error__", "rate limited"],
    ],
    "task-1",
  );
  const pending = (await saver.getTuple(config))?.pendingWrites ?? [];
  await saver.close();
  return pending;
}

let release: (() => void) | undefined;

/** Takes the thread's lock and keeps it until `releaseLock()`, as a long run would. */
async function holdLock(threadId: string): Promise<void> {
  let started!: () => void;
  const holding = new Promise<void>((resolve) => (started = resolve));
  void withThreadLock(threadId, () => {
    started();
    return new Promise<void>((resolve) => (release = resolve));
  });
  await holding;
}

/** Tries a run on the thread: "ran", or the PersistenceError code it got. */
async function tryLock(threadId: string): Promise<string> {
  try {
    return await withThreadLock(threadId, async () => "ran");
  } catch (error) {
    return error instanceof PersistenceError ? error.code : String(error);
  }
}

export const persistenceHarness = {
  write,
  read: () => read(),
  holdLock,
  releaseLock: () => release?.(),
  tryLock,
  rememberMemories,
  rankMemories: () => rankMemories(),
  retryWrites,
};
export type PersistenceHarness = typeof persistenceHarness;

(window as unknown as { persistenceHarness: PersistenceHarness }).persistenceHarness = persistenceHarness;
document.getElementById("status")!.textContent = "ready";
