/**
 * A deterministic OpenAI-compatible `/embeddings` answer for tests (vitest and Playwright): each
 * word group is one dimension, and synonyms share their group's, so a question that uses only a
 * synonym ("reimbursement") lands next to the passage that uses the other word ("refund") while
 * full-text search finds nothing. Imports no test runner.
 */
import type { RecordedRequest, Reply } from "./faultServer.js";

/** One dimension per group; the last dimension takes every text with none of these words. */
export const SYNONYM_GROUPS: readonly (readonly string[])[] = [
  ["refund", "refunds", "refunded", "reimbursement", "reimbursed", "repayment"],
  ["ship", "ships", "shipping", "delivery", "deliver", "delivered", "parcel", "courier"],
  ["day", "days", "week", "weeks", "long", "soon"],
  ["warranty", "guarantee", "repair", "repairs"],
  ["password", "login", "credentials", "sign"],
  ["country", "countries", "abroad", "international"],
];

export const EMBEDDING_DIMENSIONS = SYNONYM_GROUPS.length + 1;

const GROUP_OF = new Map(SYNONYM_GROUPS.flatMap((words, dimension) => words.map((word) => [word, dimension] as const)));

/**
 * A text's unit vector: how often each group's words occur in it.
 * @example wordVector("Refunds take 14 days") // [0.707, 0, 0.707, 0, 0, 0, 0]
 */
export function wordVector(text: string): number[] {
  const vector = Array.from({ length: EMBEDDING_DIMENSIONS }, (): number => 0);
  for (const word of text.toLowerCase().match(/[a-z]+/g) ?? []) {
    const dimension = GROUP_OF.get(word);
    if (dimension !== undefined) vector[dimension]! += 1;
  }
  if (!vector.some((n) => n > 0)) vector[EMBEDDING_DIMENSIONS - 1] = 1;
  const norm = Math.hypot(...vector);
  return vector.map((n) => n / norm);
}

/** Whether a request is an embeddings request (`POST …/embeddings`). */
export function isEmbeddingsRequest(request: RecordedRequest): boolean {
  return request.method === "POST" && /\/embeddings(\?|$)/.test(request.path);
}

/** The texts an embeddings request asks for. */
export function embeddingInputs(request: RecordedRequest): string[] {
  const input = (request.body as { input?: unknown } | null)?.input;
  if (typeof input === "string") return [input];
  return Array.isArray(input) ? input.map(String) : [];
}

/**
 * A good answer to an embeddings request, in OpenAI's shape; `vector` replaces `wordVector`
 * (a test's wrong dimensions, for one).
 * @example startWireServer((request) => embeddingsReply(request)) // base_url: `${server.url}/v1`
 */
export function embeddingsReply(request: RecordedRequest, vector: (text: string) => number[] = wordVector): Reply {
  const inputs = embeddingInputs(request);
  const model = (request.body as { model?: unknown } | null)?.model;
  return {
    kind: "json",
    status: 200,
    body: {
      object: "list",
      data: inputs.map((text, index) => ({ object: "embedding", index, embedding: vector(text) })),
      model: typeof model === "string" ? model : "test-embeddings",
      usage: { prompt_tokens: inputs.length, total_tokens: inputs.length },
    },
  };
}
