/**
 * Credentials in Flowise request settings (headers, URL user info, credential-named query
 * parameters) as named `{{ secrets.NAME }}` placeholders: values are never copied, and the
 * whole-graph note says which secrets to fill in Settings.
 */
import { isSecretHeader } from "../../schema/index.js";
import type { GraphBuilder } from "../builder.js";
import { arrayOf, fieldsOf, stringOf } from "./values.js";

const HARMLESS_HEADERS = new Set(["content-type", "accept", "accept-language", "user-agent"]);

/** A media type list or a language list: nothing a credential could hide in (no digits but q-values, no schemes). */
function harmless(value: string): boolean {
  const mediaTypes = /^[a-z*]+\/[\w.+*-]+(\s*;\s*[\w-]+=[\w.-]+)*(\s*,\s*[a-z*]+\/[\w.+*-]+(\s*;\s*[\w-]+=[\w.-]+)*)*$/i;
  const words = /^[A-Za-z*][A-Za-z*, ;=.-]{0,99}$/;
  return value.length <= 200 && (mediaTypes.test(value) || words.test(value)) && !/bearer|basic|token|key|secret/i.test(value);
}

/** Query parameter names whose value is a credential. */
export const CREDENTIAL_NAME = /key|token|secret|password|auth|sig|credential/i;

/**
 * `https://user:pass@host/path?token=…&q=x` as a URL without user info and its query: values of
 * credential-named parameters become secret placeholders, the others go through `value`.
 */
export function splitUrl(
  raw: string,
  owner: string,
  secrets: string[],
  value: (text: string) => string = (t) => t,
): { url: string; query: Record<string, string>; lost: boolean } {
  const [head = "", ...rest] = raw.trim().split("?");
  const base = head.replace(/^(https?:\/\/)[^/@]*@/i, "$1");
  const query: Record<string, string> = {};
  for (const pair of rest.join("?").split("#")[0]?.split("&").slice(0, 50) ?? []) {
    const [key = "", ...parts] = pair.split("=");
    if (!/^[\w.-]{1,100}$/.test(key)) continue;
    if (CREDENTIAL_NAME.test(key)) {
      const secret = secretName(owner, key);
      secrets.push(secret);
      query[key] = `{{ secrets.${secret} }}`;
    } else query[key] = value(decodeQuery(parts.join("=")));
  }
  const ok = /^https?:\/\/[^\s]+$/i.test(base) && base.length <= 2_000;
  return { url: ok ? value(base) : "https://example.com/api", query, lost: !ok };
}

function decodeQuery(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, " "));
  } catch {
    return text;
  }
}

/** A secret name (an environment-variable-like identifier) for a header of a tool. */
export function secretName(...parts: string[]): string {
  const name = parts
    .join("_")
    .toUpperCase()
    .replace(/[^A-Z0-9_]+/g, "_")
    .replace(/^_+|_+$/g, "")
    .slice(0, 60);
  return /^[A-Z_]/.test(name) ? name : `S_${name}`;
}

/** Header names and values of a Flowise headers field: an object, a JSON object string, or `[{key, value}]`. */
function headerEntries(raw: unknown): [string, string][] {
  let value = raw;
  if (typeof value === "string" && value.trim().startsWith("[")) value = arrayOf(value);
  else if (typeof value === "string" && value.trim().startsWith("{")) {
    try {
      value = JSON.parse(value) as unknown;
    } catch {
      return [];
    }
  }
  if (Array.isArray(value))
    return value.flatMap((h) => (typeof fieldsOf(h).key === "string" ? [[fieldsOf(h).key as string, stringOf(fieldsOf(h).value)]] : []));
  return Object.entries(fieldsOf(value)).map(([k, v]) => [k, stringOf(v)]);
}

/**
 * Headers with every value that could be a credential replaced by a named secret placeholder.
 * Returns the headers and the secret names, for the whole-graph note.
 */
export function secretHeaders(raw: unknown, owner: string): { headers: Record<string, string>; secrets: string[] } {
  const headers: Record<string, string> = {};
  const secrets: string[] = [];
  for (const [rawName, value] of headerEntries(raw).slice(0, 50)) {
    const name = rawName.trim();
    if (!/^[A-Za-z0-9!#$%&'*+.^_`|~-]{1,100}$/.test(name)) continue;
    if (HARMLESS_HEADERS.has(name.toLowerCase()) && !isSecretHeader(name) && harmless(value)) {
      headers[name] = value;
      continue;
    }
    const secret = secretName(owner, name);
    secrets.push(secret);
    const scheme = /^\s*(Bearer|Basic|Token)\s+/i.exec(value)?.[1];
    headers[name] = scheme ? `${scheme} {{ secrets.${secret} }}` : `{{ secrets.${secret} }}`;
  }
  return { headers, secrets };
}

/** Notes which secrets to fill in Settings. */
export function noteSecrets(builder: GraphBuilder, secrets: string[], where: string): void {
  if (secrets.length > 0) builder.note(`${where}: fill the tool secrets ${secrets.join(", ")} in Settings (header values are not carried over).`);
}
