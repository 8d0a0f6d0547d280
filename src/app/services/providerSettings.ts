/**
 * Where provider settings live: keys in the secrets store under the provider's name, the
 * OpenAI-compatible base URL in settings. The run worker reads exactly these names.
 */

// The names are part of the worker protocol: the worker reads exactly these.
export {
  hostLabel,
  KEY_HOSTS_SETTING,
  OPENAI_BASE_URL_SETTING,
  PROVIDER_SECRETS,
  readSecretOrigins,
  TOOL_SECRET_ORIGINS_SETTING,
  TOOL_SECRET_PREFIX,
  toolSecretName,
  type KeyHosts,
  type SecretOrigins,
} from "../../worker/protocol";
import { originOf } from "../../worker/protocol";

export type BaseUrlCheck = { ok: true; url: string | null } | { ok: false; message: string };

/**
 * Checks a base URL typed by the user: empty means "the provider's default"; otherwise an
 * absolute http(s) URL without credentials, returned without a trailing slash.
 * @example checkBaseUrl("http://localhost:11434/v1/") // { ok: true, url: "http://localhost:11434/v1" }
 */
export function checkBaseUrl(text: string, example = "such as https://api.openai.com/v1 or http://localhost:11434/v1", what = "The base URL"): BaseUrlCheck {
  const trimmed = text.trim();
  if (!trimmed) return { ok: true, url: null };
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    return { ok: false, message: `Enter a full http:// or https:// address, ${example}.` };
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    return { ok: false, message: `${what} must start with http:// or https://, ${example}.` };
  }
  if (url.username || url.password) {
    return { ok: false, message: `Leave credentials out of ${what.toLowerCase()}; put the key in the API key field instead.` };
  }
  return { ok: true, url: trimmed.replace(/\/+$/, "") };
}

export type HostCheck = { ok: true; origin: string } | { ok: false; message: string };

/**
 * Checks a host typed to be allowed for a key: `api.example.com` (https), `http://127.0.0.1:9999`,
 * or a whole base URL, as the error that asked for it wrote it. Returns its origin.
 * @example checkHost("http://127.0.0.1:9999/v1") // { ok: true, origin: "http://127.0.0.1:9999" }
 */
export function checkHost(text: string): HostCheck {
  const trimmed = text.trim();
  const origin = trimmed ? originOf(/^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`) : null;
  if (!origin) return { ok: false, message: "Enter a host such as api.example.com or http://127.0.0.1:9999." };
  if (/@/.test(trimmed.replace(/^[a-z]+:\/\//i, "").split("/")[0] ?? "")) return { ok: false, message: "Leave credentials out of the host." };
  return { ok: true, origin };
}

export type OriginsCheck = { ok: true; origins: string[] } | { ok: false; message: string };

/**
 * Origins typed as a comma- or space-separated list: `api.github.com` (https) or a full address.
 * @example checkOrigins("api.github.com, http://127.0.0.1:9999/x") // { ok: true, origins: ["https://api.github.com", "http://127.0.0.1:9999"] }
 */
export function checkOrigins(text: string): OriginsCheck {
  const origins: string[] = [];
  for (const entry of text.split(/[\s,]+/).filter(Boolean)) {
    const host = checkHost(entry);
    if (!host.ok) return { ok: false, message: `"${entry}": ${host.message}` };
    if (!origins.includes(host.origin)) origins.push(host.origin);
  }
  return { ok: true, origins };
}
