/**
 * Knowledge base texts in and out of an exported document: an export made with "include
 * knowledge bases" carries each file's text (so the CLI and a server bundle can rebuild the
 * index); an import takes the texts out of the document and stores them after the graph is saved.
 */
import { packStoredKnowledge } from "../../persistence/knowledge/packedDocument.js";
import type { GraphDocument } from "../../schema/index.js";
import type { KnowledgeClient, PackedKnowledgeFile } from "../services/knowledgeClient";

export type { PackedKnowledgeFile };

/**
 * A copy of `doc` whose knowledge base files carry their text, read from this browser's store.
 * Rejects, naming the base and files, when a listed file is not stored here.
 * @example const exported = await packKnowledge(doc, doc.meta.id, knowledgeClient());
 */
export async function packKnowledge(doc: GraphDocument, graphId: string, client: Pick<KnowledgeClient, "texts">): Promise<GraphDocument> {
  const packing = { purpose: "exported", otherwise: "or export without knowledge bases" };
  return (await packStoredKnowledge(doc, (baseId) => client.texts(graphId, baseId), packing)).document;
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
