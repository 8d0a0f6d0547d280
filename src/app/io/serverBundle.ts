/**
 * The LangGraph server bundle export: the files of src/server/bundle/files.ts (the document, the
 * graphs its Subgraph nodes run, the prebuilt engine) zipped under one folder named after the
 * graph. The documents are cleaned as for the JSON export, so no key or secret lands in the zip.
 * The menu loads this module lazily, and it loads the engine text lazily in turn.
 */
import { strToU8, zipSync } from "fflate";
import { isSecretHeader, SECRET_PLACEHOLDER, type GraphDocument } from "../../schema/index.js";
import { serverBundleFiles, type ServerEngine } from "../../server/bundle/files.js";

export { subgraphDocuments, type MissingSubgraph, type SavedGraphLoader } from "../../server/bundle/subgraphs.js";
import { fileNameFor } from "./fileName";
import { changedPaths, stripSecrets } from "./stripSecrets";

export interface ServerBundleZip {
  /** `<graph>-langgraph-server.zip` */
  fileName: string;
  /** The folder the zip unpacks into: `<graph>-langgraph-server`. */
  folder: string;
  bytes: Uint8Array;
  /** JSON paths of secrets left out of the open graph's document. */
  removed: string[];
}

/** Whether a header value is only secret references and an auth scheme: where a credential comes from, not one. */
function onlySecretReferences(value: string): boolean {
  const rest = value.replace(SECRET_PLACEHOLDER, "");
  return rest !== value && rest.replace(/^\s*(?:Bearer|Basic|Token)\b/i, "").trim() === "";
}

type Headers = Record<string, string>;
const headersOf = (tool: GraphDocument["tools"][number]): Headers => (tool.kind === "http" ? tool.config.headers : {});
const withHeaders = <T extends GraphDocument["tools"][number]>(tool: T, headers: Headers): T =>
  tool.kind === "http" ? { ...tool, config: { ...tool.config, headers } } : tool;

/**
 * The JSON export's cleaning (`stripSecrets`), except that credential headers of HTTP tools made
 * only of `{{ secrets.NAME }}` references stay: the server reads those secrets from its
 * environment (see the bundle's README), and without the header the tool could not sign in there.
 */
function cleanForServer(document: GraphDocument): { document: GraphDocument; removed: string[] } {
  const references = document.tools.map((tool) =>
    Object.fromEntries(Object.entries(headersOf(tool)).filter(([name, value]) => isSecretHeader(name) && onlySecretReferences(value))),
  );
  const tools = document.tools.map((tool, i) =>
    withHeaders(tool, Object.fromEntries(Object.entries(headersOf(tool)).filter(([name]) => !(name in (references[i] ?? {}))))),
  );
  const { document: clean, removed } = stripSecrets({ ...document, tools });
  return { document: { ...clean, tools: clean.tools.map((tool, i) => withHeaders(tool, { ...headersOf(tool), ...references[i] })) }, removed };
}

/**
 * Zips the server bundle of a document. `redacted` (and each subgraph) is the document as the
 * engine worker redacted it (`redactDocumentForExport`); `original`, when given, is the open
 * document before that, so the secrets the worker took out are reported too.
 * @example
 * const zip = serverBundleZip(await redactDocumentForExport(doc), [], await loadServerEngine(), doc);
 * zip.fileName; // "weather-assistant-langgraph-server.zip"
 */
export function serverBundleZip(redacted: GraphDocument, subgraphs: readonly GraphDocument[], engine: ServerEngine, original?: GraphDocument): ServerBundleZip {
  const { document, removed } = cleanForServer(redacted);
  const files = serverBundleFiles(
    document,
    engine,
    subgraphs.map((sub) => cleanForServer(sub).document),
  );
  const folder = `${fileNameFor(document.meta.name, "zip").replace(/\.zip$/, "")}-langgraph-server`;
  const bytes = zipSync(Object.fromEntries(Object.entries(files).map(([path, text]) => [`${folder}/${path}`, strToU8(text)])));
  const all = [...new Set([...(original ? changedPaths(original, redacted) : []), ...removed])];
  return { fileName: `${folder}.zip`, folder, bytes, removed: all };
}

/** The prebuilt engine, from its own chunk (scripts/serverEngineSource.ts makes it at build time). */
export async function loadServerEngine(): Promise<ServerEngine> {
  return (await import("virtual:graphwright/server-engine")).default;
}
