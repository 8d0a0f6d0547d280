/**
 * One way in for every import (the Import button's file, a file dropped on the canvas, pasted
 * text): a Graphwright document takes today's path (importGraphText.ts) unchanged; anything else
 * goes to the import worker, which recognises Flowise, Langflow, n8n and Dify workflows by their
 * content. Each imported flow becomes a new graph (a fresh id, never over another), opened,
 * stored, and saved with the version "Imported from <tool>". Nothing in a file is run or fetched.
 */
import { FORMAT_LABELS, type ForeignFormat, type ImportReport } from "../../import/report.js";
import { graphDocumentSchema, type GraphDocument, type ValidationIssue } from "../../schema/index.js";
import { isPlainObject } from "../../schema/inputGuard.js";
import { secretsNotice } from "../io/secretUses";
import type { GraphSession } from "./graphSession";
import type { ImportReply } from "../../worker/protocol";
import type { ImportClient } from "./importClient";
import { importGraphText } from "./importGraphText";
import { errorMessage } from "../../schema/errorMessage.js";

/** A flow imported as a new graph, with its report. */
export interface ImportedFlow {
  graphId: string;
  name: string;
  report: ImportReport;
}

export type TextImport =
  /** A Graphwright document, opened (or refused) as before. */
  | { kind: "opened"; message: string }
  /** Foreign flows imported as new graphs; the last one is open. */
  | { kind: "imported"; format: ForeignFormat; flows: ImportedFlow[]; message: string }
  /** A file of several flows: the person picks which to import. */
  | { kind: "choose"; format: ForeignFormat; flows: string[] }
  | { kind: "failed"; issues: ValidationIssue[] }
  /** Pasted text that is neither a graph nor a workflow (a paste on the canvas that is not for us). */
  | { kind: "ignored" };

export interface TextImportOptions {
  client: ImportClient;
  /** The flows of a file of several to import, each as its own graph (from the flow picker). */
  flows?: readonly string[];
  /** Pasted on the canvas: text that is not a graph or a workflow is ignored, not refused. */
  pasted?: boolean;
  now?: () => Date;
}

/** The version every imported graph starts with. */
export function importedVersionName(format: ForeignFormat): string {
  return `Imported from ${FORMAT_LABELS[format]}`;
}

/**
 * How an import reads `text`: `graphwright` for a document of ours (a `version` number, our
 * `$schema`, or our `meta`), `foreign` for anything else that parses or is not JSON (YAML),
 * `broken-json` for JSON text that does not parse (refused with its line and column, as before).
 * @example classifyImportText('{"version": 1, "meta": {"id": "g", "name": "G"}}') // "graphwright"
 */
export function classifyImportText(text: string): "graphwright" | "foreign" | "broken-json" {
  const start = text.replace(/^\uFEFF/, "").trimStart()[0];
  if (start !== "{" && start !== "[") return "foreign";
  let value: unknown;
  try {
    value = JSON.parse(text.replace(/^\uFEFF/, ""));
  } catch {
    return "broken-json";
  }
  if (!isPlainObject(value)) return "foreign";
  if (typeof value.version === "number") return "graphwright";
  if (typeof value.$schema === "string" && /\/graph\.v\d+\.json$/.test(value.$schema)) return "graphwright";
  const meta = value.meta;
  return isPlainObject(meta) && typeof meta.id === "string" && typeof meta.name === "string" ? "graphwright" : "foreign";
}

function versionId(): string {
  return `ver_${globalThis.crypto?.randomUUID?.() ?? `${Date.now().toString(36)}${Math.random().toString(36).slice(2)}`}`;
}

const refusal = (message: string): { kind: "failed"; issues: ValidationIssue[] } => ({
  kind: "failed",
  issues: [{ code: "INVALID_VALUE", path: "$", message }],
});

/** Codes of a file that is not meant for us: a paste of such text does nothing. */
const NOT_OURS = new Set(["EMPTY", "UNREADABLE", "UNRECOGNISED", "UNSAFE"]);

/**
 * Imports `text` as described above; never throws for a bad file (a `failed` outcome lists why).
 * @example const outcome = await importText(session, await file.text(), { client: importClient() });
 */
export async function importText(session: GraphSession, text: string, options: TextImportOptions): Promise<TextImport> {
  const route = classifyImportText(text);
  if (route === "graphwright" || (route === "broken-json" && !options.pasted)) {
    const outcome = await importGraphText(session, text);
    return outcome.ok ? { kind: "opened", message: outcome.message } : { kind: "failed", issues: outcome.issues };
  }
  if (route === "broken-json") return { kind: "ignored" };
  const names = options.flows ?? [undefined];
  const imported: ImportedFlow[] = [];
  let format: ForeignFormat | undefined;
  let notice = "";
  for (const flow of names) {
    const graphId = await session.freshGraphId();
    const reply = await options.client.importText({
      text,
      graphId,
      now: (options.now?.() ?? new Date()).toISOString(),
      ...(flow === undefined ? {} : { flow }),
    });
    if (reply.kind === "choose") return { kind: "choose", format: reply.format, flows: reply.flows };
    if (reply.kind === "failed" && options.pasted && imported.length === 0 && NOT_OURS.has(reply.code)) return { kind: "ignored" };
    const opened = reply.kind === "failed" ? reply.message : await openImported(session, reply, graphId);
    if (typeof opened === "string") {
      if (imported.length === 0) return refusal(opened);
      // The flows imported before stay imported; the notice says which one failed.
      notice = `"${flow}" was not imported: ${opened}`;
      break;
    }
    format = opened.format;
    imported.push({ graphId, name: opened.document.meta.name, report: opened.report });
    if (names.length === 1) notice = secretsNotice(opened.document);
  }
  if (!format || imported.length === 0) return { kind: "ignored" };
  return { kind: "imported", format, flows: imported, message: [importedMessage(imported, format), notice].filter(Boolean).join(" ") };
}

function importedMessage(flows: readonly ImportedFlow[], format: ForeignFormat): string {
  const label = FORMAT_LABELS[format];
  if (flows.length === 1) return `Imported "${flows[0]?.name}" from ${label} as a new graph.`;
  return `Imported ${flows.length} flows from ${label} as new graphs: ${flows.map((f) => `"${f.name}"`).join(", ")}.`;
}

/**
 * Checks the worker's document against the schema again (what opens in the editor must load),
 * opens it as a new graph and saves its first version. Returns what was opened, or why it failed.
 */
async function openImported(
  session: GraphSession,
  reply: Extract<ImportReply, { kind: "imported" }>,
  graphId: string,
): Promise<Extract<ImportReply, { kind: "imported" }> | string> {
  const parsed = graphDocumentSchema.safeParse(reply.document);
  if (!parsed.success) return `The imported graph does not load: ${parsed.error.issues[0]?.message ?? "invalid"}`;
  // `$schema` is file metadata, dropped as a Graphwright file's is; the id is the one asked for, whatever came back.
  const { $schema: _schema, ...rest } = parsed.data;
  const document: GraphDocument = { ...rest, meta: { ...rest.meta, id: graphId } };
  try {
    await session.open(document);
    await session.workspace.graphs.saveVersion(document, importedVersionName(reply.format), versionId());
  } catch (error) {
    return `The imported graph could not be stored: ${errorMessage(error)}`;
  }
  return { ...reply, document };
}
