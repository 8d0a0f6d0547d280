/**
 * `npm run cli -- bundle <graph.json> --out <dir>`: writes a LangGraph server project for one
 * document (see src/server/bundle/files.ts), with the graphs its Subgraph nodes run.
 */
import { mkdir, readdir, writeFile } from "node:fs/promises";
import path from "node:path";
import type { GraphLibrary } from "../engine/index.js";
import { formatIssues, validate, type GraphDocument } from "../schema/index.js";
import { buildServerEngine } from "../server/bundle/buildEngine.js";
import { serverBundleFiles } from "../server/bundle/files.js";
import { subgraphDocuments } from "../server/bundle/subgraphs.js";

/** The documents Subgraph nodes run, transitively, each once; a missing or invalid one is an error. */
async function subgraphsOf(document: GraphDocument, library: GraphLibrary): Promise<GraphDocument[]> {
  const { documents, missing } = await subgraphDocuments(document, async (id) => {
    const loaded = await library.load(id);
    if (loaded === null) return undefined;
    const checked = validate(loaded);
    if (!checked.ok) throw new Error(`The graph "${id}" in the graphs folder is not valid:\n${formatIssues(checked.errors)}`);
    return checked.document;
  });
  const [first] = missing;
  if (first) throw new Error(`Subgraph node "${first.node}" runs the graph "${first.graph}", which is not in the graphs folder`);
  return documents;
}

/**
 * Writes the bundle's files into `out` (created if missing; an existing folder must be empty or an earlier bundle).
 * @example const written = await writeServerBundle(document, "build/weather", folderGraphLibrary("examples")); // ["langgraph.json", …]
 */
export async function writeServerBundle(document: GraphDocument, out: string, library: GraphLibrary): Promise<string[]> {
  let existing: string[] = [];
  try {
    existing = await readdir(out);
  } catch {
    // A new folder.
  }
  if (existing.length > 0 && !existing.includes("langgraph.json")) {
    throw new Error(`${out} is not empty and holds no langgraph.json: choose an empty folder for the bundle`);
  }
  const files = serverBundleFiles(document, await buildServerEngine(), await subgraphsOf(document, library));
  for (const [name, text] of Object.entries(files)) {
    const target = path.join(out, name);
    await mkdir(path.dirname(target), { recursive: true });
    await writeFile(target, text);
  }
  return Object.keys(files);
}
