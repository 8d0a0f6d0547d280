/**
 * Exports the open graph in one format: JSON (secrets stripped), Mermaid, a LangGraph server
 * bundle (a zip, loaded lazily with its engine), LangGraph.js code (a zip of a TypeScript project,
 * loaded lazily with its formatter), PNG (the canvas as an image) or a share link (the graph
 * inside a URL). The Export menu and the Ctrl/Cmd+K commands both call it.
 */
import { withEveryNodeDrawn } from "../canvas/renderAll";
import { downloadDataUrl, downloadFile } from "../io/download";
import { exportGraphJson } from "../io/exportJson";
import { fileNameFor } from "../io/fileName";
import { toMermaid } from "../io/mermaid";
import { canvasPng } from "../io/png";
import { redactDocumentForExport, redactForExport } from "../io/redactForExport";
import { packKnowledge } from "../io/knowledgePack";
import { shareLink } from "../io/shareLink";
import { knowledgeClient } from "../services/knowledgeClient";
import type { MissingSubgraph, ServerBundleZip } from "../io/serverBundle";
import type { GraphSession } from "../services/graphSession";
import type { EditorStore } from "../store/editorStore";
import { problemsOf } from "../store/selectors";
import type { ShellStore } from "./shellStore";
import { errorMessage } from "../../schema/errorMessage.js";

export const BUNDLE = "LangGraph server bundle";
export const CODE = "LangGraph.js code";
export type ExportFormat = "JSON" | "Mermaid" | typeof BUNDLE | typeof CODE | "PNG" | "Share link";
export const EXPORT_FORMATS: readonly { format: ExportFormat; hint: string }[] = [
  { format: "JSON", hint: "Graph document, secrets stripped" },
  { format: "Mermaid", hint: "Flowchart text for docs" },
  { format: BUNDLE, hint: "A project for langgraphjs dev and langgraph build" },
  { format: CODE, hint: "A TypeScript project you own, with the graph's tests" },
  { format: "PNG", hint: "Image of the canvas" },
  { format: "Share link", hint: "A URL that carries the graph" },
];

export interface ExportDeps {
  editor: EditorStore;
  session: GraphSession;
  shell: ShellStore;
  /** Pack the knowledge bases' file texts into a JSON export or server bundle (off unless asked). */
  includeKnowledge?: boolean;
}

/** Exports the open graph; what happened (or why not) is reported through the shell's notice. */
export async function exportGraph(format: ExportFormat, { editor, session, shell, includeKnowledge = false }: ExportDeps): Promise<void> {
  const { notify } = shell.getState();
  if (format === BUNDLE && shell.getState().buildingBundle) return;
  const document = editor.getState().document;
  try {
    // Saved keys are redacted by the engine worker, which alone knows them.
    const redactedOnly = format === "PNG" ? document : await redactDocumentForExport(document);
    // Texts are packed after redaction: they go into the file as the user added them.
    const packs = includeKnowledge && (format === "JSON" || format === BUNDLE || format === CODE) && (document.knowledge_bases?.length ?? 0) > 0;
    const redacted = packs ? await packKnowledge(redactedOnly, document.meta.id, knowledgeClient()) : redactedOnly;
    if (format === "JSON") {
      const out = exportGraphJson(document, redacted);
      downloadFile(out.fileName, out.text, "application/json");
      const problems = problemsOf(document).errors.length;
      const parts = [`Exported ${out.fileName}.`];
      if (out.removed.length > 0) parts.push(`Left out ${out.removed.length} secret${out.removed.length === 1 ? "" : "s"}: ${out.removed.join(", ")}.`);
      if (problems > 0) parts.push(`The graph has ${problems} problem${problems === 1 ? "" : "s"}; the file will not import until they are fixed.`);
      notify(parts.join(" "));
    } else if (format === "Mermaid") {
      const fileName = fileNameFor(document.meta.name, "mmd");
      downloadFile(fileName, await redactForExport(toMermaid(redacted)), "text/plain");
      notify(`Exported ${fileName}.`);
    } else if (format === BUNDLE) {
      shell.getState().setBuildingBundle(true);
      notify(`Building the ${BUNDLE}…`);
      const { serverBundleZip, subgraphDocuments, loadServerEngine } = await import("../io/serverBundle");
      const { documents, missing } = await subgraphDocuments(document, async (id) => (await session.workspace.graphs.get(id))?.document);
      const subgraphs = await Promise.all(documents.map((sub) => redactDocumentForExport(sub)));
      const zip = serverBundleZip(redacted, subgraphs, await loadServerEngine(), document);
      downloadFile(zip.fileName, zip.bytes, "application/zip");
      notify(bundleNotice(zip, missing, problemsOf(document).errors.length));
    } else if (format === CODE) {
      notify(`Writing the ${CODE}…`);
      const { codeExportZip, codeExportNotice, subgraphDocuments } = await import("../io/codeExport");
      // The saved graphs its Subgraph nodes run become child graphs; one not found is marked TODO.
      const { documents } = await subgraphDocuments(document, async (id) => (await session.workspace.graphs.get(id))?.document);
      const subgraphs = await Promise.all(documents.map((sub) => redactDocumentForExport(sub)));
      const zip = await codeExportZip(redacted, document, subgraphs);
      downloadFile(zip.fileName, zip.bytes, "application/zip");
      notify(codeExportNotice(zip));
      if (zip.todos.length > 0) shell.getState().showCodeTodos({ fileName: zip.fileName, folder: zip.folder, todos: zip.todos });
    } else if (format === "Share link") {
      shell.getState().showSharedLink(await shareLink(document, window.location.href, redacted));
    } else {
      const fileName = fileNameFor(document.meta.name, "png");
      await downloadDataUrl(fileName, await withEveryNodeDrawn(() => canvasPng()));
      notify(`Exported ${fileName}.`);
    }
  } catch (error) {
    notify(`Could not export ${format}: ${errorMessage(error)}`, { error: true });
  } finally {
    if (format === BUNDLE) shell.getState().setBuildingBundle(false);
  }
}

/** What the bundle export says: where to go next, then what it left out. */
function bundleNotice(zip: ServerBundleZip, missing: readonly MissingSubgraph[], problems: number): string {
  const parts = [`Exported ${zip.fileName}: unzip it, cd into ${zip.folder}, then npm install && npx langgraphjs dev.`];
  if (zip.removed.length > 0) parts.push(`Left out ${zip.removed.length} secret${zip.removed.length === 1 ? "" : "s"}: ${zip.removed.join(", ")}.`);
  if (missing.length > 0) {
    const list = missing.map((m) => `"${m.graph}" (run by ${m.node})`).join(", ");
    parts.push(`Not in your workspace, so not in the bundle: ${list}; add ${missing.length === 1 ? "it" : "them"} to its graphs/ folder.`);
  }
  if (problems > 0) parts.push(`The graph has ${problems} problem${problems === 1 ? "" : "s"}; the server will not start it until they are fixed.`);
  return parts.join(" ");
}
