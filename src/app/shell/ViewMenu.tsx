// View: a menu of the pane layout presets (Default, Debug: a tall timeline) and the theme
// (System, Light, Dark), each a group of radio items, then Memory (the agents' long-term
// memories, a dialog). Kept in a menu so the header fits one row.
import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import { appLayoutStore, useLayout } from "./layout/layoutStore";
import { LAYOUT_PRESETS, PRESET_IDS } from "./layout/paneLayout";
import { useShellStore } from "./shellStore";
import { headerButton } from "./styles";
import { THEME_CHOICES } from "./theme/theme";
import { THEME_LABELS } from "./theme/themeLabels";
import { appThemeStore, useThemeChoice } from "./theme/themeStore";

const itemClass =
  "flex w-full items-center gap-2 px-3 py-1.5 text-left text-sm hover:bg-zinc-100 focus-visible:bg-zinc-100 focus-visible:outline-none dark:hover:bg-zinc-800 dark:focus-visible:bg-zinc-800";
const groupLabel = "px-3 pt-1.5 pb-0.5 text-xs font-semibold text-zinc-500 dark:text-zinc-400";

export function ViewMenu() {
  const [open, setOpen] = useState(false);
  const preset = useLayout((s) => s.preset);
  const theme = useThemeChoice();
  const shell = useShellStore();
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const menuId = useId();
  const layoutLabel = useId();
  const themeLabel = useId();

  const items = () => [...(menu.current?.querySelectorAll<HTMLElement>('[role^="menuitem"]') ?? [])];

  useEffect(() => {
    if (!open) return;
    (items().find((item) => item.getAttribute("aria-checked") === "true") ?? items()[0])?.focus();
    const onPointer = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!menu.current?.contains(target) && !button.current?.contains(target)) setOpen(false);
    };
    document.addEventListener("pointerdown", onPointer);
    return () => document.removeEventListener("pointerdown", onPointer);
  }, [open]);

  const close = (refocus = true) => {
    setOpen(false);
    if (refocus) button.current?.focus();
  };
  const choose = (action: () => void) => {
    action();
    close();
  };

  const onMenuKey = (event: KeyboardEvent) => {
    const list = items();
    const index = list.indexOf(document.activeElement as HTMLElement);
    const focusAt = (i: number) => list[(i + list.length) % list.length]?.focus();
    if (event.key === "ArrowDown") focusAt(index + 1);
    else if (event.key === "ArrowUp") focusAt(index - 1);
    else if (event.key === "Home") focusAt(0);
    else if (event.key === "End") focusAt(list.length - 1);
    else if (event.key === "Escape") close();
    else if (event.key === "Tab") close(false);
    else return;
    if (event.key !== "Tab") event.preventDefault();
  };

  const radio = (checked: boolean, label: string, onChoose: () => void, hint?: string) => (
    <button
      key={label}
      type="button"
      role="menuitemradio"
      aria-checked={checked}
      tabIndex={-1}
      title={hint}
      onClick={() => choose(onChoose)}
      className={itemClass}
    >
      <span aria-hidden="true" className="w-3 text-indigo-600 dark:text-indigo-400">
        {checked ? "●" : ""}
      </span>
      {label}
    </button>
  );

  return (
    <div className="relative">
      <button
        ref={button}
        type="button"
        className={headerButton}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((o) => !o)}
        onKeyDown={(event) => {
          if (event.key === "ArrowDown" && !open) {
            event.preventDefault();
            setOpen(true);
          }
        }}
      >
        View
      </button>
      {open && (
        <div
          ref={menu}
          id={menuId}
          role="menu"
          aria-label="View"
          onKeyDown={onMenuKey}
          className="absolute right-0 z-50 mt-1 w-52 rounded-md border border-zinc-200 bg-white py-1 shadow-lg dark:border-zinc-700 dark:bg-zinc-900"
        >
          <div role="group" aria-labelledby={layoutLabel}>
            <div id={layoutLabel} role="presentation" className={groupLabel}>
              Layout
            </div>
            {PRESET_IDS.map((id) =>
              radio(preset === id, `${LAYOUT_PRESETS[id].title} layout`, () => appLayoutStore().getState().applyPreset(id), LAYOUT_PRESETS[id].hint),
            )}
          </div>
          <div role="separator" className="my-1 border-t border-zinc-200 dark:border-zinc-700" />
          <div role="group" aria-labelledby={themeLabel}>
            <div id={themeLabel} role="presentation" className={groupLabel}>
              Theme
            </div>
            {THEME_CHOICES.map((choice) => radio(theme === choice, THEME_LABELS[choice], () => appThemeStore().getState().setChoice(choice)))}
          </div>
          <div role="separator" className="my-1 border-t border-zinc-200 dark:border-zinc-700" />
          <button
            type="button"
            role="menuitem"
            aria-haspopup="dialog"
            tabIndex={-1}
            title="What the agents remember across threads"
            onClick={() => {
              // The dialog takes focus and hands it back to View when it closes.
              close();
              shell.getState().openDialog("memory");
            }}
            className={itemClass}
          >
            <span aria-hidden="true" className="w-3" />
            Memory
          </button>
        </div>
      )}
    </div>
  );
}
