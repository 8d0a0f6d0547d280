/**
 * Where the origins of tool secrets are stored, and how they are read: the page (Settings)
 * and the worker (runs) agree on both through the protocol, which re-exports them.
 */

/** The origin of an http(s) URL, or null (protocol.ts's originOf, which this module cannot import without a cycle). */
function originOf(url: string): string | null {
  try {
    const parsed = new URL(url);
    return parsed.protocol === "http:" || parsed.protocol === "https:" ? parsed.origin : null;
  } catch {
    return null;
  }
}
/**
 * Setting key of the origins each tool secret may be sent to: `{ [NAME]: string[] }` of
 * origins (`https://api.github.com`). A secret with no entry (saved before secrets were bound
 * to origins) has an empty list, so its first use asks.
 */
export const TOOL_SECRET_ORIGINS_SETTING = "tool_secrets.allowed_origins";
export type SecretOrigins = Record<string, string[]>;

/**
 * The stored lists, read from whatever shape was stored: an absent setting (secrets saved
 * before origins) or a malformed entry gives empty lists; origins are normalized and deduplicated.
 * @example readSecretOrigins({ TOKEN: ["https://API.example.com/", 7] }) // { TOKEN: ["https://api.example.com"] }
 */
export function readSecretOrigins(raw: unknown): SecretOrigins {
  const out: SecretOrigins = {};
  if (raw === null || typeof raw !== "object" || Array.isArray(raw)) return out;
  for (const [name, list] of Object.entries(raw as Record<string, unknown>)) {
    if (!Array.isArray(list)) continue;
    const origins = list.map((entry) => (typeof entry === "string" ? originOf(entry) : null)).filter((o): o is string => o !== null);
    out[name] = [...new Set(origins)];
  }
  return out;
}
