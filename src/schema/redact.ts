/**
 * The one redactor: replaces credentials in any text that leaves the engine worker or is
 * persisted (events, errors, run records, checkpoints, traces, exports, logs). Pure and
 * DOM-free so every layer can use it.
 */

/** What replaces a secret inside a longer string; valid in ids and identifiers, so a document still validates. */
export const REDACTED = "REDACTED";
/** What replaces a secret in messages a person reads (errors, events, traces). */
export const REDACTED_MARK = "[redacted]";

/**
 * Provider key formats: OpenAI and Anthropic (`sk-…`, `sk-proj-…`, `sk-ant-…`, OpenRouter
 * `sk-or-…`), Google (`AIza…`), GitHub (`ghp_…`, `github_pat_…`), Slack (`xox?-…`), AWS access
 * key ids; bearer tokens; and credential parameters in URLs. `$1` keeps the label before the secret.
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

/**
 * The text with every provider key shape replaced by `mark`.
 *
 * @example
 * redactKeyShapes("key sk-proj-abcdefghijklmnop1234") // "key REDACTED"
 */
export function redactKeyShapes(text: string, mark: string = REDACTED): string {
  let out = text;
  for (const pattern of KEY_SHAPES) out = out.replace(pattern, (_m, label: string) => `${label}${mark}`);
  return out;
}

/**
 * Replaces each of `secrets`, and anything shaped like an API key, with `[redacted]`.
 *
 * @example
 * redact("key abc123secret456 here", ["abc123secret456"]) // "key [redacted] here"
 */
export function redact(text: string, secrets: readonly string[] = []): string {
  let out = text;
  for (const secret of secrets) if (secret.length >= 4) out = out.split(secret).join(REDACTED_MARK);
  return redactKeyShapes(out, REDACTED_MARK);
}
