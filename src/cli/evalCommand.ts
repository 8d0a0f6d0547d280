/**
 * `npm run cli -- eval <graph.json> [--dataset <name or file>] [--variants <profile>,…] [--concurrency N]
 * [--out results.json] [--junit out.xml] [--min-pass 0.9] [--resume results.json]`: runs a dataset
 * on 1–4 variants in Node with the engine the app uses, prints the summary table, writes the
 * results as JSON and JUnit, and exits 1 when a variant's pass rate is under --min-pass
 * (2 for bad input, 130 when stopped with Ctrl-C).
 */
import { readFile, writeFile } from "node:fs/promises";
import { basename, dirname, extname } from "node:path";
import { EngineError, runEvaluation, variantsOfProfiles, type EvaluationRequest, type EvaluationResult, type RunEvaluationOptions } from "../engine/index.js";
import { embeddingsPort } from "../models/index.js";
import { datasetSchema, MAX_VARIANTS, type Dataset, type GraphDocument, type Variant } from "../schema/index.js";
import { casesFromTable, datasetFormatOf, DatasetFileError, proposeMapping, readDatasetTable } from "../schema/datasetFiles/index.js";
import { folderGraphLibrary } from "../server/graph/graphLibrary.js";
import { KEY_VARIABLES, nodeServices } from "../server/graph/nodeServices.js";
import { evaluationJunit, formatEvaluation } from "./evalReport.js";

export interface EvalOptions {
  dataset?: string;
  variants?: string;
  concurrency?: string;
  out?: string;
  junit?: string;
  "min-pass"?: string;
  resume?: string;
  graphs?: string;
}

/** What the command needs from main.ts: reading a graph file, and failing with an exit code. */
export interface EvalCommandContext {
  readDocument(file: string): Promise<GraphDocument>;
  fail(message: string, code?: number): never;
}

function names(document: GraphDocument): string {
  return (document.datasets ?? []).map((d) => `"${d.name}"`).join(", ") || "none";
}

/** A CSV or JSONL file's cases, under the settings (match, evaluators, variants) of the document's dataset of the same name, if any. */
async function datasetFromFile(path: string, document: GraphDocument, context: EvalCommandContext): Promise<Dataset> {
  let bytes: Uint8Array;
  try {
    bytes = new Uint8Array(await readFile(path));
  } catch (error) {
    context.fail(`Cannot read ${path}: ${(error as NodeJS.ErrnoException).code === "ENOENT" ? "no such file" : (error as Error).message}`);
  }
  const name = basename(path, extname(path));
  try {
    const table = readDatasetTable(bytes, path);
    const { cases, skipped } = casesFromTable(table, proposeMapping(table));
    for (const row of skipped) process.stderr.write(`Warning: ${path} line ${row.line} left out: ${row.reason}\n`);
    const settings = document.datasets?.find((d) => d.name.toLowerCase() === name.toLowerCase());
    const id = name.replace(/[^A-Za-z0-9_.:-]/g, "-").slice(0, 128) || "file";
    return datasetSchema.parse({ ...(settings ?? { id, name }), cases });
  } catch (error) {
    if (error instanceof DatasetFileError) context.fail(`${path}: ${error.message}`);
    throw error;
  }
}

async function chooseDataset(choice: string | undefined, document: GraphDocument, context: EvalCommandContext): Promise<Dataset> {
  if (choice !== undefined && datasetFormatOf(choice) !== null) return datasetFromFile(choice, document, context);
  const datasets = document.datasets ?? [];
  if (choice === undefined) {
    if (datasets.length === 1) return datasets[0] as Dataset;
    context.fail(
      datasets.length === 0
        ? `${document.meta.name} has no datasets: add one in the app, or give a CSV or JSONL file with --dataset <file>`
        : `${document.meta.name} has several datasets (${names(document)}): choose one with --dataset <name>`,
    );
  }
  const found = datasets.find((d) => d.name.toLowerCase() === choice.toLowerCase() || d.id === choice);
  if (!found) context.fail(`${document.meta.name} has no dataset "${choice}" (it has ${names(document)}), and "${choice}" is not a .csv or .jsonl file`);
  return found;
}

function numberOption(value: string | undefined, name: string, min: number, max: number, context: EvalCommandContext, integer = false): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (value.trim() === "" || !Number.isFinite(n) || n < min || n > max || (integer && !Number.isInteger(n)))
    context.fail(`--${name} takes ${integer ? "a whole number" : "a number"} from ${min} to ${max}, not "${value}"`);
  return n;
}

async function previousResult(path: string | undefined, context: EvalCommandContext): Promise<EvaluationResult | undefined> {
  if (path === undefined) return undefined;
  try {
    return JSON.parse(await readFile(path, "utf8")) as EvaluationResult;
  } catch (error) {
    context.fail(`--resume takes the results file of an earlier run (--out): ${path} cannot be read (${(error as Error).message})`);
  }
}

async function writeOut(path: string, text: string, what: string, context: EvalCommandContext): Promise<void> {
  try {
    await writeFile(path, text, "utf8");
  } catch (error) {
    context.fail(`Cannot write ${path}: ${(error as Error).message}`, 1);
  }
  process.stdout.write(`${what} written to ${path}\n`);
}

/**
 * Runs an evaluation as the CLI does: Node's services (keys from the environment, tools of every
 * kind, embeddings for the `similar` evaluator) and Subgraph nodes finding graphs in `graphsDir`.
 * @example const result = await runDocumentEvaluation({ document, dataset: document.datasets[0] }, "examples");
 */
export async function runDocumentEvaluation(request: EvaluationRequest, graphsDir: string, options: RunEvaluationOptions = {}): Promise<EvaluationResult> {
  const env = process.env;
  const services = {
    ...nodeServices(request.document, { graphs: folderGraphLibrary(graphsDir) }),
    embeddings: embeddingsPort((provider) => env[KEY_VARIABLES[provider]] || undefined),
  };
  try {
    return await runEvaluation(request, services, options);
  } finally {
    // MCP sessions end with the command (a DELETE each), so servers need not wait for them to expire.
    await services.tools.close();
  }
}

/**
 * @example const code = await evalCommand("graph.json", { variants: "fast,smart", "min-pass": "0.9" }, { readDocument, fail });
 */
export async function evalCommand(file: string | undefined, options: EvalOptions, context: EvalCommandContext): Promise<number> {
  if (!file) context.fail("eval needs a graph file: npm run cli -- eval <graph.json> [--dataset <name or file>] [--variants <profile>,…]");
  const document = await context.readDocument(file);
  const dataset = await chooseDataset(options.dataset, document, context);
  const profiles = options.variants
    ?.split(",")
    .map((p) => p.trim())
    .filter(Boolean);
  if (profiles && profiles.length > MAX_VARIANTS) context.fail(`--variants takes at most ${MAX_VARIANTS} profiles, not ${profiles.length}`);
  // A name of one of the dataset's own variants picks that variant (a prompt override, say); anything else is a model profile.
  const variants = profiles?.map(
    (p) => dataset.variants?.find((v) => v.id === p || v.name.toLowerCase() === p.toLowerCase()) ?? (variantsOfProfiles([p])[0] as Variant),
  );
  const concurrency = numberOption(options.concurrency, "concurrency", 1, 16, context, true);
  const minPass = numberOption(options["min-pass"], "min-pass", 0, 1, context);
  const previous = await previousResult(options.resume, context);

  const controller = new AbortController();
  process.once("SIGINT", () => controller.abort());
  let result: EvaluationResult;
  try {
    result = await runDocumentEvaluation({ document, dataset, ...(variants && variants.length > 0 ? { variants } : {}) }, options.graphs ?? dirname(file), {
      signal: controller.signal,
      ...(concurrency !== undefined ? { concurrency } : {}),
      ...(previous ? { previous } : {}),
      onProgress: (p) => {
        if (p.type === "case_end") process.stderr.write(`… ${p.done}/${p.total} ${p.result.variant_id}: ${p.result.case_id} ${p.result.status}\n`);
      },
    });
  } catch (error) {
    if (error instanceof EngineError) context.fail(error.message);
    throw error;
  }
  process.stdout.write(formatEvaluation(result, dataset));
  if (options.out) await writeOut(options.out, `${JSON.stringify(result, null, 2)}\n`, "Results", context);
  if (options.junit) await writeOut(options.junit, evaluationJunit(result, dataset), "JUnit XML", context);
  if (result.status === "stopped") return 130;
  if (minPass === undefined) return 0;
  const under = result.summary.filter((s) => s.pass_rate < minPass);
  for (const s of under) process.stderr.write(`${s.name} passed ${(s.pass_rate * 100).toFixed(1)}% of cases, under --min-pass ${minPass}\n`);
  return under.length > 0 ? 1 : 0;
}
