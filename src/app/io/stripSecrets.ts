/**
 * Removes anything that looks like a credential from a graph document before it leaves the
 * browser. Documents hold no keys by design (keys live in the secrets store), so this is the
 * safety net for a key pasted into a prompt, a header or a URL.
 */
import type { GraphDocument } from "../../schema/index.js";

/** What replaces a secret inside a longer string; valid in ids and identifiers, so the document still validates. */
export const REDACTED = "REDACTED";

/** HTTP header names whose value is a credential, compared ignoring case. */
const SECRET_HEADERS: ReadonlySet<string> = new Set([
  "authorization",
  "proxy-authorization",
  "x-api-key",
  "api-key",
  "x-goog-api-key",
  "openai-api-key",
  "anthropic-api-key",
  "cookie",
]);

/**
 * Provider key formats: OpenAI and Anthropic (`sk-…`, `sk-proj-…`, `sk-ant-…`, OpenRouter
 * `sk-or-…`), Google (`AIza…`), GitHub (`ghp_…`, `github_pat_…`), Slack (`xox?-…`), AWS access
 * key ids; bearer tokens; and credential parameters in URLs.
 */
const KEY_PATTERNS: readonly [RegExp, string][] = [
  [/(?<![A-Za-z0-9_-])sk-[A-Za-z0-9][A-Za-z0-9_-]{15,}/g, REDACTED],
  [/(?<![A-Za-z0-9_-])AIza[0-9A-Za-z_-]{30,}/g, REDACTED],
  [/(?<![A-Za-z0-9_])(?:gh[pousr]_[A-Za-z0-9]{30,}|github_pat_[A-Za-z0-9_]{30,})/g, REDACTED],
  [/(?<![A-Za-z0-9_-])xox[abposr]-[A-Za-z0-9-]{10,}/g, REDACTED],
  [/(?<![A-Z0-9])(?:AKIA|ASIA)[0-9A-Z]{16}(?![A-Z0-9])/g, REDACTED],
  [/\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]{12,}/g, `$1 ${REDACTED}`],
  [/([?&](?:api[_-]?key|apikey|key|token|access[_-]?token|secret|password)=)[^&#\s"']+/gi, `$1${REDACTED}`],
];

export interface StripResult {
  document: GraphDocument;
  /** JSON paths of the values that were removed or redacted. */
  removed: string[];
}

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;
function pathOf(segments: readonly (string | number)[]): string {
  return "$" + segments.map((s) => (typeof s === "number" ? `[${s}]` : IDENTIFIER.test(s) ? `.${s}` : `[${JSON.stringify(s)}]`)).join("");
}

/** The string with every key pattern redacted, or the same string when it holds none. */
export function redactSecrets(text: string): string {
  let out = text;
  for (const [pattern, replacement] of KEY_PATTERNS) out = out.replace(pattern, replacement);
  return out;
}

function walk(value: unknown, path: (string | number)[], removed: string[]): unknown {
  if (typeof value === "string") {
    const redacted = redactSecrets(value);
    if (redacted !== value) removed.push(pathOf(path));
    return redacted;
  }
  if (Array.isArray(value)) return value.map((item, i) => walk(item, [...path, i], removed));
  if (value !== null && typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) out[key] = walk(item, [...path, key], removed);
    return out;
  }
  return value;
}

/**
 * A copy of the document without credentials: secret headers of HTTP tools are dropped and
 * key-shaped strings anywhere are replaced by `REDACTED`. Never changes its input.
 * @example
 * stripSecrets(doc).removed // ["$.tools[2].config.headers.Authorization"]
 */
export function stripSecrets(document: GraphDocument): StripResult {
  const removed: string[] = [];
  const tools = document.tools.map((tool, i) => {
    if (tool.kind !== "http") return tool;
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(tool.config.headers)) {
      if (SECRET_HEADERS.has(name.toLowerCase())) removed.push(pathOf(["tools", i, "config", "headers", name]));
      else headers[name] = value;
    }
    return { ...tool, config: { ...tool.config, headers } };
  });
  const stripped = walk({ ...document, tools }, [], removed) as GraphDocument;
  return { document: stripped, removed };
}
