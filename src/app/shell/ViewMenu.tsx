// View: a menu of the pane layout presets (Default, Debug: a tall timeline) and the theme
// (System, Light, Dark), each a group of radio items, then Memory (the agents' long-term
// memories, a dialog). Kept in a menu so the header fits one row.
import { useId } from "react";
import { appLayoutStore, useLayout } from "./layout/layoutStore";
import { LAYOUT_PRESETS, PRESET_IDS } from "./layout/paneLayout";
import { useShellStore } from "./shellStore";
import { HeaderMenu, menuItemClass, menuSeparator, useHeaderMenu } from "./HeaderMenu";
import { THEME_CHOICES } from "./theme/theme";
import { THEME_LABELS } from "./theme/themeLabels";
import { appThemeStore, useThemeChoice } from "./theme/themeStore";

const groupLabel = "px-3 pt-1.5 pb-0.5 text-xs font-semibold text-zinc-500 dark:text-zinc-400";

export function ViewMenu() {
  return (
    <HeaderMenu label="View" widthClass="w-52" initialFocus={(items) => items.find((item) => item.getAttribute("aria-checked") === "true")}>
      <ViewItems />
    </HeaderMenu>
  );
}

function ViewItems() {
  const preset = useLayout((s) => s.preset);
  const theme = useThemeChoice();
  const shell = useShellStore();
  const layoutLabel = useId();
  const themeLabel = useId();
  const { close } = useHeaderMenu();

  const radio = (checked: boolean, label: string, onChoose: () => void, hint?: string) => (
    <button
      key={label}
      type="button"
      role="menuitemradio"
      aria-checked={checked}
      tabIndex={-1}
      title={hint}
      onClick={() => {
        onChoose();
        close();
      }}
      className={menuItemClass}
    >
      <span aria-hidden="true" className="w-3 text-indigo-600 dark:text-indigo-400">
        {checked ? "●" : ""}
      </span>
      {label}
    </button>
  );

  return (
    <>
      <div role="group" aria-labelledby={layoutLabel}>
        <div id={layoutLabel} role="presentation" className={groupLabel}>
          Layout
        </div>
        {PRESET_IDS.map((id) =>
          radio(preset === id, `${LAYOUT_PRESETS[id].title} layout`, () => appLayoutStore().getState().applyPreset(id), LAYOUT_PRESETS[id].hint),
        )}
      </div>
      {menuSeparator}
      <div role="group" aria-labelledby={themeLabel}>
        <div id={themeLabel} role="presentation" className={groupLabel}>
          Theme
        </div>
        {THEME_CHOICES.map((choice) => radio(theme === choice, THEME_LABELS[choice], () => appThemeStore().getState().setChoice(choice)))}
      </div>
      {menuSeparator}
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
        className={menuItemClass}
      >
        <span aria-hidden="true" className="w-3" />
        Memory
      </button>
    </>
  );
}
