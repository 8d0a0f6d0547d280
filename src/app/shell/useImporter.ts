/**
 * The app's importing, one hook for every way in: the Import button's file, a file dropped on the
 * canvas and text pasted there. It shows what came of it: a notice, the Import failed dialog,
 * the flow picker for a file of several flows, or the import report of a new graph.
 */
import { useMemo } from "react";
import { fileTooLarge, MAX_IMPORT_BYTES } from "../io/importGraph";
import { useGraphSession } from "../services/GraphSessionProvider";
import { importClient } from "../services/importClient";
import { importText, type TextImportOptions } from "../services/importText";
import { useShellStore } from "./shellStore";
import { errorMessage } from "../../schema/errorMessage.js";

export interface Importer {
  /** Imports text (a graph document or another builder's workflow); `source` names it in messages. */
  importText(text: string, source: string, options?: Pick<TextImportOptions, "flows" | "pasted">): Promise<void>;
  /** Reads and imports a file, refusing one past the size limit before reading it. */
  importFile(file: File): Promise<void>;
}

export function useImporter(): Importer {
  const session = useGraphSession();
  const shell = useShellStore();
  return useMemo(() => {
    const { notify, showImportFailure, showFlowChoice, addImportReports } = shell.getState();
    const failed = (source: string, message: string) => showImportFailure({ source, issues: [{ code: "JSON_SYNTAX", path: "$", message }] });
    const importer: Importer = {
      async importText(text, source, options = {}) {
        let outcome;
        try {
          outcome = await importText(session, text, { client: importClient(), ...options });
        } catch (error) {
          failed(source, `The import failed: ${errorMessage(error)}`);
          return;
        }
        switch (outcome.kind) {
          case "opened":
            notify(outcome.message);
            return;
          case "imported":
            addImportReports(outcome.flows, outcome.flows.at(-1)?.graphId ?? null);
            notify(outcome.message);
            return;
          case "choose":
            showFlowChoice({ source, text, format: outcome.format, flows: outcome.flows });
            return;
          case "failed":
            showImportFailure({ source, issues: outcome.issues });
            return;
          case "ignored":
            return;
          default: {
            const unknown: never = outcome;
            throw new Error(`Unknown import outcome ${JSON.stringify(unknown)}`);
          }
        }
      },
      async importFile(file) {
        if (file.size > MAX_IMPORT_BYTES) {
          showImportFailure({ source: file.name, issues: [fileTooLarge(file.size)] });
          return;
        }
        let text: string;
        try {
          text = await file.text();
        } catch (error) {
          // Reading the file failed (it vanished or is unreadable); nothing was opened.
          failed(file.name, `The file could not be read: ${errorMessage(error)}`);
          return;
        }
        await importer.importText(text, file.name);
      },
    };
    return importer;
  }, [session, shell]);
}
