// The dialogs of importing another builder's workflow: the flow picker of a file of several flows,
// and the import report of the open graph (kept for each graph imported in this session).
import { lazy, Suspense } from "react";
import { useEditor } from "../store/hooks";
import { useShell, useShellStore } from "./shellStore";
import { useImporter } from "./useImporter";

// Loaded with the first import that needs them: a first visit needs neither.
const ChooseFlowsDialog = lazy(() => import("./ChooseFlowsDialog").then((m) => ({ default: m.ChooseFlowsDialog })));
const ImportReportDialog = lazy(() => import("./ImportReportDialog").then((m) => ({ default: m.ImportReportDialog })));

export function ImportDialogs() {
  const shell = useShellStore();
  const importer = useImporter();
  const graphId = useEditor((s) => s.document.meta.id);
  // A report belongs to its graph: with another graph open its lines would point at nothing.
  const report = useShell((s) => (s.shownReport === graphId ? s.importReports[graphId] : undefined));
  const choice = useShell((s) => s.flowChoice);
  const { showImportReport, showFlowChoice } = shell.getState();
  return (
    <Suspense fallback={null}>
      {choice && (
        <ChooseFlowsDialog
          choice={choice}
          onClose={() => showFlowChoice(null)}
          onImport={(flows) => {
            showFlowChoice(null);
            void importer.importText(choice.text, choice.source, { flows });
          }}
        />
      )}
      {report && <ImportReportDialog key={graphId} report={report} onClose={() => showImportReport(null)} />}
    </Suspense>
  );
}
