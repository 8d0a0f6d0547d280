/**
 * The saved graphs a document's Subgraph nodes run, as the generated project holds them: each
 * once, as a project of its own under src/subgraphs/<folder>/ (graph.ts, tools.ts, prompts.ts,
 * models.ts, scripts.ts) that shares the project's fixed helper files, and that the graphs
 * running it compile as a child graph.
 */
import { assertValid, NO_GRAPH, type GraphDocument } from "../schema/index.js";
import type { IdentifierScope } from "./identifiers.js";

/** The graphs given to eject for Subgraph nodes, by meta.id, and the folder each gets. */
export interface SubgraphLibrary {
  documents: ReadonlyMap<string, GraphDocument>;
  folders: ReadonlyMap<string, string>;
}

/** A saved graph one graph's Subgraph nodes run. */
export interface SubgraphLink {
  graphId: string;
  /** Its document, or null when it cannot be written (then `missing` says why). */
  document: GraphDocument | null;
  missing: string | null;
  /** Its folder under src/subgraphs/. */
  folder: string;
  /** graph.ts identifiers: the imported createGraph, and the compiled child graph. */
  create: string;
  compiled: string;
}

const folderOf = (id: string) => id.replace(/[^A-Za-z0-9_-]/g, "_") || "graph";

/**
 * Validates the documents given for Subgraph nodes and gives each its folder (unique, from its id).
 * @example subgraphLibrary([sage]).folders.get("sage") // "sage"
 */
export function subgraphLibrary(documents: readonly unknown[]): SubgraphLibrary {
  const byId = new Map<string, GraphDocument>();
  for (const input of documents) {
    const document = assertValid(input);
    if (!byId.has(document.meta.id)) byId.set(document.meta.id, document);
  }
  const folders = new Map<string, string>();
  const taken = new Set<string>();
  for (const id of [...byId.keys()].sort()) {
    let folder = folderOf(id);
    for (let n = 2; taken.has(folder.toLowerCase()); n++) folder = `${folderOf(id)}_${n}`;
    taken.add(folder.toLowerCase());
    folders.set(id, folder);
  }
  return { documents: byId, folders };
}

export const EMPTY_LIBRARY: SubgraphLibrary = { documents: new Map(), folders: new Map() };

/**
 * The graphs `document`'s Subgraph nodes run, each once, with its identifiers taken in `scope`.
 * `above` holds the graphs running this one: a graph among them cannot be written (it would
 * compile itself forever), as the engine refuses it when it runs (SUBGRAPH_CYCLE).
 */
export function subgraphLinks(document: GraphDocument, library: SubgraphLibrary, above: readonly string[], scope: IdentifierScope): Map<string, SubgraphLink> {
  const links = new Map<string, SubgraphLink>();
  for (const node of document.nodes) {
    if (node.kind !== "subgraph" || links.has(node.data.graph)) continue;
    const graphId = node.data.graph;
    const path = [...above, document.meta.id];
    const found = library.documents.get(graphId) ?? null;
    const missing =
      graphId === NO_GRAPH
        ? "no saved graph is chosen for this node"
        : path.includes(graphId)
          ? `graph "${graphId}" is already running above this node (${[...path, graphId].join(" → ")})`
          : found
            ? null
            : `graph "${graphId}" was not given to eject (the CLI reads it from the graph's folder or --graphs, the app from your saved graphs)`;
    const name = found?.meta.name ?? graphId;
    links.set(graphId, {
      graphId,
      document: missing ? null : found,
      missing,
      folder: library.folders.get(graphId) ?? folderOf(graphId),
      create: scope.take(`subgraph:${graphId}:create`, `create ${name} graph`),
      compiled: scope.take(`subgraph:${graphId}`, `${name} graph`),
    });
  }
  return links;
}

/** The generated files of a graph's own (the rest are the project's shared helpers). */
const OWN_FILES = new Set(["graph", "tools", "prompts", "models", "scripts"]);

/**
 * A file of a Subgraph node's graph as it sits in src/subgraphs/<folder>/: its own files stay
 * beside it, the shared helpers are two folders up, other saved graphs are its siblings.
 * @example childSource('import { render } from "./template.js";') // 'import { render } from "../../template.js";'
 */
export function childSource(text: string): string {
  return text.replace(/from "\.\/([A-Za-z0-9_/-]+)\.js"/g, (whole, module: string) => {
    if (module.startsWith("subgraphs/")) return `from "../${module.slice("subgraphs/".length)}.js"`;
    return OWN_FILES.has(module) ? whole : `from "../../${module}.js"`;
  });
}
