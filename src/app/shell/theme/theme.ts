/**
 * The colour theme: the person's choice (system, light or dark), kept per browser, and the
 * theme it resolves to. index.html applies the same rule before first paint (a test keeps the
 * two in step); this module owns it.
 */
import type { KeyValueStorage } from "../../canvas/collapseStore";

export const THEME_CHOICES = ["system", "light", "dark"] as const;
export type ThemeChoice = (typeof THEME_CHOICES)[number];
export type ResolvedTheme = "light" | "dark";

/** The localStorage key index.html's boot script reads too. */
export const THEME_STORAGE_KEY = "graphwright.theme";
/** The class on `<html>` that Tailwind's `dark:` variant and React Flow's dark styles key on. */
export const DARK_CLASS = "dark";

export function isThemeChoice(value: unknown): value is ThemeChoice {
  return typeof value === "string" && (THEME_CHOICES as readonly string[]).includes(value);
}

/**
 * The theme a choice shows: `system` follows the operating system's colour scheme.
 * @example resolveTheme("system", true) // "dark"
 */
export function resolveTheme(choice: ThemeChoice, systemPrefersDark: boolean): ResolvedTheme {
  if (choice === "system") return systemPrefersDark ? "dark" : "light";
  return choice;
}

/** The stored choice; anything unreadable or unknown is `system`. */
export function readThemeChoice(storage: KeyValueStorage | null): ThemeChoice {
  try {
    const stored = storage?.getItem(THEME_STORAGE_KEY);
    return isThemeChoice(stored) ? stored : "system";
  } catch {
    return "system";
  }
}

/** Remembers a choice; `system` (the default) leaves nothing behind. */
export function writeThemeChoice(storage: KeyValueStorage | null, choice: ThemeChoice): void {
  try {
    if (choice === "system") storage?.removeItem(THEME_STORAGE_KEY);
    else storage?.setItem(THEME_STORAGE_KEY, choice);
  } catch {
    // Storage disabled or full: the theme still applies to this page.
  }
}

/** Puts a resolved theme on the document element: the `dark` class and the native colour scheme. */
export function applyTheme(root: { classList: DOMTokenList; style: CSSStyleDeclaration }, theme: ResolvedTheme): void {
  root.classList.toggle(DARK_CLASS, theme === "dark");
  root.style.colorScheme = theme;
}
