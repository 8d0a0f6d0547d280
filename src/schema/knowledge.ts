/**
 * Knowledge bases (seed 002): named collections of files an agent may search. The document
 * keeps only their definition (name, description, which files); the files, their chunks and the
 * index live where the graph runs (IndexedDB in the browser), and an export may pack them.
 */
import { z } from "zod";
import { id, identifier, LIMITS, text } from "./primitives.js";

export const knowledgeFileSchema = z.strictObject({
  name: z.string().min(1).max(255),
  /** Size of the file as added (before text extraction). */
  bytes: z.number().int().min(0),
  /**
   * The file's extracted text, present only in an export made with "include knowledge bases":
   * the app and the CLI rebuild the base's chunks and index from it. Never in a saved document.
   */
  text: z.string().max(LIMITS.knowledgeTextLength).optional(),
});

export const knowledgeBaseSchema = z.strictObject({
  id,
  /** Becomes the agent's tool name `search_<name>`. */
  name: identifier,
  /** What the base holds: the search tool's description, so the model knows when to use it. */
  description: text.default(""),
  files: z.array(knowledgeFileSchema).max(LIMITS.listItems).default([]),
  /**
   * A model profile of the graph (provider `openai`, any OpenAI-compatible `/embeddings` server)
   * whose `model` embeds the chunks and the queries: searches then fuse full-text (BM25) and
   * vector rankings. Absent: full-text only, which works offline.
   */
  embedding_profile: id.optional(),
});

export type KnowledgeBase = z.infer<typeof knowledgeBaseSchema>;
export type KnowledgeFile = z.infer<typeof knowledgeFileSchema>;

/**
 * The search tool an agent gets for a knowledge base assigned to it.
 * @example knowledgeToolName({ name: "faq" }) // "search_faq"
 */
export function knowledgeToolName(base: Pick<KnowledgeBase, "name">): string {
  return `search_${base.name}`;
}
