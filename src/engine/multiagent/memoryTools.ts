/**
 * Long-term memory (seed 002): `remember`, `recall` and `forget` over a LangGraph `BaseStore`,
 * for agents that enable them. Memories outlive threads and are scoped per graph and per agent:
 * an agent reads only its own (the namespace carries its name), as seed 002 renders memory for
 * each sub-agent as its own agent.
 */
import type { BaseStore } from "@langchain/langgraph/web";
import type { GraphDocument, NodeOfKind } from "../../schema/index.js";
import type { IdSource } from "../ports.js";
import type { CallableTool } from "../toolCall.js";
import { textArgument } from "./turnTool.js";
import { errorMessage } from "../../schema/errorMessage.js";

export const MEMORY_TOOL_NAMES = ["remember", "recall", "forget"] as const;

/**
 * What a store with a vector index embeds of a memory: its text alone, whatever fields the
 * store's index names, so a memory's vector means the same in every store.
 */
export const MEMORY_INDEX_FIELDS = ["content"];

/** Whether a store ranks a search's `query` by meaning: InMemoryStore and IdbStore expose their index as `indexConfig`. */
function ranksByMeaning(store: BaseStore | undefined): boolean {
  return Boolean((store as { indexConfig?: unknown } | undefined)?.indexConfig);
}

/**
 * A store namespace label may not hold "." or ":" (LangGraph's rule), which graph ids may: they
 * are escaped as "%2E" and "%3A" ("%" itself is escaped first, so two ids never meet).
 */
const label = (text: string): string => text.replace(/%/g, "%25").replace(/\./g, "%2E").replace(/:/g, "%3A");

/**
 * Where an agent's memories live in the store.
 * @example memoryNamespace("support-graph", "Support") // ["graphwright", "support-graph", "agent", "Support", "memories"]
 */
export function memoryNamespace(graphId: string, agent: string): string[] {
  return ["graphwright", label(graphId), "agent", label(agent), "memories"];
}

const unlabel = (text: string): string => text.replace(/%2E/g, ".").replace(/%3A/g, ":").replace(/%25/g, "%");

/**
 * The agent whose memories a namespace holds, when it is one of the graph's memory namespaces.
 * @example memoryAgent(["graphwright", "support-graph", "agent", "Support", "memories"], "support-graph") // "Support"
 */
export function memoryAgent(namespace: readonly string[], graphId: string): string | undefined {
  const [root, graph, agentWord, agent, memories, ...rest] = namespace;
  const shape = memoryNamespace(graphId, "");
  const fits = rest.length === 0 && root === shape[0] && graph === shape[1] && agentWord === shape[2] && memories === shape[4];
  return fits && agent ? unlabel(agent) : undefined;
}

/**
 * The namespace prefix under which all of a graph's memories live.
 * @example memoryGraphPrefix("support-graph") // ["graphwright", "support-graph", "agent"]
 */
export function memoryGraphPrefix(graphId: string): string[] {
  return memoryNamespace(graphId, "").slice(0, 3);
}

function unavailable(): never {
  throw new Error("Long-term memory is not available here: this engine was started without a memory store");
}

/**
 * @example memoryTools(node, document, store, ids).map((t) => t.spec.name) // ["remember", "recall", "forget"]
 */
export function memoryTools(node: NodeOfKind<"agent">, document: GraphDocument, store: BaseStore | undefined, ids: IdSource): CallableTool[] {
  if (!node.data.memory) return [];
  const namespace = memoryNamespace(document.meta.id, node.data.name);
  const storeOrFail = () => store ?? unavailable();
  const semantic = ranksByMeaning(store);
  const contentOf = (value: Record<string, unknown>) => String((value as { content?: unknown }).content ?? "");
  return [
    {
      spec: {
        name: "remember",
        description:
          "Save a fact about the user or the work to long-term memory (it outlives this conversation). Give a short key to update the same fact later.",
        parameters: {
          type: "object",
          properties: {
            content: { type: "string", description: "The fact, in one sentence" },
            key: { type: "string", description: "A short name for it (optional)" },
          },
          required: ["content"],
        },
      },
      returnDirect: false,
      async invoke(args) {
        const content = textArgument(args, "content");
        const key = typeof args.key === "string" && args.key.trim() ? args.key.trim() : ids.next("memory");
        await storeOrFail().put(namespace, key, { content }, MEMORY_INDEX_FIELDS);
        return `Remembered "${key}".`;
      },
    },
    {
      spec: {
        name: "recall",
        description: semantic
          ? "Read what long-term memory holds, optionally the facts closest in meaning to a query first, each with its similarity score."
          : "Read what long-term memory holds, optionally only the facts that mention some words.",
        parameters: {
          type: "object",
          properties: {
            query: { type: "string", description: semantic ? "What the facts should be about (optional)" : "Words the facts should contain (optional)" },
            limit: { type: "integer", minimum: 1, maximum: 50 },
          },
        },
      },
      returnDirect: false,
      async invoke(args) {
        const limit = typeof args.limit === "number" && Number.isInteger(args.limit) ? Math.min(50, Math.max(1, args.limit)) : 20;
        const query = typeof args.query === "string" ? args.query.trim() : "";
        let note: string | undefined;
        if (semantic && query) {
          // Ranked by the store's vector index: the closest facts first, each with its score.
          try {
            const ranked = await storeOrFail().search(namespace, { query, limit });
            const memories = ranked.map((item) => ({
              key: item.key,
              content: contentOf(item.value),
              ...(item.score === undefined ? {} : { score: Math.round(item.score * 1000) / 1000 }),
            }));
            return memories.length > 0 ? JSON.stringify({ memories }) : "Long-term memory is empty.";
          } catch (error) {
            // The embeddings model failed: the facts are still there, found by their words.
            note = `Ranking by meaning failed (${errorMessage(error)}); these facts were matched by words instead.`;
          }
        }
        const words = query.toLowerCase().split(/\s+/).filter(Boolean);
        const items = await storeOrFail().search(namespace, { limit: 200 });
        const matching = items
          .map((item) => ({ key: item.key, content: contentOf(item.value) }))
          .filter((m) => words.every((w) => m.content.toLowerCase().includes(w)))
          .slice(0, limit);
        if (note) return JSON.stringify({ note, memories: matching });
        return matching.length > 0 ? JSON.stringify({ memories: matching }) : "Nothing in long-term memory matches.";
      },
    },
    {
      spec: {
        name: "forget",
        description: "Remove one fact from long-term memory by its key.",
        parameters: { type: "object", properties: { key: { type: "string" } }, required: ["key"] },
      },
      returnDirect: false,
      async invoke(args) {
        const key = textArgument(args, "key");
        const store = storeOrFail();
        if (!(await store.get(namespace, key))) throw new Error(`Long-term memory has no fact "${key}"`);
        await store.delete(namespace, key);
        return `Forgot "${key}".`;
      },
    },
  ];
}
