/**
 * Knowledge base search where the graph runs without IndexedDB (the CLI, a LangGraph server):
 * built in memory from the files' text packed into a document exported with "include knowledge
 * bases". Each base is chunked and indexed once, on its first search, from the files its
 * definition lists; a base with an embeddings profile has its chunks embedded then too, when
 * the profile's key is available, and is searched by full text alone (saying why) when not.
 */
import type { KnowledgeSearch } from "../../engine/index.js";
import type { Embedder, KnowledgeEmbedders } from "../../models/index.js";
import type { GraphDocument, KnowledgeBase } from "../../schema/index.js";
import { chunkFile, type ChunkOptions, type KnowledgeChunk } from "./chunks.js";
import { hybridSearch } from "./hybridSearch.js";
import { KnowledgeVectors } from "./knowledgeVectors.js";
import { createKnowledgeIndex, type KnowledgeIndex } from "./searchIndex.js";
import { errorMessage } from "../../schema/errorMessage.js";

/** The files of a base that carry no text, so it cannot be indexed from the document. */
function unpackedFiles(base: KnowledgeBase): string[] {
  return base.files.filter((file) => file.text === undefined).map((file) => file.name);
}

const EXPORT_HINT = `In Graphwright, export the graph with "include knowledge bases" checked, then run that file.`;

function notPackedText(base: KnowledgeBase, missing: readonly string[]): string {
  return `Knowledge base "${base.name}" cannot be searched here: this graph file does not contain the text of ${missing.map((name) => `"${name}"`).join(", ")}.`;
}

/**
 * What is wrong with each knowledge base whose files were exported without their text, and how
 * to export it: a warning worth showing before a run or a bundle, whose searches would fail.
 * @example unpackedKnowledgeWarnings(document) // ['Knowledge base "faq" cannot be searched here: … In Graphwright, export the graph with …']
 */
export function unpackedKnowledgeWarnings(document: Pick<GraphDocument, "knowledge_bases">): string[] {
  return (document.knowledge_bases ?? []).flatMap((base) => {
    const missing = unpackedFiles(base);
    return missing.length > 0 ? [`${notPackedText(base, missing)} ${EXPORT_HINT}`] : [];
  });
}

/** Chunks per embeddings request. */
const EMBED_BATCH = 64;

type Built = { index: KnowledgeIndex; chunks: Map<string, KnowledgeChunk[]> };

async function buildIndex(base: KnowledgeBase, chunking: ChunkOptions): Promise<Built> {
  const missing = unpackedFiles(base);
  if (missing.length > 0) throw new Error(`${notPackedText(base, missing)} ${EXPORT_HINT}`);
  // A name listed twice keeps its last text, as adding a file again replaces it.
  const texts = new Map(base.files.map((file) => [file.name, file.text ?? ""]));
  const index = createKnowledgeIndex();
  const chunks = new Map<string, KnowledgeChunk[]>();
  for (const [name, text] of texts) {
    const fileChunks = await chunkFile(name, text, chunking);
    chunks.set(name, fileChunks);
    await index.add(fileChunks);
  }
  return { index, chunks };
}

/** Every chunk's vector, in batches; a failure throws (the base is then searched by full text). */
async function buildVectors(embedder: Embedder, chunks: Map<string, KnowledgeChunk[]>): Promise<KnowledgeVectors> {
  const all = [...chunks.values()].flat();
  const out: Float32Array[] = [];
  for (let start = 0; start < all.length; start += EMBED_BATCH) {
    out.push(...(await embedder.embed(all.slice(start, start + EMBED_BATCH).map((chunk) => chunk.text))));
  }
  const dimensions = out[0]?.length ?? 1;
  if (out.some((vector) => vector.length !== dimensions)) throw new Error(`Embedding with ${embedder.label} failed: its vectors differ in length`);
  const vectors = new KnowledgeVectors(dimensions);
  let next = 0;
  for (const [name, fileChunks] of chunks) {
    const data = new Float32Array(fileChunks.length * dimensions);
    for (let i = 0; i < fileChunks.length; i++) data.set(out[next++]!, i * dimensions);
    vectors.add(name, fileChunks, data);
  }
  return vectors;
}

/**
 * Why each knowledge base with an embeddings profile will be searched by full text only here:
 * its profile cannot embed (missing, not OpenAI-compatible) or its key is not set.
 * @example embeddingWarnings(document, (base) => embedderOf(base), (id) => Boolean(env.OPENAI_API_KEY))
 */
export function embeddingWarnings(
  document: Pick<GraphDocument, "knowledge_bases">,
  embedders: KnowledgeEmbedders,
  hasKey: (profileId: string) => boolean,
): string[] {
  return (document.knowledge_bases ?? []).flatMap((base) => {
    const embedder = embedders(base);
    if (embedder === null) return [];
    const why = "unavailable" in embedder ? embedder.unavailable : hasKey(embedder.profileId) ? null : "no OpenAI API key is set (OPENAI_API_KEY)";
    return why ? [`Knowledge base "${base.name}" will be searched by full text only: ${why}.`] : [];
  });
}

/**
 * Searches the knowledge bases of `document` from their packed text. A base whose files were
 * exported without their text fails its search with an error saying how to export it.
 * @example
 * const services = { ...nodeServices(document), knowledge: packedKnowledgeSearch(document) };
 * await services.knowledge.search(document.knowledge_bases[0], "refund within how many days", 3);
 */
export function packedKnowledgeSearch(
  document: Pick<GraphDocument, "knowledge_bases">,
  chunking: ChunkOptions = {},
  embedders?: KnowledgeEmbedders,
): KnowledgeSearch {
  const bases = new Map((document.knowledge_bases ?? []).map((base) => [base.id, base]));
  const indexes = new Map<string, Promise<Built>>();
  const embedded = new Map<string, Promise<KnowledgeVectors>>();
  const vectorsOf = (base: KnowledgeBase, embedder: Embedder, chunks: Map<string, KnowledgeChunk[]>): Promise<KnowledgeVectors> => {
    let vectors = embedded.get(base.id);
    if (!vectors) {
      vectors = buildVectors(embedder, chunks);
      embedded.set(base.id, vectors);
      void vectors.catch(() => embedded.delete(base.id));
    }
    return vectors;
  };
  const indexOf = (base: KnowledgeBase): Promise<Built> => {
    let index = indexes.get(base.id);
    if (!index) {
      index = buildIndex(base, chunking);
      indexes.set(base.id, index);
      // A failure is not kept: the next search tries again.
      void index.catch(() => indexes.delete(base.id));
    }
    return index;
  };
  return {
    async search(requested, query, k, signal) {
      const base = bases.get(requested.id);
      if (!base) throw new Error(`Knowledge base "${requested.name}" is not defined in this graph file, so it has nothing to search`);
      const { index, chunks } = await indexOf(base);
      signal?.throwIfAborted();
      if (base.embedding_profile === undefined) return index.search(query, k);
      const embedder = embedders?.(base) ?? { unavailable: "this engine has no embeddings models" };
      let vectors: KnowledgeVectors | { unavailable: string };
      if ("unavailable" in embedder) vectors = embedder;
      else {
        try {
          vectors = await vectorsOf(base, embedder, chunks);
        } catch (error) {
          vectors = { unavailable: `its chunks could not be embedded: ${errorMessage(error)}` };
        }
      }
      signal?.throwIfAborted();
      return hybridSearch({ index, vectors, embedder }, query, k, signal ? { signal } : {});
    },
  };
}
