/**
 * Where provider settings live: keys in the secrets store under the provider's name, the
 * OpenAI-compatible base URL in settings. The run worker reads exactly these names.
 */

// The names are part of the worker protocol: the worker reads exactly these.
export { OPENAI_BASE_URL_SETTING, PROVIDER_SECRETS } from "../../worker/protocol";

export type BaseUrlCheck = { ok: true; url: string | null } | { ok: false; message: string };

/**
 * Checks a base URL typed by the user: empty means "the provider's default"; otherwise an
 * absolute http(s) URL without credentials, returned without a trailing slash.
 * @example checkBaseUrl("http://localhost:11434/v1/") // { ok: true, url: "http://localhost:11434/v1" }
 */
export function checkBaseUrl(text: string): BaseUrlCheck {
  const trimmed = text.trim();
  if (!trimmed) return { ok: true, url: null };
  const example = "such as https://api.openai.com/v1 or http://localhost:11434/v1";
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    return { ok: false, message: `Enter a full http:// or https:// address, ${example}.` };
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    return { ok: false, message: `The base URL must start with http:// or https://, ${example}.` };
  }
  if (url.username || url.password) {
    return { ok: false, message: "Leave credentials out of the base URL; put the key in the API key field instead." };
  }
  return { ok: true, url: trimmed.replace(/\/+$/, "") };
}
