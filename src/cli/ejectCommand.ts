/**
 * `npm run cli -- eject <graph.json> --out <dir> [--graphs <dir>]`: writes the graph as a LangGraph.js
 * project a person owns (src/eject), with the graphs its Subgraph nodes run (found as `run` finds
 * them), then lists each place marked TODO. Exit 0 when written; 2 when the
 * graph has problems, --out is missing, or --out exists and is not an empty folder.
 */
import { mkdir, readdir, stat, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { ejectDocument } from "../eject/index.js";
import { formatIssues, validate, type GraphDocument } from "../schema/index.js";
import { folderGraphLibrary } from "../server/graph/graphLibrary.js";
import { subgraphDocuments } from "../server/bundle/subgraphs.js";

export interface EjectCommandContext {
  readDocument(file: string): Promise<GraphDocument>;
  fail(message: string, code?: number): never;
  write(text: string): void;
}

/** Refuses a folder with anything in it, or a path that is a file: nothing of the person's is overwritten. */
async function refuseNonEmpty(out: string, context: EjectCommandContext): Promise<void> {
  const found = await stat(out).catch(() => null);
  if (!found) return;
  if (!found.isDirectory()) context.fail(`${out} exists and is not a folder: choose a new or empty folder for --out`);
  const entries = await readdir(out);
  if (entries.length > 0) context.fail(`${out} is not empty (${entries.length} entries): choose a new or empty folder for --out`);
}

/** The graphs the document's Subgraph nodes run, from a folder (by meta.id or file name); a missing one becomes a TODO, an invalid one an error. */
async function subgraphsOf(document: GraphDocument, dir: string, context: EjectCommandContext): Promise<GraphDocument[]> {
  const library = folderGraphLibrary(dir);
  const { documents } = await subgraphDocuments(document, async (id) => {
    const loaded = await library.load(id);
    if (loaded === null) return undefined;
    const checked = validate(loaded);
    if (!checked.ok) context.fail(`The graph "${id}" in ${dir} (run by a Subgraph node) is not valid:\n${formatIssues(checked.errors)}`);
    return checked.document;
  });
  return documents;
}

export async function ejectCommand(file: string | undefined, options: { out?: string; graphs?: string }, context: EjectCommandContext): Promise<number> {
  if (!file || !options.out) context.fail("eject needs a graph file and --out <dir>.");
  const document = await context.readDocument(file);
  await refuseNonEmpty(options.out, context);
  const subgraphs = await subgraphsOf(document, options.graphs ?? dirname(file), context);
  const result = await ejectDocument(document, { subgraphs });
  for (const generated of result.files) {
    const path = join(options.out, generated.path);
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, generated.text);
  }
  context.write(`Wrote ${result.files.length} files of a LangGraph.js project to ${options.out}\n`);
  if (result.todos.length === 0) context.write("Everything the graph does is in the code.\n");
  else {
    context.write(`${result.todos.length} place${result.todos.length === 1 ? "" : "s"} marked TODO (not exported yet):\n`);
    for (const todo of result.todos) context.write(`  ${todo.file}: TODO(${todo.name}) ${todo.reason}\n`);
  }
  context.write(`Then: cd ${options.out} && npm install && npm test\n`);
  return 0;
}
