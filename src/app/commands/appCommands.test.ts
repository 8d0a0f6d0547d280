import { describe, expect, it } from "vitest";
import { paletteKinds } from "../store/nodeFactory";
import { templates } from "../templates/catalog";
import { appCommands } from "./appCommands";
import { rankCommands } from "./rankCommands";

describe("the command registry", () => {
  it("gives every command its own id", () => {
    const ids = appCommands.map((c) => c.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it.each([
    ["save version", "Save version"],
    ["templates", "Templates"],
    ["versions", "Versions"],
    ["settings", "Settings"],
    ["run tests", "Run tests"],
    ["datasets", "Datasets"],
    ["evaluation cases", "Datasets"],
    ["new graph", "New graph"],
    ["import", "Import graph file"],
    ["import report", "Import report"],
    ["unmapped", "Import report"],
    ["json", "Export JSON"],
    ["mermaid", "Export Mermaid"],
    ["bundle", "Export LangGraph server bundle"],
    ["share", "Share link"],
    ["auto layout", "Auto layout"],
    ["undo", "Undo"],
    ["theme dark", "Theme: Dark"],
    ["theme system", "Theme: System"],
    ["debug", "Layout: Debug"],
    ["timeline", "Collapse or expand Timeline"],
    ["minimap", "Show or hide minimap"],
  ])("typing %j finds %s first", (query, title) => {
    expect(rankCommands(appCommands, query)[0]?.title).toBe(title);
  });

  it("adds every node kind the palette offers, and opens every template", () => {
    const titles = new Set(appCommands.map((c) => c.title));
    for (const kind of paletteKinds) expect(titles).toContain(kind.title);
    for (const template of templates) expect(titles).toContain(`Open template: ${template.title}`);
  });
});

describe("Import report", () => {
  it("is offered only for a graph imported from another builder in this session, and shows its report", async () => {
    const { createShellStore } = await import("../shell/shellStore");
    const { createEditorStore } = await import("../store/editorStore");
    const { blankDocument } = await import("../store/nodeFactory");
    const command = appCommands.find((c) => c.id === "import-report");
    const shell = createShellStore();
    const editor = createEditorStore(blankDocument("imported-1"));
    const context = { shell, editor, session: {} as never };
    expect(command?.available?.(context)).toBe(false);
    shell.getState().addImportReports([{ graphId: "imported-1", report: { source: { format: "dify", name: "Bot" }, nodes: [], notes: [] } }], null);
    expect(command?.available?.(context)).toBe(true);
    await command?.run(context);
    expect(shell.getState().shownReport).toBe("imported-1");
  });
});

describe("Datasets", () => {
  it("opens the Datasets dialog, as the header's button does", async () => {
    const { createShellStore } = await import("../shell/shellStore");
    const { createEditorStore } = await import("../store/editorStore");
    const { blankDocument } = await import("../store/nodeFactory");
    const shell = createShellStore();
    const context = { shell, editor: createEditorStore(blankDocument("g1")), session: {} as never };
    await appCommands.find((c) => c.id === "datasets")?.run(context);
    expect(shell.getState().dialog).toBe("datasets");
  });
});
