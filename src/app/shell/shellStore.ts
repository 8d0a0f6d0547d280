/**
 * The workspace shell's own state: which dialog is open, the last notice, a failed import and a
 * share link to show. Header buttons and Ctrl/Cmd+K commands change it the same way, so a
 * command opens exactly the dialog its header button opens.
 */
import { createContext, createElement, useContext, type ReactNode } from "react";
import { useStore } from "zustand";
import { createStore } from "zustand/vanilla";
import type { ImportReport } from "../../import/report.js";
import type { ImportFailure } from "../services/importGraphText";
import type { FlowChoice } from "./ChooseFlowsDialog";
import type { Notify } from "./notify";
import type { CodeTodos } from "./CodeTodosDialog";
import type { SharedLink } from "./ShareLinkDialog";

/** The shell's dialogs; one is open at a time. `commands` is the Ctrl/Cmd+K palette; `tests` is Run tests; `memory` the agents' long-term memories; `datasets` the evaluation datasets; `evaluate` is Evaluate. */
export type DialogName = "commands" | "templates" | "open" | "save-version" | "versions" | "settings" | "tests" | "memory" | "datasets" | "evaluate";

export interface Notice {
  message: string;
  error: boolean;
}

interface ShellState {
  dialog: DialogName | null;
  notice: Notice | null;
  importFailure: ImportFailure | null;
  sharedLink: SharedLink | null;
  /** The places a code export left to finish by hand, shown after the export. */
  codeTodos: CodeTodos | null;
  /** A server bundle is being built (one at a time: it loads a large engine chunk). */
  buildingBundle: boolean;
  /** Reports of the graphs imported from other builders in this session, by graph id. */
  importReports: Readonly<Record<string, ImportReport>>;
  /** The graph whose import report is shown (only while that graph is open). */
  shownReport: string | null;
  /** A file of several flows waiting for the person to pick which to import. */
  flowChoice: FlowChoice | null;
  /** Opens the Import button's file picker; registered by the button while it is mounted. */
  pickImportFile: (() => void) | null;
  openDialog(name: DialogName): void;
  closeDialog(): void;
  notify: Notify;
  clearNotice(): void;
  showImportFailure(failure: ImportFailure | null): void;
  showSharedLink(link: SharedLink | null): void;
  showCodeTodos(report: CodeTodos | null): void;
  /** Keeps the reports of imported graphs and shows the one of `show`. */
  addImportReports(reports: readonly { graphId: string; report: ImportReport }[], show: string | null): void;
  showImportReport(graphId: string | null): void;
  showFlowChoice(choice: FlowChoice | null): void;
  setBuildingBundle(building: boolean): void;
  setImportPicker(pick: (() => void) | null): void;
}

/**
 * @example
 * const shell = createShellStore();
 * shell.getState().openDialog("save-version"); // the header renders the Save version dialog
 */
export function createShellStore(initial: { notice?: Notice | null; importFailure?: ImportFailure | null } = {}) {
  return createStore<ShellState>()((set) => ({
    dialog: null,
    notice: initial.notice ?? null,
    importFailure: initial.importFailure ?? null,
    sharedLink: null,
    codeTodos: null,
    buildingBundle: false,
    pickImportFile: null,
    importReports: {},
    shownReport: null,
    flowChoice: null,
    // A new dialog starts a new action: the previous action's notice is done.
    openDialog: (dialog) => set({ dialog, notice: null }),
    closeDialog: () => set({ dialog: null }),
    notify: (message, options) => set({ notice: { message, error: options?.error ?? false } }),
    clearNotice: () => set({ notice: null }),
    showImportFailure: (importFailure) => set({ importFailure }),
    showSharedLink: (sharedLink) => set({ sharedLink }),
    showCodeTodos: (codeTodos) => set({ codeTodos }),
    addImportReports: (reports, show) =>
      set((state) => ({ importReports: { ...state.importReports, ...Object.fromEntries(reports.map((r) => [r.graphId, r.report])) }, shownReport: show })),
    showImportReport: (shownReport) => set({ shownReport }),
    showFlowChoice: (flowChoice) => set({ flowChoice }),
    setBuildingBundle: (buildingBundle) => set({ buildingBundle }),
    setImportPicker: (pickImportFile) => set({ pickImportFile }),
  }));
}

export type ShellStore = ReturnType<typeof createShellStore>;

const ShellContext = createContext<ShellStore | null>(null);

export function ShellStoreProvider({ store, children }: { store: ShellStore; children: ReactNode }) {
  return createElement(ShellContext.Provider, { value: store }, children);
}

export function useShellStore(): ShellStore {
  const store = useContext(ShellContext);
  if (!store) throw new Error("useShellStore must be used inside <ShellStoreProvider>");
  return store;
}

export function useShell<T>(selector: (state: ShellState) => T): T {
  return useStore(useShellStore(), selector);
}
