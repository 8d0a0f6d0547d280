/**
 * Importing workflows of other builders (Flowise, Langflow, n8n, Dify) as new graphs, with a
 * report of what mapped. Pure like `schema`: no DOM, no network; the app (in the worker) and
 * the CLI call the same functions. The format is detected from the content, never the name.
 */
import type { ImportContext, ImportResult } from "./builder.js";
import { difyImporter } from "./dify/index.js";
import { ImportError } from "./errors.js";
import { flowiseImporter } from "./flowise/index.js";
import type { ForeignFlow, Importer } from "./importer.js";
import { langflowImporter } from "./langflow/index.js";
import { n8nImporter } from "./n8n/index.js";
import { readForeignText } from "./read.js";
import { FORMAT_LABELS, type ForeignFormat } from "./report.js";

export { GraphBuilder, clampText, idFrom, nameFrom, type ImportContext, type ImportResult, type SourceNode } from "./builder.js";
export { ImportError, type ImportErrorCode } from "./errors.js";
export type { ForeignFlow, Importer } from "./importer.js";
export { readForeignText, MAX_YAML_ALIASES } from "./read.js";
export * from "./report.js";
export { plainText } from "./text.js";

/** Every importer, tried in this order (their `detect`s do not overlap). */
export const IMPORTERS: readonly Importer[] = [flowiseImporter, langflowImporter, n8nImporter, difyImporter];

const KNOWN = Object.values(FORMAT_LABELS)
  .join(", ")
  .replace(/, ([^,]*)$/, " or $1");

/**
 * The importer whose format `data` is, or null.
 * @example detectImporter(JSON.parse(text))?.format // "n8n"
 */
export function detectImporter(data: unknown, importers: readonly Importer[] = IMPORTERS): Importer | null {
  for (const importer of importers) {
    try {
      if (importer.detect(data)) return importer;
    } catch {
      // A detector that throws on odd input has not recognised it.
    }
  }
  return null;
}

/** A readable foreign file: its format and the flows it holds. */
export interface ForeignFile {
  format: ForeignFormat;
  flows: ForeignFlow[];
}

/**
 * Reads and recognises a foreign workflow file; throws ImportError saying what is wrong.
 * @example const file = readForeignFile(text); file.flows.map((f) => f.name) // ["Support", "Triage"]
 */
export function readForeignFile(text: string, importers: readonly Importer[] = IMPORTERS): ForeignFile {
  const data = readForeignText(text);
  const importer = detectImporter(data, importers);
  if (!importer) throw new ImportError("UNRECOGNISED", `This is not a ${KNOWN} workflow that Graphwright knows`);
  const flows = importer.flows(data);
  if (flows.length === 0) throw new ImportError("UNRECOGNISED", `This ${FORMAT_LABELS[importer.format]} file holds no flow`);
  return { format: importer.format, flows };
}

function importerOf(format: ForeignFormat, importers: readonly Importer[]): Importer {
  const importer = importers.find((i) => i.format === format);
  if (!importer) throw new ImportError("UNRECOGNISED", `${FORMAT_LABELS[format]} files cannot be imported yet`);
  return importer;
}

/**
 * Imports one flow of a foreign file as a new graph. `flow` names the flow of a file of several
 * (required then); a file of one flow takes it. Throws ImportError for a file it cannot use.
 * `importers` defaults to every importer (tests pass their own).
 * @example const { document, report } = importForeign(text, { graphId: "imported-support", now: new Date().toISOString() });
 */
export function importForeign(text: string, context: ImportContext & { flow?: string }, importers: readonly Importer[] = IMPORTERS): ImportResult {
  const file = readForeignFile(text, importers);
  let chosen: ForeignFlow | undefined;
  if (context.flow !== undefined) {
    chosen = file.flows.find((f) => f.name === context.flow);
    if (!chosen) throw new ImportError("NO_SUCH_FLOW", `No flow is named "${context.flow}"; the file holds ${file.flows.map((f) => `"${f.name}"`).join(", ")}`);
  } else if (file.flows.length === 1) {
    chosen = file.flows[0];
  } else {
    throw new ImportError("NO_SUCH_FLOW", `The file holds ${file.flows.length} flows (${file.flows.map((f) => `"${f.name}"`).join(", ")}): choose one`);
  }
  return importerOf(file.format, importers).convert(chosen as ForeignFlow, { graphId: context.graphId, now: context.now });
}
