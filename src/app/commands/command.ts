/**
 * A command of the Ctrl/Cmd+K palette: what it is called, the words that find it, its keyboard
 * shortcut if it has one, and what it does. Commands act through the same stores and functions
 * as the header's controls, so a command and its button never drift apart.
 */
import type { GraphSession } from "../services/graphSession";
import type { ShellStore } from "../shell/shellStore";
import type { EditorStore } from "../store/editorStore";

/** What a command may act on: the open graph, the workspace session and the shell (dialogs, notices). */
export interface CommandContext {
  editor: EditorStore;
  session: GraphSession;
  shell: ShellStore;
}

export interface Command {
  /** Stable and unique: the palette's option ids derive from it. */
  id: string;
  /** The option's accessible name, and what typing matches first (e.g. `Save version`). */
  title: string;
  /** Where it belongs (`Graph`, `Edit`, `Export`, `View`, `Add node`, …), shown beside the title. */
  group: string;
  /** More words that find it (`dark`, `png`, …). */
  keywords?: readonly string[];
  /** Readable key combination, e.g. `Ctrl+Z`. */
  shortcut?: string;
  /** False while it would do nothing (Undo with nothing to undo); the palette then leaves it out. */
  available?(context: CommandContext): boolean;
  /** Does it. The palette closes first, so a command may open a dialog of its own. */
  run(context: CommandContext): void | Promise<void>;
}
