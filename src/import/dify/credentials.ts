/**
 * Credentials in a Dify DSL file. Dify blanks most secrets on export, but a file may still hold
 * them: an HTTP node's API key, a secret environment variable exported with its value, a token
 * in a header, a URL or a tool's settings. None is ever copied: each value found is collected
 * and the whole file is passed through the one redactor before anything is mapped, and the
 * places that need a credential get a named secret (`{{ secrets.NAME }}`) instead.
 */
import { createRedactor, REDACTED } from "../../schema/index.js";
import { isObj, str, type Obj } from "./shapes.js";

/** Field names whose value is a credential (`api_key`, `access_token`, `password`, `client_secret`, …). */
const CREDENTIAL_NAME =
  /(?:^|[_\-. ])(?:api[_-]?key|apikey|token|access[_-]?token|auth[_-]?token|bearer|secret|client[_-]?secret|password|passwd|pwd|credentials?|cookie|session|private[_-]?key|signature)$/i;
const CREDENTIAL_ALONE = /^(?:api[_-]?key|apikey|token|secret|password|passwd|pwd|credential|credentials|cookie|authorization|auth|x-api-key|bearer)$/i;

/** Whether a field, header or parameter of this name carries a credential. */
export function isCredentialName(name: string): boolean {
  const trimmed = name.trim();
  return CREDENTIAL_ALONE.test(trimmed) || CREDENTIAL_NAME.test(trimmed);
}

/** Whether a URL query parameter of this name carries a credential (`?key=` is Google's). */
export function isCredentialParam(name: string): boolean {
  return name.trim().toLowerCase() === "key" || isCredentialName(name);
}

/**
 * A secret's name made of a label: `DIFY_` and the label in capitals.
 * @example secretName("Weather API") // "DIFY_WEATHER_API"
 */
export function secretName(label: string): string {
  const cleaned = label
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, "_")
    .replace(/^_+|_+$/g, "")
    .slice(0, 48);
  return `DIFY_${cleaned || "SECRET"}`;
}

/** `Key: value` lines (Dify stores HTTP headers and params this way). */
export function keyValueLines(text: string): { key: string; value: string }[] {
  return text
    .split(/\r?\n/)
    .map((line) => {
      const at = line.indexOf(":");
      return at < 0 ? { key: line.trim(), value: "" } : { key: line.slice(0, at).trim(), value: line.slice(at + 1).trim() };
    })
    .filter((pair) => pair.key !== "");
}

function collectUrl(text: string, found: string[]): void {
  for (const m of text.matchAll(/[a-z][a-z0-9+.-]*:\/\/([^/@\s]+)@/gi)) if (m[1]) found.push(...m[1].split(":"));
  for (const m of text.matchAll(/[?&]([^=&#\s]+)=([^&#\s"']+)/g)) if (m[1] && m[2] && isCredentialParam(decodeSafe(m[1]))) found.push(m[2]);
}

function decodeSafe(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** Every credential value in the file: values of credential-named fields, secret environment variables, header lines, URLs. */
export function collectCredentials(data: unknown): string[] {
  const found: string[] = [];
  const stack: unknown[] = [data];
  while (stack.length > 0) {
    const value = stack.pop();
    if (Array.isArray(value)) {
      stack.push(...(value as unknown[]));
      continue;
    }
    if (!isObj(value)) {
      if (typeof value === "string" && value.includes("://")) collectUrl(value, found);
      continue;
    }
    // An environment variable of type secret, or any `{ name: "API_KEY", value }` pair.
    if (typeof value.value === "string" && (str(value.value_type) === "secret" || isCredentialName(str(value.name)) || isCredentialName(str(value.key)))) {
      found.push(value.value);
    }
    for (const [key, item] of Object.entries(value)) {
      if (typeof item === "string") {
        if (isCredentialName(key)) found.push(item);
        if (key === "headers" || key === "params") for (const pair of keyValueLines(item)) if (isCredentialName(pair.key)) found.push(pair.value);
        if (item.includes("://")) collectUrl(item, found);
      } else stack.push(item);
    }
  }
  // The scheme of a header and the name in `session=…` are not secret: redacting them would eat the text around.
  return found
    .map((v) =>
      v
        .replace(/^(?:Bearer|Basic|Token)\s+/i, "")
        .replace(/^[A-Za-z0-9_.-]{1,40}=/, "")
        .trim(),
    )
    .filter((v) => v.length >= 4 && !/^\{\{.*\}\}$/.test(v));
}

/**
 * The file with every credential found (and anything shaped like a provider key) replaced by
 * `REDACTED`, so no later step can copy one by mistake.
 */
export function withoutCredentials<T>(data: T): T {
  const redactor = createRedactor(collectCredentials(data));
  const redacted = redactor.redactValue(data, REDACTED);
  return dropShortSecrets(redacted);
}

/** Values shorter than the redactor's minimum (a 5-letter password) still go: by field name. */
function dropShortSecrets<T>(data: T): T {
  const walk = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(walk);
    if (!isObj(value)) return value;
    const out: Obj = {};
    const secretPair =
      typeof value.value === "string" && (str(value.value_type) === "secret" || isCredentialName(str(value.name)) || isCredentialName(str(value.key)));
    for (const [key, item] of Object.entries(value)) {
      if (typeof item === "string" && item !== "" && (isCredentialName(key) || (secretPair && key === "value"))) out[key] = REDACTED;
      else out[key] = walk(item);
    }
    return out;
  };
  return walk(data) as T;
}

/** True when a value is (or was) a credential we removed. */
export function isRedacted(value: unknown): boolean {
  return typeof value === "string" && value.includes(REDACTED);
}
