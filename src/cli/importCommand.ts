/**
 * `npm run cli -- import <file> --out <graph.json> [--report <report.json>] [--flow <name>] [--force]`:
 * turns a Flowise, Langflow, n8n or Dify workflow into a Graphwright graph file (and its import
 * report) with the same importers the app runs in its worker. Exit 0 when a graph was written,
 * even with unmapped nodes; 2 when the file cannot be read or is not a workflow we know.
 * Nothing in the file is run, fetched or connected.
 */
import { stat, readFile, writeFile } from "node:fs/promises";
import { formatIssues, graphDocumentSchema, INPUT_LIMITS, validate } from "../schema/index.js";
import {
  FORMAT_LABELS,
  idFrom,
  IMPORTERS,
  importForeign,
  ImportError,
  readForeignFile,
  reportSummary,
  type Importer,
  type ImportResult,
} from "../import/index.js";

/** What the command needs from main.ts: ending with a message and an exit code. */
export interface ImportCommandContext {
  fail(message: string, code?: number): never;
  /** Where the summary goes (stdout in the CLI). */
  write(text: string): void;
  /** The importers to try (every one; tests pass their own). */
  importers?: readonly Importer[];
  /** The import's time (tests fix it). */
  now?: () => Date;
}

export interface ImportCommandOptions {
  out?: string;
  report?: string;
  flow?: string;
  force?: boolean;
}

const MB = 1024 * 1024;

/** Refuses to replace a file the person did not ask to replace. */
async function refuseExisting(path: string, force: boolean, context: ImportCommandContext): Promise<void> {
  if (force) return;
  const existing = await stat(path).catch(() => null);
  if (existing) context.fail(`${path} already exists: choose another path, or pass --force to overwrite it`);
}

/** The file's text, refused before reading when it is over the input limit. */
async function readText(file: string, context: ImportCommandContext): Promise<string> {
  let size: number;
  let text: string;
  try {
    size = (await stat(file)).size;
    text = size > INPUT_LIMITS.maxTextLength ? "" : await readFile(file, "utf8");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    context.fail(`Cannot read ${file}: ${code === "ENOENT" ? "no such file" : code === "EISDIR" ? "it is a folder" : (error as Error).message}`);
  }
  if (size > INPUT_LIMITS.maxTextLength) context.fail(`${file}: the file is ${(size / MB).toFixed(1)} MB; the limit is ${INPUT_LIMITS.maxTextLength / MB} MB`);
  return text;
}

/** The graph id of an imported flow: stable for a flow name, so importing again writes the same graph. */
function graphIdOf(name: string): string {
  return idFrom(`imported-${name.toLowerCase()}`, "imported-graph");
}

/** What the person reads after an import: the summary, each node not mapped as is, the notes, the graph's problems. */
export function importSummary(result: ImportResult): string {
  const { report } = result;
  const lines = [reportSummary(report)];
  for (const node of report.nodes.filter((n) => n.status !== "mapped"))
    lines.push(`  ${node.status}: ${node.name} (${node.type})${node.reason ? `: ${node.reason}` : ""}`);
  for (const note of report.notes) lines.push(`Note: ${note}`);
  const checked = validate(result.document);
  const errors = checked.ok ? [] : checked.errors;
  if (errors.length > 0) lines.push(`The graph has ${errors.length} problem${errors.length === 1 ? "" : "s"} to fix before it runs:`, formatIssues(errors));
  return `${lines.join("\n")}\n`;
}

/**
 * @example const code = await importCommand("flow.json", { out: "graph.json", report: "report.json" }, { fail, write });
 */
export async function importCommand(file: string | undefined, options: ImportCommandOptions, context: ImportCommandContext): Promise<number> {
  if (!file || !options.out) context.fail("import needs a workflow file and --out <graph.json>: npm run cli -- import <file> --out <graph.json>");
  const importers = context.importers ?? IMPORTERS;
  await refuseExisting(options.out, options.force ?? false, context);
  if (options.report) await refuseExisting(options.report, options.force ?? false, context);
  const text = await readText(file, context);
  let result: ImportResult;
  try {
    const found = readForeignFile(text, importers);
    const label = FORMAT_LABELS[found.format];
    if (options.flow === undefined && found.flows.length > 1) {
      const names = found.flows.map((f) => `  ${f.name}`).join("\n");
      context.fail(`${file} holds ${found.flows.length} ${label} flows; choose one with --flow <name>:\n${names}`);
    }
    const name = options.flow ?? found.flows[0]?.name ?? label;
    result = importForeign(
      text,
      { graphId: graphIdOf(name), now: (context.now?.() ?? new Date()).toISOString(), ...(options.flow === undefined ? {} : { flow: options.flow }) },
      importers,
    );
  } catch (error) {
    if (error instanceof ImportError) context.fail(`${file}: ${error.message}`);
    throw error;
  }
  // The importers build through the schema; this checks again what goes to disk, so a file we write always opens.
  const checked = graphDocumentSchema.safeParse(result.document);
  if (!checked.success) context.fail(`${file}: the imported graph does not fit the schema: ${checked.error.issues[0]?.message ?? "unknown"}`, 1);
  try {
    await writeFile(options.out, `${JSON.stringify(result.document, null, 2)}\n`, { encoding: "utf8", flag: options.force ? "w" : "wx" });
    if (options.report) await writeFile(options.report, `${JSON.stringify(result.report, null, 2)}\n`, { encoding: "utf8", flag: options.force ? "w" : "wx" });
  } catch (error) {
    context.fail(`Cannot write the import: ${(error as Error).message}`, 1);
  }
  context.write(importSummary(result));
  context.write(`Wrote the graph "${result.document.meta.name}" to ${options.out}${options.report ? ` and its report to ${options.report}` : ""}.\n`);
  return 0;
}
