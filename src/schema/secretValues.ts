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
export function documentSecrets(document: Pick<GraphDocument, "tools"> & Partial<Pick<GraphDocument, "mcp_servers">>): string[] {
  const out: string[] = [];
  const headerSets = [
    ...(Array.isArray(document.tools) ? document.tools : []).flatMap((tool) => (tool.kind === "http" ? [tool.config.headers ?? {}] : [])),
    // MCP server headers too; `{{ secrets.NAME }}` references are not values.
    ...(Array.isArray(document.mcp_servers) ? document.mcp_servers : []).map((server) => server.headers ?? {}),
  ];
  for (const headers of headerSets) {
    for (const [name, value] of Object.entries(headers)) {
      if (!isSecretHeader(name) || typeof value !== "string") continue;
      // The scheme is not secret: redacting "Bearer " with the token would eat the text around it.
      const written = value.replace(/\{\{\s*secrets\.[A-Za-z_][A-Za-z0-9_]*\s*\}\}/g, "").trim();
      if (/^(?:(?:Bearer|Basic|Token)\b)?$/i.test(written)) continue;
      out.push(/^\s*(?:Bearer|Basic|Token)\s+(\S+)/i.exec(written)?.[1] ?? written);
    }
  }
  return out;
}
