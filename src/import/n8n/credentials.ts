/**
 * Keeping credentials out of an imported graph. Whatever names a credential (a header, a query
 * parameter, a URL's user info, an auth setting) becomes a named secret placeholder
 * (`{{ secrets.NAME }}`) whose value is set in Settings; free text passes through the one
 * redactor's key shapes, so a key pasted into a prompt or a URL is not copied either.
 */
import { isSecretHeader, redactKeyShapes } from "../../schema/index.js";

/** Text copied from the source with anything shaped like a key replaced. */
export function safeText(text: string): string {
  return redactKeyShapes(text);
}

/** A secret's name as the secrets store and `GRAPHWRIGHT_SECRET_<NAME>` read it. */
export function secretName(raw: string, fallback = "N8N_SECRET"): string {
  const cleaned = raw
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, "_")
    .replace(/^_+|_+$/g, "")
    .slice(0, 48);
  if (cleaned === "") return fallback;
  return /^[A-Z_]/.test(cleaned) ? cleaned : `N8N_${cleaned}`;
}

/** A `{{ secrets.NAME }}` placeholder. */
export const secretRef = (name: string): string => `{{ secrets.${name} }}`;

const CREDENTIAL_WORDS = /key|token|secret|passw|pwd|auth|bearer|signature|^sig$|session|cookie|credential|private/i;

/** Whether a header, query or body field of this name carries a credential. */
export function isCredentialField(name: string): boolean {
  return isSecretHeader(name) || CREDENTIAL_WORDS.test(name);
}

/** Whether a value looks like a credential whatever its field is called (a key shape, a bearer token). */
export function looksLikeCredential(value: string): boolean {
  return redactKeyShapes(value) !== value;
}

/** A URL apart: without user info or query, and its query pairs (values still the source's). */
export interface UrlParts {
  base: string;
  query: Array<[string, string]>;
  /** The URL carried a user and password, which were dropped. */
  hadUserInfo: boolean;
}

/**
 * Splits a URL (possibly holding `{{ … }}` placeholders) without parsing it as a URL.
 * @example splitUrl("https://u:p@api.example.com/v1?q=x&api_key=123") // { base: "https://api.example.com/v1", query: [["q","x"],["api_key","123"]], hadUserInfo: true }
 */
export function splitUrl(url: string): UrlParts {
  const hashless = url.split("#")[0] ?? "";
  const at = hashless.indexOf("?");
  let base = at < 0 ? hashless : hashless.slice(0, at);
  const search = at < 0 ? "" : hashless.slice(at + 1);
  const userInfo = /^([a-z][a-z0-9+.-]*:\/\/)([^/?#]*@)/i.exec(base);
  if (userInfo) base = `${userInfo[1]}${base.slice(userInfo[0].length)}`;
  const query: Array<[string, string]> = [];
  for (const pair of search.split("&")) {
    if (pair === "") continue;
    const eq = pair.indexOf("=");
    const decode = (s: string) => {
      try {
        return decodeURIComponent(s.replace(/\+/g, " "));
      } catch {
        return s;
      }
    };
    query.push(eq < 0 ? [decode(pair), ""] : [decode(pair.slice(0, eq)), decode(pair.slice(eq + 1))]);
  }
  return { base: safeText(base), query, hadUserInfo: userInfo !== null };
}
