// Ctrl/Cmd+K: every command of the app in one filtered list (appCommands.ts). Keyboard first:
// typing filters, arrows move, Enter runs the highlighted command, Escape closes.
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from "react";
import { useGraphSession } from "../services/GraphSessionProvider";
import { useShellStore } from "../shell/shellStore";
import { useEditorStore } from "../store/EditorProvider";
import { appCommands } from "./appCommands";
import type { Command, CommandContext } from "./command";
import { rankCommands } from "./rankCommands";

/** `Ctrl+Shift+Z` as aria-keyshortcuts spells it. */
const ariaShortcut = (shortcut: string) => shortcut.replace(/Ctrl/g, "Control");

export function CommandPalette({ commands = appCommands }: { commands?: readonly Command[] }) {
  const editor = useEditorStore();
  const session = useGraphSession();
  const shell = useShellStore();
  const context: CommandContext = useMemo(() => ({ editor, session, shell }), [editor, session, shell]);
  const dialog = useRef<HTMLDialogElement>(null);
  const list = useRef<HTMLUListElement>(null);
  const listId = useId();
  const [filter, setFilter] = useState("");
  const [active, setActive] = useState(0);
  // What is available is read once per opening: the palette is modal, nothing changes under it.
  const [available] = useState(() => commands.filter((command) => command.available?.(context) ?? true));
  const matches = rankCommands(available, filter);
  const current = Math.min(active, Math.max(matches.length - 1, 0));
  const optionId = (command: Command) => `${listId}-${command.id}`;

  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
    return () => element?.close();
  }, []);

  useEffect(() => {
    const match = matches[current];
    if (match) document.getElementById(optionId(match))?.scrollIntoView({ block: "nearest" });
  });

  const close = () => shell.getState().closeDialog();
  const run = (command: Command) => {
    // Closed first: a command that opens a dialog replaces the palette with it.
    close();
    void command.run(context);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const count = Math.max(matches.length, 1);
    const moves: Record<string, number> = { ArrowDown: current + 1, ArrowUp: current - 1, PageDown: current + 8, PageUp: current - 8 };
    if (event.key in moves) {
      event.preventDefault();
      const target = moves[event.key] ?? 0;
      setActive(event.key.startsWith("Arrow") ? (target + count) % count : Math.min(Math.max(target, 0), count - 1));
    } else if (event.key === "Enter") {
      event.preventDefault();
      const match = matches[current];
      if (match) run(match);
    }
  };

  return (
    <dialog
      ref={dialog}
      aria-label="Command palette"
      // Escape closes it here, at once, as the shared Dialog does: left to the browser, the close
      // event came a task later, and a Ctrl/Cmd+K pressed in between found the palette still
      // "open" in the shell and was lost, then the late close shut the palette.
      onCancel={(event) => {
        event.preventDefault();
        close();
      }}
      onClose={close}
      onClick={(event) => event.target === dialog.current && close()}
      className="m-auto mt-[12vh] w-[28rem] max-w-[90vw] rounded-lg border border-zinc-300 bg-white p-0 text-zinc-900 shadow-xl backdrop:bg-black/30 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100"
    >
      <input
        autoFocus
        role="combobox"
        aria-label="Filter commands"
        aria-expanded="true"
        aria-controls={listId}
        aria-activedescendant={matches[current] ? optionId(matches[current]) : undefined}
        aria-autocomplete="list"
        placeholder="Type a command or a node kind…"
        value={filter}
        onChange={(event) => {
          setFilter(event.target.value);
          setActive(0);
        }}
        onKeyDown={onKeyDown}
        className="w-full border-b border-zinc-200 bg-transparent px-3 py-2 text-sm outline-none dark:border-zinc-700"
      />
      <ul ref={list} id={listId} role="listbox" aria-label="Commands" className="max-h-80 overflow-auto py-1">
        {matches.map((command, i) => (
          <li
            key={command.id}
            id={optionId(command)}
            role="option"
            aria-label={command.title}
            aria-selected={i === current}
            aria-keyshortcuts={command.shortcut ? ariaShortcut(command.shortcut) : undefined}
            onClick={() => run(command)}
            onMouseMove={() => setActive(i)}
            className={`flex cursor-pointer items-baseline gap-2 px-3 py-1.5 text-sm ${i === current ? "bg-blue-600 text-white" : ""}`}
          >
            <span className="truncate font-medium">{command.title}</span>
            {command.shortcut && (
              <kbd className={`font-sans text-xs ${i === current ? "text-blue-100" : "text-zinc-500 dark:text-zinc-400"}`}>{command.shortcut}</kbd>
            )}
            <span className={`ml-auto shrink-0 text-xs ${i === current ? "text-blue-100" : "text-zinc-500 dark:text-zinc-400"}`}>{command.group}</span>
          </li>
        ))}
        {matches.length === 0 && <li className="px-3 py-1.5 text-sm text-zinc-500">No command matches</li>}
      </ul>
    </dialog>
  );
}
