/**
 * The one redactor: replaces credentials in any text that leaves the engine worker or is
 * persisted (events, errors, run records, checkpoints, traces, exports, logs). It knows the
 * saved secret values — whole, and any piece of PIECE characters or more, so a key echoed
 * without its `sk-` prefix or cut in two still goes — and the shapes of provider keys. Pure
 * and DOM-free so every layer can use it.
 */

/** What replaces a secret inside a longer string; valid in ids and identifiers, so a document still validates. */
export const REDACTED = "REDACTED";
/** What replaces a secret in messages a person reads (errors, events, traces). */
export const REDACTED_MARK = "[redacted]";
/** The shortest piece of a saved secret that is redacted on its own: shorter ones are too likely to be ordinary text. */
export const PIECE = 12;
/** Secrets shorter than this are not matched at all (a 3-letter "key" would redact half of every text). */
const MIN_SECRET = 8;

/**
 * Provider key formats: OpenAI and Anthropic (`sk-…`, `sk-proj-…`, `sk-ant-…`, OpenRouter
 * `sk-or-…`), Google (`AIza…`), GitHub (`ghp_…`, `github_pat_…`), Slack (`xox?-…`), AWS access
 * key ids; bearer tokens; and credential parameters in URLs. Group 1 keeps the label before the secret.
 */
const KEY_SHAPES: readonly RegExp[] = [
  /(?<![A-Za-z0-9_-])()sk-[A-Za-z0-9][A-Za-z0-9_-]{15,}/g,
  /(?<![A-Za-z0-9_-])()AIza[0-9A-Za-z_-]{30,}/g,
  /(?<![A-Za-z0-9_])()(?:gh[pousr]_[A-Za-z0-9]{30,}|github_pat_[A-Za-z0-9_]{30,})/g,
  /(?<![A-Za-z0-9_-])()xox[abposr]-[A-Za-z0-9-]{10,}/g,
  /(?<![A-Z0-9])()(?:AKIA|ASIA)[0-9A-Z]{16}(?![A-Z0-9])/g,
  /\b(Bearer\s+|Basic\s+)[A-Za-z0-9._~+/=-]{12,}/gi,
  /([?&](?:api[_-]?key|apikey|key|token|access[_-]?token|secret|password)=)[^&#\s"']+/gi,
];

/** A half-open range [start, end) of text to replace. */
export type Span = readonly [number, number];

/** Where key shapes sit in `text` (the label before a bearer token or URL parameter is kept). */
export function keyShapeSpans(text: string): Span[] {
  const spans: Span[] = [];
  for (const pattern of KEY_SHAPES) {
    pattern.lastIndex = 0;
    for (let m = pattern.exec(text); m !== null; m = pattern.exec(text)) {
      const label = m[1]?.length ?? 0;
      spans.push([m.index + label, m.index + m[0].length]);
      if (m[0].length === 0) pattern.lastIndex++;
    }
  }
  return spans;
}

/** The spans merged where they overlap or touch, in order. */
export function mergeSpans(spans: readonly Span[]): Span[] {
  const sorted = [...spans].sort((a, b) => a[0] - b[0]);
  const out: [number, number][] = [];
  for (const [start, end] of sorted) {
    const last = out[out.length - 1];
    if (last && start <= last[1]) last[1] = Math.max(last[1], end);
    else out.push([start, end]);
  }
  return out;
}

/** `text` with each (merged) span replaced by `mark`. */
export function replaceSpans(text: string, spans: readonly Span[], mark: string): string {
  if (spans.length === 0) return text;
  let out = "";
  let at = 0;
  for (const [start, end] of mergeSpans(spans)) {
    out += text.slice(at, start) + mark;
    at = end;
  }
  return out + text.slice(at);
}

const BASE = 0x01000193;
/** BASE^(PIECE-1) mod 2^32, to drop the oldest character from a rolling hash. */
const DROP = Array.from({ length: PIECE - 1 }).reduce<number>((acc) => Math.imul(acc, BASE) >>> 0, 1);

function pieceHash(text: string, from: number): number {
  let h = 0;
  for (let i = from; i < from + PIECE; i++) h = (Math.imul(h, BASE) + text.charCodeAt(i)) >>> 0;
  return h;
}

/**
 * Secret values and key shapes, compiled once: every PIECE-character window of each secret
 * goes into a rolling-hash table, so a text is scanned in one pass whatever its size.
 */
export interface Redactor {
  /** Where secrets sit in `text` (unmerged; see `mergeSpans`). */
  spans(text: string): Span[];
  /**
   * `text` with every secret, every PIECE-character piece of one and every key shape replaced by `mark`.
   * @example createRedactor(["sk-proj-0123456789abcdefXYZ"]).redact("echo: 0123456789abcdef") // "echo: [redacted]"
   */
  redact(text: string, mark?: string): string;
  /** A copy of a JSON-like value with every string redacted (object keys are kept). */
  redactValue<T>(value: T, mark?: string): T;
  /** True when the redactor knows no secret values (it still redacts key shapes). */
  readonly empty: boolean;
}

/**
 * @example
 * const redactor = createRedactor([openaiKey, anthropicKey]);
 * redactor.redact(errorBody) // the body with each key, piece of a key, and key shape replaced
 */
export function createRedactor(secrets: readonly string[], options: { shapes?: boolean } = {}): Redactor {
  const values = [...new Set(secrets.map((s) => s.trim()).filter((s) => s.length >= MIN_SECRET))];
  const pieces = new Map<number, Set<string>>();
  const whole: string[] = [];
  for (const value of values) {
    if (value.length < PIECE) {
      whole.push(value);
      continue;
    }
    for (let i = 0; i + PIECE <= value.length; i++) {
      const h = pieceHash(value, i);
      let bucket = pieces.get(h);
      if (!bucket) pieces.set(h, (bucket = new Set()));
      bucket.add(value.slice(i, i + PIECE));
    }
  }

  const secretSpans = (text: string): Span[] => {
    const spans: Span[] = [];
    for (const value of whole) {
      for (let at = text.indexOf(value); at !== -1; at = text.indexOf(value, at + 1)) spans.push([at, at + value.length]);
    }
    if (pieces.size === 0 || text.length < PIECE) return spans;
    let h = pieceHash(text, 0);
    for (let i = 0; ; i++) {
      if (pieces.get(h)?.has(text.slice(i, i + PIECE))) spans.push([i, i + PIECE]);
      if (i + PIECE >= text.length) break;
      h = (Math.imul((h - Math.imul(text.charCodeAt(i), DROP)) >>> 0, BASE) + text.charCodeAt(i + PIECE)) >>> 0;
    }
    return spans;
  };

  // Without shapes, only the saved values count: a stored graph keeps a key it was given on
  // purpose (an HTTP tool's own header), but never a piece of a key saved in Settings.
  const spans = options.shapes === false ? secretSpans : (text: string): Span[] => [...secretSpans(text), ...keyShapeSpans(text)];
  const redact = (text: string, mark = REDACTED_MARK): string => replaceSpans(text, spans(text), mark);
  const redactValue = <T>(value: T, mark = REDACTED_MARK): T => walk(value, (s) => redact(s, mark)) as T;
  return { spans, redact, redactValue, empty: values.length === 0 };
}

function walk(value: unknown, redact: (text: string) => string): unknown {
  if (typeof value === "string") return redact(value);
  if (Array.isArray(value)) return value.map((item) => walk(item, redact));
  if (value !== null && typeof value === "object" && Object.getPrototypeOf(value) === Object.prototype) {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) out[key] = walk(item, redact);
    return out;
  }
  return value;
}

/**
 * The text with every provider key shape replaced by `mark`.
 *
 * @example
 * redactKeyShapes("key sk-proj-abcdefghijklmnop1234") // "key REDACTED"
 */
export function redactKeyShapes(text: string, mark: string = REDACTED): string {
  return replaceSpans(text, keyShapeSpans(text), mark);
}

/**
 * Replaces each of `secrets` (and their pieces), and anything shaped like an API key, with `[redacted]`.
 *
 * @example
 * redact("key abc123secret456 here", ["abc123secret456"]) // "key [redacted] here"
 */
export function redact(text: string, secrets: readonly string[] = []): string {
  return createRedactor(secrets).redact(text);
}
