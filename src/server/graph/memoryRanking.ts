/**
 * Whether long-term memory can be ranked by meaning in Node (the CLI, `serve`, exported server
 * graphs): the graph names a memory embeddings profile (`settings.memory_embedding_profile`),
 * that profile is OpenAI-compatible, and its key is in the environment (OPENAI_API_KEY, as chat
 * models and knowledge bases read it). Otherwise memory is recalled by words, and the warning
 * says why without the key itself.
 */
import type { Embedder } from "../../models/embeddings.js";
import { memoryEmbedder } from "../../models/memoryEmbeddings.js";
import type { GraphDocument } from "../../schema/index.js";
import { KEY_VARIABLES } from "./nodeServices.js";

/** The start of every warning: what happens instead. */
export const RECALLED_BY_WORDS = "long-term memory is recalled by matching words";

/** The embedder to rank memories with; why not, when the graph asks for it but cannot; null when it does not ask. */
export type MemoryRanking = { embedder: Embedder } | { warning: string } | null;

/**
 * @example
 * const ranking = memoryRanking(document, process.env);
 * if (ranking && "warning" in ranking) console.warn(ranking.warning);
 */
export function memoryRanking(document: Pick<GraphDocument, "models" | "settings">, env: Record<string, string | undefined>): MemoryRanking {
  const variable = KEY_VARIABLES.openai;
  // The key is read per call, so a key set later (a long-lived server) is used as soon as it is there.
  const embedder = memoryEmbedder(document, () => env[variable] || undefined, { retries: 2 });
  if (embedder === null) return null;
  if ("unavailable" in embedder) return { warning: `${RECALLED_BY_WORDS}: ${embedder.unavailable}.` };
  if (!env[variable]) return { warning: `${RECALLED_BY_WORDS}: set ${variable} to embed memories with ${embedder.label}.` };
  return { embedder };
}
