/**
 * Which values of a graph document are credentials: the values of secret HTTP headers of
 * its tools (and the token inside `Bearer …` / `Basic …`). The redactor is given them with
 * the saved provider keys, so a tool's token echoed in a result or an error is redacted too.
 */
import type { GraphDocument } from "./document.js";

/** HTTP header names whose value is a credential, compared ignoring case. */
export const SECRET_HEADERS: ReadonlySet<string> = new Set([
  "authorization",
  "proxy-authorization",
  "x-api-key",
  "api-key",
  "x-goog-api-key",
  "openai-api-key",
  "anthropic-api-key",
  "cookie",
]);

/** Whether an HTTP header of this name carries a credential. */
export function isSecretHeader(name: string): boolean {
  return SECRET_HEADERS.has(name.toLowerCase());
}

/**
 * The credential values a document holds.
 * @example documentSecrets(doc) // ["tok_live_0123456789"] for `Authorization: Bearer tok_live_0123456789`
 */
export function documentSecrets(document: Pick<GraphDocument, "tools">): string[] {
  const out: string[] = [];
  for (const tool of Array.isArray(document.tools) ? document.tools : []) {
    if (tool.kind !== "http") continue;
    for (const [name, value] of Object.entries(tool.config.headers ?? {})) {
      if (!isSecretHeader(name) || typeof value !== "string") continue;
      // The scheme is not secret: redacting "Bearer " with the token would eat the text around it.
      out.push(/^\s*(?:Bearer|Basic|Token)\s+(\S+)/i.exec(value)?.[1] ?? value);
    }
  }
  return out;
}
