// Graph settings edits of long-term memory.
import type { GraphDocument } from "../../../schema/index.js";

/**
 * The document with long-term memory embedded by `profileId`, or by no model when it is empty
 * (the setting is then absent, as in documents from before it existed).
 * @example setMemoryEmbedding(doc, "embedder").settings.memory_embedding_profile // "embedder"
 */
export function setMemoryEmbedding(document: GraphDocument, profileId: string): GraphDocument {
  const { memory_embedding_profile: _previous, ...settings } = document.settings;
  return { ...document, settings: profileId ? { ...settings, memory_embedding_profile: profileId } : settings };
}
