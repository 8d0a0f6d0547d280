/**
 * The Memory panel's side in the worker: a graph's long-term memories (what its agents saved
 * with `remember`) read, edited and deleted in the same store the runs use, so the panel and
 * the agents never disagree. Every answer is the graph's memories after the op.
 */
import type { BaseStore, Item } from "@langchain/langgraph/web";
import { memoryAgent, memoryGraphPrefix, memoryNamespace } from "../engine/index.js";
import type { ReembedOptions } from "../persistence/store/reembedItems.js";
import { itemId } from "../persistence/store/vectorIndex.js";
import { SemanticMemoryStore } from "./memoryStores";
import type { MemoryEntry, MemoryRequest, MemoryResult, ReembedOutcome } from "./protocol";
import { errorMessage } from "../schema/errorMessage.js";

/** Items read per search while listing: a graph's memories are few, but never cut off. */
const PAGE = 500;

/** The text of a memory: `content` as `remember` saves it, or the whole value as JSON. */
function contentOf(value: Record<string, unknown>): string {
  return typeof value.content === "string" ? value.content : JSON.stringify(value);
}

async function searchAll(store: BaseStore, prefix: string[]): Promise<Item[]> {
  const items: Item[] = [];
  for (let offset = 0; ; offset += PAGE) {
    const page = await store.search(prefix, { limit: PAGE, offset });
    items.push(...page);
    if (page.length < PAGE) return items;
  }
}

/** Every memory of the graph, agents by name, each agent's oldest first; whether the graph's model embedded it, when it names one. */
async function listMemories(store: BaseStore, graphId: string): Promise<MemoryEntry[]> {
  const items = await searchAll(store, memoryGraphPrefix(graphId));
  const embedded = store instanceof SemanticMemoryStore ? await store.embeddedIds(memoryGraphPrefix(graphId)) : undefined;
  return items
    .flatMap((item) => {
      const agent = memoryAgent(item.namespace, graphId);
      return agent ? [{ item, agent }] : [];
    })
    .sort((a, b) => a.agent.localeCompare(b.agent) || a.item.createdAt.getTime() - b.item.createdAt.getTime())
    .map(({ item, agent }) => ({
      agent,
      key: item.key,
      content: contentOf(item.value),
      updated: item.updatedAt.toISOString(),
      ...(embedded ? { embedded: embedded.has(itemId(item.namespace, item.key)) } : {}),
    }));
}

function required(request: MemoryRequest, field: "agent" | "key"): string {
  const value = request[field];
  if (typeof value !== "string" || value === "") throw new Error(`A memory ${request.op} needs the ${field}`);
  return value;
}

async function existing(store: BaseStore, request: MemoryRequest): Promise<{ namespace: string[]; item: Item }> {
  const agent = required(request, "agent");
  const key = required(request, "key");
  const namespace = memoryNamespace(request.graphId, agent);
  const item = await store.get(namespace, key);
  if (!item) throw new Error(`${agent} has no memory "${key}" any more: it was deleted, perhaps by a run`);
  return { namespace, item };
}

/** A Memory panel job: Stop and progress of a `reembed`. */
export type MemoryJob = Pick<ReembedOptions, "signal" | "onProgress">;

async function change(store: BaseStore, request: MemoryRequest, job: MemoryJob): Promise<ReembedOutcome | undefined> {
  switch (request.op) {
    case "list":
      return;
    case "reembed":
      if (!(store instanceof SemanticMemoryStore)) throw new Error("this graph names no Memory embeddings model: choose one in Graph settings first");
      return store.reembed(memoryGraphPrefix(request.graphId), job);
    case "update": {
      const content = request.content?.trim();
      if (!content) throw new Error("A memory cannot be empty: delete it instead");
      const { namespace, item } = await existing(store, request);
      await store.put(namespace, item.key, { ...item.value, content });
      return;
    }
    case "delete": {
      const { namespace, item } = await existing(store, request);
      await store.delete(namespace, item.key);
      return;
    }
    case "clear": {
      const namespace = memoryNamespace(request.graphId, required(request, "agent"));
      const items = await searchAll(store, namespace);
      // One batch: IdbStore writes it in one transaction, so a failure leaves every memory there.
      if (items.length > 0) await store.batch(items.map((item) => ({ namespace, key: item.key, value: null })));
      return;
    }
    default: {
      const never: never = request.op;
      throw new Error(`Unknown memory op ${String(never)}`);
    }
  }
}

/**
 * @example
 * post(await answerMemoryRequest(store, { type: "memory", requestId: "r1", graphId: "support", op: "list" }));
 */
export async function answerMemoryRequest(store: BaseStore, request: MemoryRequest, job: MemoryJob = {}): Promise<MemoryResult> {
  const { requestId } = request;
  try {
    if (typeof request.graphId !== "string" || request.graphId === "") throw new Error("A memory request needs the graph id");
    const reembedded = await change(store, request, job);
    const memories = await listMemories(store, request.graphId);
    return { type: "memory_result", requestId, ok: true, memories, error: null, ...(reembedded ? { reembedded } : {}) };
  } catch (error) {
    return { type: "memory_result", requestId, ok: false, memories: [], error: `Long-term memory: ${errorMessage(error)}` };
  }
}
