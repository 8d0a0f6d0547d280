// The header's theme switch: System, Light or Dark, remembered in this browser.
import { appThemeStore, useThemeChoice } from "./themeStore";
import { isThemeChoice, THEME_CHOICES, type ThemeChoice } from "./theme";

export const THEME_LABELS: Record<ThemeChoice, string> = { system: "System", light: "Light", dark: "Dark" };

export function ThemeSelect() {
  const choice = useThemeChoice();
  return (
    <select
      aria-label="Theme"
      title="Theme"
      value={choice}
      onChange={(event) => {
        if (isThemeChoice(event.target.value)) appThemeStore().getState().setChoice(event.target.value);
      }}
      className="rounded-md border border-zinc-300 bg-white px-1.5 py-1 text-sm text-zinc-700 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-200"
    >
      {THEME_CHOICES.map((value) => (
        <option key={value} value={value}>
          {THEME_LABELS[value]}
        </option>
      ))}
    </select>
  );
}
