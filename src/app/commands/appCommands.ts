/**
 * Every command Ctrl/Cmd+K offers, in the order an empty query lists them. Adding a command is
 * one entry here: `{ id, title, group, keywords?, shortcut?, available?, run }`. A command that
 * opens a dialog opens it through the shell store, exactly as the header's button does.
 */
import { autoLayout } from "../canvas/autoLayout";
import { EXPORT_FORMATS, exportGraph } from "../shell/exportGraph";
import { openNewGraph, openTemplate } from "../shell/graphActions";
import { appLayoutStore } from "../shell/layout/layoutStore";
import { COLLAPSIBLE_PANES, LAYOUT_PRESETS, PRESET_IDS, type CollapsiblePane } from "../shell/layout/paneLayout";
import { THEME_LABELS } from "../shell/theme/themeLabels";
import { THEME_CHOICES } from "../shell/theme/theme";
import { appThemeStore } from "../shell/theme/themeStore";
import { paletteKinds } from "../store/nodeFactory";
import { templates } from "../templates/catalog";
import { addNodeAtCentre } from "../canvas/placement";
import type { Command, CommandContext } from "./command";
import { errorMessage } from "../../schema/errorMessage.js";

/** Runs an action that reports a notice, and reports its failure the same way. */
async function reported(context: CommandContext, action: () => Promise<string | void>, failure: string): Promise<void> {
  const { notify } = context.shell.getState();
  try {
    const message = await action();
    if (message) notify(message);
  } catch (error) {
    notify(`${failure}: ${errorMessage(error)}`, { error: true });
  }
}

const graphCommands: Command[] = [
  { id: "templates", title: "Templates", group: "Graph", keywords: ["example", "open"], run: ({ shell }) => shell.getState().openDialog("templates") },
  {
    id: "new-graph",
    title: "New graph",
    group: "Graph",
    keywords: ["blank", "create"],
    run: (c) => reported(c, () => openNewGraph(c.session), "Could not open a new graph"),
  },
  { id: "open", title: "Open graph", group: "Graph", keywords: ["workspace", "switch"], run: ({ shell }) => shell.getState().openDialog("open") },
  {
    id: "save-version",
    title: "Save version",
    group: "Graph",
    keywords: ["snapshot", "checkpoint"],
    run: ({ shell }) => shell.getState().openDialog("save-version"),
  },
  {
    id: "versions",
    title: "Versions",
    group: "Graph",
    keywords: ["history", "restore", "snapshot"],
    run: ({ shell }) => shell.getState().openDialog("versions"),
  },
  {
    id: "import",
    title: "Import graph file",
    group: "Graph",
    keywords: ["json", "upload", "load", "flowise", "langflow", "n8n", "dify", "yaml"],
    run: ({ shell }) => shell.getState().pickImportFile?.(),
  },
  {
    id: "import-report",
    title: "Import report",
    group: "Graph",
    keywords: ["mapped", "unmapped", "flowise", "langflow", "n8n", "dify"],
    // The report of a graph imported from another builder in this session.
    available: ({ shell, editor }) => editor.getState().document.meta.id in shell.getState().importReports,
    run: ({ shell, editor }) => shell.getState().showImportReport(editor.getState().document.meta.id),
  },
  { id: "run-tests", title: "Run tests", group: "Tests", keywords: ["regression", "assertions"], run: ({ shell }) => shell.getState().openDialog("tests") },
  {
    id: "datasets",
    title: "Datasets",
    group: "Tests",
    keywords: ["evaluation", "cases", "csv", "jsonl", "evaluators", "judge"],
    run: ({ shell }) => shell.getState().openDialog("datasets"),
  },
  {
    id: "evaluate",
    title: "Evaluate",
    group: "Tests",
    keywords: ["evaluation", "dataset", "compare", "variants", "models", "prompts"],
    run: ({ shell }) => shell.getState().openDialog("evaluate"),
  },
  {
    id: "settings",
    title: "Settings",
    group: "Graph",
    keywords: ["api key", "provider", "openai", "anthropic", "server"],
    run: ({ shell }) => shell.getState().openDialog("settings"),
  },
];

const exportCommands: Command[] = EXPORT_FORMATS.map(({ format, hint }) => ({
  id: `export-${format.toLowerCase().replace(/\s+/g, "-")}`,
  title: format === "Share link" ? "Share link" : `Export ${format}`,
  group: "Export",
  keywords: ["export", "download", hint],
  run: (c: CommandContext) => exportGraph(format, c),
}));

const editCommands: Command[] = [
  {
    id: "undo",
    title: "Undo",
    group: "Edit",
    shortcut: "Ctrl+Z",
    available: ({ editor }) => editor.temporal.getState().pastStates.length > 0,
    run: ({ editor }) => editor.temporal.getState().undo(),
  },
  {
    id: "redo",
    title: "Redo",
    group: "Edit",
    shortcut: "Ctrl+Shift+Z",
    available: ({ editor }) => editor.temporal.getState().futureStates.length > 0,
    run: ({ editor }) => editor.temporal.getState().redo(),
  },
  {
    id: "auto-layout",
    title: "Auto layout",
    group: "Edit",
    keywords: ["arrange", "tidy"],
    run: (c) => reported(c, () => autoLayout(c.editor), "Layout failed"),
  },
];

const viewCommands: Command[] = [
  ...THEME_CHOICES.map((choice) => ({
    id: `theme-${choice}`,
    title: `Theme: ${THEME_LABELS[choice]}`,
    group: "View",
    keywords: ["colour", "color", "appearance", "mode"],
    run: () => appThemeStore().getState().setChoice(choice),
  })),
  ...PRESET_IDS.map((id) => ({
    id: `layout-${id}`,
    title: `Layout: ${LAYOUT_PRESETS[id].title}`,
    group: "View",
    keywords: ["panes", LAYOUT_PRESETS[id].hint],
    run: () => appLayoutStore().getState().applyPreset(id),
  })),
  ...(Object.keys(COLLAPSIBLE_PANES) as CollapsiblePane[]).map((pane) => ({
    id: `toggle-${pane.toLowerCase()}`,
    title: `Collapse or expand ${pane}`,
    group: "View",
    keywords: ["pane", "hide", "show"],
    run: () => appLayoutStore().getState().togglePane(pane),
  })),
  {
    id: "memory",
    title: "Memory",
    group: "View",
    keywords: ["long-term memory", "remember", "recall", "forget", "agents"],
    run: ({ shell }) => shell.getState().openDialog("memory"),
  },
  {
    id: "toggle-minimap",
    title: "Show or hide minimap",
    group: "View",
    keywords: ["overview", "canvas"],
    run: () => appLayoutStore().getState().setMinimapShown(!appLayoutStore().getState().minimapShown),
  },
];

const templateCommands: Command[] = templates.map((template) => ({
  id: `template-${template.id}`,
  title: `Open template: ${template.title}`,
  group: "Templates",
  keywords: [template.description],
  run: (c: CommandContext) => reported(c, () => openTemplate(c.session, template), `Could not open "${template.title}"`),
}));

const nodeCommands: Command[] = paletteKinds.map((kind) => ({
  id: `add-${kind.kind}`,
  title: kind.title,
  group: "Add node",
  keywords: [kind.description, "add", "node"],
  run: ({ editor }: CommandContext) => void addNodeAtCentre(editor, kind.kind),
}));

/** The palette's commands, in the order an empty query lists them. */
export const appCommands: readonly Command[] = [...graphCommands, ...editCommands, ...exportCommands, ...viewCommands, ...templateCommands, ...nodeCommands];
