/**
 * Knowledge base texts in and out of an exported document: an export made with "include
 * knowledge bases" carries each file's text (so the CLI and a server bundle can rebuild the
 * index); an import takes the texts out of the document and stores them after the graph is saved.
 */
import type { GraphDocument, KnowledgeBase } from "../../schema/index.js";
import type { KnowledgeClient, PackedKnowledgeFile } from "../services/knowledgeClient";

export type { PackedKnowledgeFile };

/**
 * A copy of `doc` whose knowledge base files carry their text, read from this browser's store.
 * Rejects, naming the base and files, when a listed file is not stored here.
 * @example const exported = await packKnowledge(doc, doc.meta.id, knowledgeClient());
 */
export async function packKnowledge(doc: GraphDocument, graphId: string, client: Pick<KnowledgeClient, "texts">): Promise<GraphDocument> {
  const bases = doc.knowledge_bases;
  if (!bases || bases.length === 0) return doc;
  const packed: KnowledgeBase[] = [];
  for (const base of bases) {
    if (base.files.length === 0) {
      packed.push(base);
      continue;
    }
    const stored = new Map((await client.texts(graphId, base.id)).map((file) => [file.name, file]));
    const missing = base.files.filter((file) => !stored.has(file.name)).map((file) => file.name);
    if (missing.length > 0) {
      throw new Error(
        `Knowledge base "${base.name}" cannot be exported with its files: ${missing.join(", ")} ${missing.length === 1 ? "is" : "are"} not stored in this browser. Add ${missing.length === 1 ? "it" : "them"} again in graph settings, or export without knowledge bases.`,
      );
    }
    packed.push({ ...base, files: base.files.map((file) => ({ name: file.name, bytes: file.bytes, text: stored.get(file.name)!.text })) });
  }
  return { ...doc, knowledge_bases: packed };
}

/**
 * The document without knowledge base texts (as it is saved), and the texts by base id, to
 * store with `addTexts` once the graph is saved. Files without text stay listed.
 * @example const { doc, packed } = stripKnowledgeText(imported); // packed.get("kb-faq") → [{ name: "faq.md", bytes, text }]
 */
export function stripKnowledgeText(doc: GraphDocument): { doc: GraphDocument; packed: Map<string, PackedKnowledgeFile[]> } {
  const packed = new Map<string, PackedKnowledgeFile[]>();
  const bases = doc.knowledge_bases;
  if (!bases?.some((base) => base.files.some((file) => file.text !== undefined))) return { doc, packed };
  const stripped = bases.map((base) => {
    const texts = base.files.flatMap((file) => (file.text === undefined ? [] : [{ name: file.name, bytes: file.bytes, text: file.text }]));
    if (texts.length > 0) packed.set(base.id, texts);
    return { ...base, files: base.files.map((file) => ({ name: file.name, bytes: file.bytes })) };
  });
  return { doc: { ...doc, knowledge_bases: stripped }, packed };
}
