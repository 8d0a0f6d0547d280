/**
 * Recognising a Dify DSL file by its content: an `app` with a `mode`, and a `workflow` graph or
 * a `model_config`. Flowise (`nodes`/`edges` at the top), Langflow (`data.nodes`), n8n
 * (`nodes`/`connections`) and our own documents (`version: 1`, `meta`) have no `app`.
 */
import { isObj, obj, str } from "./shapes.js";

export const DIFY_MODES = ["workflow", "advanced-chat", "agent-chat", "chat", "completion"] as const;
/** Graph apps; the rest keep one `model_config`. */
export const GRAPH_MODES: ReadonlySet<string> = new Set(["workflow", "advanced-chat"]);

/** The DSL versions this importer was written against (0.1.0 … 0.5.x). */
export const KNOWN_VERSIONS = { major: 0, maxMinor: 5 };

/**
 * @example isDifyDsl({ app: { mode: "workflow", name: "Triage" }, kind: "app", version: "0.3.1", workflow: { graph: { nodes: [], edges: [] } } }) // true
 */
export function isDifyDsl(data: unknown): boolean {
  if (!isObj(data) || !isObj(data.app)) return false;
  if (typeof data.app.mode !== "string" || data.app.mode === "") return false;
  if ("nodes" in data || "meta" in data || "connections" in data) return false;
  const kind = data.kind;
  if (kind !== undefined && kind !== "app") return false;
  return isObj(data.workflow) || isObj(data.model_config);
}

/** `version: 0.1.5` read as numbers; null when it is not of that shape. */
export function dslVersion(data: unknown): { text: string; major: number; minor: number } | null {
  const text = str(obj(data).version).trim();
  const m = /^(\d+)\.(\d+)(?:\.\d+)?/.exec(text);
  return m ? { text, major: Number(m[1]), minor: Number(m[2]) } : null;
}

/** True when the file says it is of a DSL version newer than those this importer knows. */
export function isNewerVersion(data: unknown): boolean {
  const version = dslVersion(data);
  if (!version) return false;
  return version.major > KNOWN_VERSIONS.major || (version.major === KNOWN_VERSIONS.major && version.minor > KNOWN_VERSIONS.maxMinor);
}
