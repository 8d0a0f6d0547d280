/** What one format's importer provides; `src/import/<format>/index.ts` exports one of these. */
import type { ImportContext, ImportResult } from "./builder.js";
import type { ForeignFormat } from "./report.js";

/** One workflow inside a file (most files hold one; Flowise "export all" files hold many). */
export interface ForeignFlow {
  name: string;
  /** The flow's own data, in the format's shape (already parsed, e.g. a `flowData` string read). */
  data: unknown;
}

/**
 * @example
 * export const n8nImporter: Importer = { format: "n8n", detect: isN8nWorkflow, flows: (data) => [{ name: nameOf(data), data }], convert: convertN8n };
 */
export interface Importer {
  format: ForeignFormat;
  /** True when `data` (a parsed file) is this format's. Reads content only, never a file name; never throws. */
  detect(data: unknown): boolean;
  /** The flows the file holds, in file order; throws ImportError when none can be read. */
  flows(data: unknown): ForeignFlow[];
  /** The new graph and its report for one flow. Runs, fetches and connects nothing; throws ImportError for what it cannot read. */
  convert(flow: ForeignFlow, context: ImportContext): ImportResult;
}
