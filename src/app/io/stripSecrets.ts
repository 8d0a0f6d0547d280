/**
 * Removes anything that looks like a credential from a graph document before it leaves the
 * browser. Documents hold no keys by design (keys live in the secrets store), so this is the
 * safety net for a key pasted into a prompt, a header or a URL.
 */
import { SECRET_PLACEHOLDER, type GraphDocument } from "../../schema/index.js";
import { REDACTED, redactKeyShapes } from "../../schema/redact.js";
import { isSecretHeader } from "../../schema/secretValues.js";

export { REDACTED };

export interface StripResult {
  document: GraphDocument;
  /** JSON paths of the values that were removed or redacted. */
  removed: string[];
}

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;
function pathOf(segments: readonly (string | number)[]): string {
  return "$" + segments.map((s) => (typeof s === "number" ? `[${s}]` : IDENTIFIER.test(s) ? `.${s}` : `[${JSON.stringify(s)}]`)).join("");
}

/** The string with every key shape redacted, or the same string when it holds none. */
export function redactSecrets(text: string): string {
  return redactKeyShapes(text, REDACTED);
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
 * A copy of the document without credentials: secret headers of HTTP tools and MCP servers are
 * dropped, unless they only reference named secrets, and
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
      if (isSecretHeader(name) && holdsLiteralSecret(value)) removed.push(pathOf(["tools", i, "config", "headers", name]));
      else headers[name] = value;
    }
    return { ...tool, config: { ...tool.config, headers } };
  });
  // MCP server headers too: a `{{ secrets.NAME }}` reference is kept (the secret is read at call time), a credential written out is dropped.
  const mcpServers = document.mcp_servers?.map((server, i) => {
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(server.headers)) {
      if (isSecretHeader(name) && holdsLiteralSecret(value)) removed.push(pathOf(["mcp_servers", i, "headers", name]));
      else headers[name] = value;
    }
    return { ...server, headers };
  });
  const stripped = walk({ ...document, tools, ...(mcpServers ? { mcp_servers: mcpServers } : {}) }, [], removed) as GraphDocument;
  return { document: stripped, removed };
}

/** A header value with more than secret references and an auth scheme: a credential written out. */
function holdsLiteralSecret(value: string): boolean {
  return (
    value
      .replace(SECRET_PLACEHOLDER, "")
      .replace(/^\s*(?:Bearer|Basic|Token)\b/i, "")
      .trim() !== ""
  );
}

/**
 * JSON paths where `after` holds a different string than `before`: what a redaction done
 * elsewhere (the engine worker, which knows the saved keys) took out of a document.
 * @example changedPaths({ a: "x sk" }, { a: "x REDACTED" }) // ["$.a"]
 */
export function changedPaths(before: unknown, after: unknown, path: (string | number)[] = []): string[] {
  if (typeof before === "string") return before !== after ? [pathOf(path)] : [];
  if (Array.isArray(before) && Array.isArray(after)) return before.flatMap((item, i) => changedPaths(item, after[i], [...path, i]));
  if (before !== null && typeof before === "object" && after !== null && typeof after === "object") {
    return Object.entries(before).flatMap(([key, item]) => changedPaths(item, (after as Record<string, unknown>)[key], [...path, key]));
  }
  return [];
}
