/**
 * Tool secrets in the browser, bound to origins: a secret goes only to the origins on its
 * list (TOOL_SECRET_ORIGINS_SETTING), and a person's "Always allow" adds one. Secrets saved
 * before the lists existed have none, so their first use asks.
 */
import type { ToolSecrets } from "../tools/index.js";
import { readSecretOrigins, TOOL_SECRET_ORIGINS_SETTING, toolSecretName, type SecretOrigins } from "./protocol";

/** Where the worker reads (and, for Always allow, writes) secrets and their origins. */
export interface SecretOriginStore {
  secrets: { reveal(name: string): Promise<string | undefined> };
  settings: { get<T>(key: string, fallback: T): Promise<T>; set?(key: string, value: unknown): Promise<void> };
}

/**
 * The origins of one secret with `origin` added (Always allow), as the setting stores them.
 * @example withOrigin({}, "TOKEN", "https://api.example.com") // { TOKEN: ["https://api.example.com"] }
 */
export function withOrigin(lists: SecretOrigins, name: string, origin: string): SecretOrigins {
  const current = lists[name] ?? [];
  return current.includes(origin) ? lists : { ...lists, [name]: [...current, origin] };
}

/**
 * The tool secrets a run uses: values from the secrets store (`tool:NAME`), lists read at each
 * check (so an origin allowed in Settings or by Always allow applies at once).
 * @example createToolSecrets(workspace).allows("GITHUB_TOKEN", "https://api.github.com")
 */
export function createToolSecrets(store: SecretOriginStore): ToolSecrets {
  const lists = async () => readSecretOrigins(await store.settings.get<unknown>(TOOL_SECRET_ORIGINS_SETTING, null));
  return {
    get: (name) => store.secrets.reveal(toolSecretName(name)),
    allows: async (name, origin) => (await lists())[name]?.includes(origin) ?? false,
    allow: async (name, origin) => {
      if (!store.settings.set) throw new Error(`Could not allow ${origin} for ${name}: the settings cannot be written here.`);
      await store.settings.set(TOOL_SECRET_ORIGINS_SETTING, withOrigin(await lists(), name, origin));
    },
  };
}
