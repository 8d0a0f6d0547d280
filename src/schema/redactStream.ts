/**
 * Redaction of text that arrives in pieces (streamed model replies): a key cut across two
 * chunks is caught because each chunk is checked together with the end of what came before.
 * Nothing is held back, so streaming is not delayed: at most PIECE - 1 characters of a key can
 * show before the rest of it is replaced, which is less than the redactor treats as a secret.
 */
import { PIECE, REDACTED_MARK, mergeSpans, type Redactor } from "./redact.js";

/** How much of the past a chunk is checked with: enough for a key shape (bearer tokens, `sk-…` keys) to be seen whole. */
const CONTEXT = 512;

export interface StreamRedactor {
  /** The chunk as it may be shown, given everything pushed before it. */
  push(chunk: string): string;
}

/**
 * @example
 * const stream = streamRedactor(createRedactor([key]));
 * stream.push(key.slice(0, 20)) + stream.push(key.slice(20)) // "[redacted]"
 */
export function streamRedactor(redactor: Redactor, mark: string = REDACTED_MARK): StreamRedactor {
  let tail = "";
  /** Whether what was last emitted ended inside a redacted span (its continuation then adds no second mark). */
  let inSpan = false;
  return {
    push(chunk) {
      if (chunk === "") return chunk;
      const text = tail + chunk;
      const from = tail.length;
      let out = "";
      let at = from;
      let endedInSpan = false;
      for (const [start, end] of mergeSpans(redactor.spans(text))) {
        if (end <= from) continue;
        const clipped = Math.max(start, from);
        out += text.slice(at, clipped);
        // A span that began in the part already shown and was marked there continues without a second mark.
        if (!(start < from && inSpan && clipped === from)) out += mark;
        at = end;
        endedInSpan = end === text.length;
      }
      out += text.slice(at);
      inSpan = endedInSpan;
      tail = text.slice(-Math.max(CONTEXT, PIECE));
      return out;
    },
  };
}
