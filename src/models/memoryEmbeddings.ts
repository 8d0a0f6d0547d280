/**
 * Long-term memory's embeddings: the graph's `settings.memory_embedding_profile` as an
 * `Embedder`, and an `Embedder` as the LangChain `Embeddings` a LangGraph store's vector index
 * takes (IdbStore, InMemoryStore). Vectors are plain number lists there; the key is read per
 * call by the `Embedder` and goes nowhere else.
 */
import { Embeddings } from "@langchain/core/embeddings";
import type { GraphDocument } from "../schema/index.js";
import { createEmbedder, type Embedder, type EmbedderOptions } from "./embeddings.js";
import type { KeySource } from "./providerModel.js";

/**
 * An `Embedder` as LangChain `Embeddings`: one request per call, and the vector size learned
 * from the first answer (`dims`), so a store's index can be sized without asking the model.
 * @example
 * const embeddings = new EmbedderEmbeddings(createEmbedder(profile, getKey));
 * const store = new InMemoryStore({ index: { dims: await embeddings.vectorSize(), embeddings, fields: ["content"] } });
 */
export class EmbedderEmbeddings extends Embeddings {
  /** The vector size, once a call has answered. */
  dims: number | undefined;

  constructor(readonly embedder: Embedder) {
    super({});
  }

  /** `model @ endpoint`: vectors compare only with vectors of the same signature. */
  get signature(): string {
    return this.embedder.signature;
  }

  async embedDocuments(documents: string[]): Promise<number[][]> {
    const vectors = await this.embedder.embed(documents);
    if (vectors[0]) this.dims = vectors[0].length;
    return vectors.map((vector) => Array.from(vector));
  }

  async embedQuery(document: string): Promise<number[]> {
    const [vector] = await this.embedDocuments([document]);
    return vector ?? [];
  }

  /** The vector size: known after a call, else learned by embedding one short text. */
  async vectorSize(): Promise<number> {
    if (this.dims === undefined) await this.embedQuery("vector size");
    return this.dims as number;
  }
}

/** Long-term memory's embedder: null when the graph names none; why not, when its profile cannot embed. */
export type MemoryEmbedder = Embedder | { unavailable: string } | null;

/**
 * The embedder of a graph's long-term memory, from its model profiles (provider defaults
 * already applied) and the key source the chat models use.
 * @example const embedder = memoryEmbedder(document, getKey); // null without settings.memory_embedding_profile
 */
export function memoryEmbedder(document: Pick<GraphDocument, "models" | "settings">, getKey: KeySource, options: EmbedderOptions = {}): MemoryEmbedder {
  const id = document.settings?.memory_embedding_profile;
  if (id === undefined) return null;
  const profile = document.models.find((m) => m.id === id);
  if (!profile) return { unavailable: `memory's embeddings model profile "${id}" does not exist in this graph` };
  if (profile.provider !== "openai") {
    return { unavailable: `memory's embeddings model profile "${id}" is a profile of provider "${profile.provider}", not an OpenAI-compatible one` };
  }
  return createEmbedder(profile, getKey, options);
}
