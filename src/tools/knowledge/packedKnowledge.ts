/**
 * Knowledge base search where the graph runs without IndexedDB (the CLI, a LangGraph server):
 * built in memory from the files' text packed into a document exported with "include knowledge
 * bases". Each base is chunked and indexed once, on its first search, from the files its
 * definition lists.
 */
import type { KnowledgeSearch } from "../../engine/index.js";
import type { GraphDocument, KnowledgeBase } from "../../schema/index.js";
import { chunkFile, type ChunkOptions } from "./chunks.js";
import { createKnowledgeIndex, type KnowledgeIndex } from "./searchIndex.js";

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

async function buildIndex(base: KnowledgeBase, chunking: ChunkOptions): Promise<KnowledgeIndex> {
  const missing = unpackedFiles(base);
  if (missing.length > 0) throw new Error(`${notPackedText(base, missing)} ${EXPORT_HINT}`);
  // A name listed twice keeps its last text, as adding a file again replaces it.
  const texts = new Map(base.files.map((file) => [file.name, file.text ?? ""]));
  const index = createKnowledgeIndex();
  for (const [name, text] of texts) await index.add(await chunkFile(name, text, chunking));
  return index;
}

/**
 * Searches the knowledge bases of `document` from their packed text. A base whose files were
 * exported without their text fails its search with an error saying how to export it.
 * @example
 * const services = { ...nodeServices(document), knowledge: packedKnowledgeSearch(document) };
 * await services.knowledge.search(document.knowledge_bases[0], "refund within how many days", 3);
 */
export function packedKnowledgeSearch(document: Pick<GraphDocument, "knowledge_bases">, chunking: ChunkOptions = {}): KnowledgeSearch {
  const bases = new Map((document.knowledge_bases ?? []).map((base) => [base.id, base]));
  const indexes = new Map<string, Promise<KnowledgeIndex>>();
  const indexOf = (base: KnowledgeBase): Promise<KnowledgeIndex> => {
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
      const index = await indexOf(base);
      signal?.throwIfAborted();
      return index.search(query, k);
    },
  };
}
