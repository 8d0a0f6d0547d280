/**
 * The graphs a document's Subgraph nodes run, transitively and each once: what a server bundle
 * carries in graphs/. The app reads them from the workspace, the CLI from a folder.
 */
import { NO_GRAPH, type GraphDocument } from "../../schema/index.js";

/** A graph a Subgraph node runs that is not among the saved graphs. */
export interface MissingSubgraph {
  /** The graph's meta.id, as the node names it. */
  graph: string;
  /** The Subgraph node's name. */
  node: string;
}

/** Reads a saved graph's document by meta.id; undefined when there is none. */
export type SavedGraphLoader = (graphId: string) => Promise<GraphDocument | undefined>;

/**
 * The documents the graph's Subgraph nodes run, transitively and each once, and the graphs that
 * could not be found. The graph itself is never among them (a Subgraph node cannot run it).
 * @example
 * const { documents, missing } = await subgraphDocuments(doc, async (id) => (await workspace.graphs.get(id))?.document);
 */
export async function subgraphDocuments(document: GraphDocument, load: SavedGraphLoader): Promise<{ documents: GraphDocument[]; missing: MissingSubgraph[] }> {
  const found = new Map<string, GraphDocument>();
  const missing: MissingSubgraph[] = [];
  const seen = new Set<string>([document.meta.id]);
  const visit = async (doc: GraphDocument): Promise<void> => {
    for (const node of doc.nodes) {
      if (node.kind !== "subgraph" || node.data.graph === NO_GRAPH || seen.has(node.data.graph)) continue;
      seen.add(node.data.graph);
      const loaded = await load(node.data.graph);
      if (!loaded) {
        missing.push({ graph: node.data.graph, node: node.data.name });
        continue;
      }
      found.set(node.data.graph, loaded);
      await visit(loaded);
    }
  };
  await visit(document);
  return { documents: [...found.values()], missing };
}
