/** How the theme choices read in the View menu and in Ctrl/Cmd+K. */
import type { ThemeChoice } from "./theme";

export const THEME_LABELS: Record<ThemeChoice, string> = { system: "System", light: "Light", dark: "Dark" };
