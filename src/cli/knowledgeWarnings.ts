// The warnings a command prints before it runs a graph whose knowledge bases cannot be searched
// as written (shared by run, bundle and mcp; loaded only by them).
import { documentEmbedders } from "../models/index.js";
import type { GraphDocument } from "../schema/index.js";
import { KEY_VARIABLES } from "../server/graph/nodeServices.js";
import { embeddingWarnings, unpackedKnowledgeWarnings } from "../tools/index.js";

/**
 * Says up front which knowledge bases came without their text, whose searches will fail, and
 * which will be searched by full text only for want of their embeddings key.
 */
export function warnUnpackedKnowledge(document: GraphDocument): void {
  const embedders = documentEmbedders(document, () => undefined);
  const hasKey = () => Boolean(process.env[KEY_VARIABLES.openai]);
  for (const warning of [...unpackedKnowledgeWarnings(document), ...embeddingWarnings(document, embedders, hasKey)]) {
    process.stderr.write(`Warning: ${warning}\n`);
  }
}
