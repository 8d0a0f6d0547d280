/**
 * Long-term memory ranked by meaning in the CLI: a graph whose settings name a memory embeddings
 * profile (`memory_embedding_profile`) runs with an `InMemoryStore` indexed on `content`,
 * embedded with OPENAI_API_KEY, as chat models get their key. Postgres memories stay ranked by
 * words: PostgresStore's index needs the pgvector extension, which this CLI does not require.
 * Without the key, or when the model cannot be reached, recall matches words and a warning
 * says why; the key itself is never printed.
 */
import { InMemoryStore } from "@langchain/langgraph-checkpoint";
import { MEMORY_INDEX_FIELDS } from "../engine/multiagent/memoryTools.js";
import { EmbedderEmbeddings } from "../models/memoryEmbeddings.js";
import type { GraphDocument } from "../schema/index.js";
import { memoryRanking, RECALLED_BY_WORDS } from "../server/graph/memoryRanking.js";
import type { OpenCheckpointer } from "./checkpointer.js";
import { errorMessage } from "../schema/errorMessage.js";

/** Indexed stores of this process, one per embeddings model: every run of the process shares its memories. */
const indexedStores = new Map<string, InMemoryStore>();

export interface CliMemory {
  store: OpenCheckpointer["store"];
  /** Why memory is ranked by words though the graph names an embeddings profile. */
  warning?: string;
}

/**
 * @example const { store, warning } = await cliMemory(document, opened); // InMemoryStore with an index
 */
export async function cliMemory(document: GraphDocument, opened: Pick<OpenCheckpointer, "spec" | "store">, env = process.env): Promise<CliMemory> {
  const ranking = memoryRanking(document, env);
  if (ranking === null) return { store: opened.store };
  if (opened.spec.kind === "postgres") {
    return {
      store: opened.store,
      warning: `${RECALLED_BY_WORDS}: ranking by meaning (settings.memory_embedding_profile) needs the in-memory store (--checkpoint memory or sqlite:<file>); a Postgres memory store would need the pgvector extension, which this CLI does not use.`,
    };
  }
  if ("warning" in ranking) return { store: opened.store, warning: ranking.warning };
  const { embedder } = ranking;
  const cached = indexedStores.get(embedder.signature);
  if (cached) return { store: cached };
  const embeddings = new EmbedderEmbeddings(embedder);
  let dims: number;
  try {
    dims = await embeddings.vectorSize();
  } catch (error) {
    return { store: opened.store, warning: `${RECALLED_BY_WORDS}: ${errorMessage(error)}` };
  }
  const store = new InMemoryStore({ index: { dims, embeddings, fields: MEMORY_INDEX_FIELDS } });
  indexedStores.set(embedder.signature, store);
  return { store };
}
