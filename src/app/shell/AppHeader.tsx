// Top bar of the workspace: the app name, the open graph's name, the graph controls of
// ui-contract.md (Templates, New graph, Save version, Import, Export, Settings) and their
// dialogs, the edit toolbar, and whether the graph is saved.
import { lazy, Suspense, useEffect, useMemo, useState } from "react";
import { useGraphSession } from "../services/GraphSessionProvider";
import { useEditor } from "../store/hooks";
import { CodeTodosDialog } from "./CodeTodosDialog";
import { EditToolbar } from "./EditToolbar";
import { EvaluationsMenu } from "./EvaluationsMenu";
import { ExportMenu } from "./ExportMenu";
import { GraphNameField } from "./GraphNameField";
import { ImportButton } from "./ImportButton";
import { ImportDialogs } from "./ImportDialogs";
import { ImportErrorsDialog } from "./ImportErrorsDialog";
import { NewGraphButton } from "./NewGraphButton";
import { SaveStatus } from "./SaveStatus";
import { ShareLinkDialog } from "./ShareLinkDialog";
import { useShell, useShellStore, type DialogName } from "./shellStore";
import { headerButton } from "./styles";
import { useShareLinkOpener } from "./useShareLinkOpener";
import { ViewMenu } from "./ViewMenu";
import { DialogLoadingStatus } from "./LoadingStatus";

// The header's dialogs load when first opened: a first visit needs none of them.
const TemplatesDialog = lazy(() => import("./TemplatesDialog").then((m) => ({ default: m.TemplatesDialog })));
const OpenGraphDialog = lazy(() => import("./OpenGraphDialog").then((m) => ({ default: m.OpenGraphDialog })));
const SaveVersionDialog = lazy(() => import("./SaveVersionDialog").then((m) => ({ default: m.SaveVersionDialog })));
const VersionsDialog = lazy(() => import("./VersionsDialog").then((m) => ({ default: m.VersionsDialog })));
const SettingsDialog = lazy(() => import("./SettingsDialog").then((m) => ({ default: m.SettingsDialog })));
const RunTestsDialog = lazy(() => import("../regression/RunTestsDialog").then((m) => ({ default: m.RunTestsDialog })));
const EvaluateDialog = lazy(() => import("../evaluate/EvaluateDialog").then((m) => ({ default: m.EvaluateDialog })));
const MemoryDialog = lazy(() => import("../memory/MemoryDialog").then((m) => ({ default: m.MemoryDialog })));
const DatasetsDialog = lazy(() => import("../datasets/DatasetsDialog").then((m) => ({ default: m.DatasetsDialog })));

export function AppHeader() {
  const session = useGraphSession();
  const shell = useShellStore();
  const graphId = useEditor((s) => s.document.meta.id);
  const dialog = useShell((s) => s.dialog);
  const notice = useShell((s) => s.notice);
  const importFailure = useShell((s) => s.importFailure);
  const sharedLink = useShell((s) => s.sharedLink);
  const codeTodos = useShell((s) => s.codeTodos);
  const { notify, closeDialog: close, showImportFailure, showSharedLink, showCodeTodos } = shell.getState();
  const shareReport = useMemo(() => ({ notice: (message: string) => notify(message), failure: showImportFailure }), [notify, showImportFailure]);
  useShareLinkOpener(session, shareReport);
  // A warning about the graph itself (a saved key taken out of it) stays until dismissed: the
  // notice of the action that caused it (an import) must not hide it.
  const [warning, setWarning] = useState<string | null>(null);
  useEffect(() => session.onNotice(setWarning), [session]);
  const opener = (name: DialogName) => ({
    type: "button" as const,
    className: headerButton,
    "aria-haspopup": "dialog" as const,
    onClick: () => shell.getState().openDialog(name),
  });

  return (
    <header className="flex min-h-12 shrink-0 flex-wrap items-center gap-x-3 gap-y-1 border-b border-zinc-200 bg-white px-4 py-1.5 dark:border-zinc-800 dark:bg-zinc-900">
      <h1 className="text-base font-semibold tracking-tight">Graphwright</h1>
      {/* Keyed by graph: a half-typed name never carries over to another graph. */}
      <GraphNameField key={graphId} />
      <div role="group" aria-label="Graph" className="flex flex-wrap items-center gap-0.5">
        <button {...opener("templates")}>Templates</button>
        <NewGraphButton onNotice={notify} />
        <button {...opener("open")}>Open</button>
        <button {...opener("save-version")}>Save version</button>
        <button {...opener("versions")}>Versions</button>
        <ImportButton />
        <ExportMenu />
        <button {...opener("tests")}>Run tests</button>
        <EvaluationsMenu />
        <button {...opener("settings")}>Settings</button>
        <ViewMenu />
      </div>
      <EditToolbar />
      <div className="ml-auto flex min-w-0 items-center gap-3">
        {warning && (
          <p role="alert" className="flex max-w-md items-center gap-1 text-xs text-amber-800 dark:text-amber-300">
            <span className="truncate" title={warning}>
              {warning}
            </span>
            <button type="button" className={headerButton} aria-label="Dismiss warning" onClick={() => setWarning(null)}>
              ×
            </button>
          </p>
        )}
        {notice?.error && (
          <p role="alert" className="max-w-md truncate text-xs text-red-700 dark:text-red-400" title={notice.message}>
            {notice.message}
          </p>
        )}
        {/* Always present, so screen readers announce each new notice. */}
        <p
          aria-live="polite"
          className="max-w-md truncate text-xs text-zinc-600 dark:text-zinc-400"
          title={notice && !notice.error ? notice.message : undefined}
        >
          {notice && !notice.error ? notice.message : ""}
        </p>
        <SaveStatus />
      </div>
      {/* Keyed: a dialog opened while another loads replaces it rather than hiding it. */}
      <Suspense key={dialog ?? "none"} fallback={<DialogLoadingStatus />}>
        {dialog === "templates" && <TemplatesDialog onClose={close} onOpened={notify} />}
        {dialog === "open" && <OpenGraphDialog onClose={close} onOpened={notify} />}
        {dialog === "save-version" && <SaveVersionDialog onClose={close} onSaved={notify} />}
        {dialog === "versions" && <VersionsDialog onClose={close} onRestored={notify} />}
        {dialog === "settings" && <SettingsDialog onClose={close} onSaved={notify} />}
        {dialog === "tests" && <RunTestsDialog onClose={close} />}
        {dialog === "memory" && <MemoryDialog onClose={close} />}
        {dialog === "datasets" && <DatasetsDialog onClose={close} />}
        {dialog === "evaluate" && <EvaluateDialog onClose={close} />}
      </Suspense>
      <ImportDialogs />
      {importFailure && <ImportErrorsDialog failure={importFailure} onClose={() => showImportFailure(null)} />}
      {sharedLink && <ShareLinkDialog link={sharedLink} onClose={() => showSharedLink(null)} />}
      {codeTodos && <CodeTodosDialog report={codeTodos} onClose={() => showCodeTodos(null)} />}
    </header>
  );
}
