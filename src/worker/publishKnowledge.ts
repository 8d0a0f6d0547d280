/**
 * Publishing a document with its knowledge bases: the texts this browser stores for the bases'
 * files go into the published document (as Export's "include knowledge bases" packs them), so
 * the LangGraph server rebuilds each base's index and its searches answer there.
 */
import { packStoredKnowledge, type StoredKnowledgeText } from "../persistence/knowledge/packedDocument.js";
import type { GraphDocument } from "../schema/index.js";
import type { Client } from "@langchain/langgraph-sdk";
import { publishDocument, type PublishResult } from "../server/client/publish.js";

/** Reads the stored texts of one base of a graph (IndexedDB in the app). */
export type KnowledgeTexts = (graphId: string, baseId: string) => Promise<readonly StoredKnowledgeText[]>;

/** "340 KB", "12.4 MB": the size of the text sent, for progress. */
function sizeText(characters: number): string {
  return characters >= 1024 * 1024 ? `${(characters / (1024 * 1024)).toFixed(1)} MB` : `${Math.max(1, Math.round(characters / 1024))} KB`;
}

/**
 * `document` with its bases' texts packed in; `onProgress` hears which base is read and how
 * much is sent. Rejects, naming the base and files, when a listed file is not stored here.
 * @example const packed = await withKnowledgeTexts(document, texts, (text) => post(text));
 */
export async function withKnowledgeTexts(
  document: GraphDocument,
  texts: KnowledgeTexts | undefined,
  onProgress?: (text: string) => void,
): Promise<GraphDocument> {
  const { document: packed, size } = await packStoredKnowledge(document, (baseId) => (texts ? texts(document.meta.id, baseId) : Promise.resolve([])), {
    purpose: "published",
    otherwise: "then publish again",
    onBase: ({ base, index, count }) => onProgress?.(`Reading knowledge base "${base}"${count > 1 ? ` (${index} of ${count})` : ""}…`),
  });
  if (size.files > 0) {
    onProgress?.(`Sending the graph with ${size.files} knowledge base file${size.files === 1 ? "" : "s"} (${sizeText(size.characters)} of text)…`);
  }
  return packed;
}

/**
 * Publishes `document` with its knowledge bases' texts.
 * @example const result = await publishWithKnowledge(client, document, url, texts); // result.outcome: "created"
 */
export async function publishWithKnowledge(
  client: Client,
  document: GraphDocument,
  url: string,
  texts: KnowledgeTexts | undefined,
  onProgress?: (text: string) => void,
): Promise<PublishResult> {
  return publishDocument(client, await withKnowledgeTexts(document, texts, onProgress), url);
}
