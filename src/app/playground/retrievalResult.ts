/**
 * The sources a knowledge base search found, read from its tool result (the JSON the engine's
 * `search_<name>` tools return: `{ knowledge_base, results: [{ source, lines, text }] }`), for
 * the chat's retrieval card. Anything else (another tool, a "no passage matches" answer, a
 * malformed result) is not a retrieval and shows as a plain tool result.
 */

export interface RetrievedPassage {
  /** The file the passage comes from. */
  source: string;
  /** The lines it covers: "12" or "12-18". */
  lines: string;
  /** A short, whitespace-collapsed excerpt of the passage (plain text, shown as text). */
  excerpt: string;
}

export interface Retrieval {
  knowledgeBase: string;
  passages: RetrievedPassage[];
  /** Why a base with an embeddings model was searched by full text only (its vectors were unavailable). */
  vectorsUnavailable?: string;
}

/** Characters of a passage the card shows. */
export const EXCERPT_LENGTH = 280;
/** Passages past this many are not shown (a search returns at most 20). */
const MAX_PASSAGES = 20;
const SEARCH_PREFIX = "search_";

/** The passage text as one line, cut at a word boundary near `EXCERPT_LENGTH`. */
export function excerptOf(text: string): string {
  const flat = text.replace(/\s+/g, " ").trim();
  if (flat.length <= EXCERPT_LENGTH) return flat;
  const cut = flat.slice(0, EXCERPT_LENGTH);
  const space = cut.lastIndexOf(" ");
  return `${space > EXCERPT_LENGTH * 0.6 ? cut.slice(0, space) : cut}…`;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

/**
 * The retrieval a tool result carries, when `tool` is the search tool of the base the result names.
 * @example retrievalOf("search_faq", '{"knowledge_base":"faq","results":[{"source":"faq.md","lines":"3-5","text":"Returns within 30 days"}]}')
 * // { knowledgeBase: "faq", passages: [{ source: "faq.md", lines: "3-5", excerpt: "Returns within 30 days" }] }
 */
export function retrievalOf(tool: string, result: string | null): Retrieval | null {
  if (result === null || !tool.startsWith(SEARCH_PREFIX) || !result.trimStart().startsWith("{")) return null;
  let value: unknown;
  try {
    value = JSON.parse(result);
  } catch {
    return null;
  }
  if (!isRecord(value) || typeof value.knowledge_base !== "string" || !Array.isArray(value.results)) return null;
  if (`${SEARCH_PREFIX}${value.knowledge_base}` !== tool) return null;
  const passages: RetrievedPassage[] = [];
  for (const item of value.results.slice(0, MAX_PASSAGES)) {
    if (!isRecord(item) || typeof item.source !== "string" || typeof item.text !== "string") continue;
    const lines = typeof item.lines === "string" || typeof item.lines === "number" ? String(item.lines) : "";
    passages.push({ source: item.source, lines, excerpt: excerptOf(item.text) });
  }
  const unavailable = typeof value.vectors_unavailable === "string" ? { vectorsUnavailable: value.vectors_unavailable } : {};
  return { knowledgeBase: value.knowledge_base, passages, ...unavailable };
}
