/**
 * The page's theme: the stored choice, what it resolves to now, and the document element kept
 * in step (including when the system scheme changes while the choice is `system`).
 */
import { useStore } from "zustand";
import { createStore } from "zustand/vanilla";
import type { KeyValueStorage } from "../../canvas/collapseStore";
import { applyTheme, readThemeChoice, resolveTheme, writeThemeChoice, type ResolvedTheme, type ThemeChoice } from "./theme";

const DARK_QUERY = "(prefers-color-scheme: dark)";

interface ThemeState {
  choice: ThemeChoice;
  resolved: ResolvedTheme;
  setChoice(choice: ThemeChoice): void;
}

export interface ThemeEnvironment {
  storage: KeyValueStorage | null;
  /** The system colour scheme query; null where there is none (Node). */
  media: { readonly matches: boolean; addEventListener(type: "change", listener: () => void): void } | null;
  /** The element the theme is applied to (`<html>`); null where there is none. */
  root: { classList: DOMTokenList; style: CSSStyleDeclaration } | null;
}

/**
 * @example
 * const theme = createThemeStore({ storage: localStorage, media: matchMedia("(prefers-color-scheme: dark)"), root: document.documentElement });
 * theme.getState().setChoice("dark"); // <html class="dark">, remembered for the next visit
 */
export function createThemeStore(env: ThemeEnvironment) {
  const prefersDark = () => env.media?.matches ?? false;
  const initial = readThemeChoice(env.storage);
  const store = createStore<ThemeState>()((set) => ({
    choice: initial,
    resolved: resolveTheme(initial, prefersDark()),
    setChoice(choice) {
      writeThemeChoice(env.storage, choice);
      set({ choice, resolved: resolveTheme(choice, prefersDark()) });
    },
  }));
  store.subscribe((state, previous) => {
    if (state.resolved !== previous.resolved && env.root) applyTheme(env.root, state.resolved);
  });
  if (env.root) applyTheme(env.root, store.getState().resolved);
  env.media?.addEventListener("change", () => {
    const { choice } = store.getState();
    store.setState({ resolved: resolveTheme(choice, prefersDark()) });
  });
  return store;
}

export type ThemeStore = ReturnType<typeof createThemeStore>;

function browserEnvironment(): ThemeEnvironment {
  let storage: KeyValueStorage | null = null;
  try {
    storage = typeof localStorage === "undefined" ? null : localStorage;
  } catch {
    // Storage can be disabled (privacy mode): the theme is then chosen per page.
  }
  return {
    storage,
    media: typeof matchMedia === "function" ? matchMedia(DARK_QUERY) : null,
    root: typeof document === "undefined" ? null : document.documentElement,
  };
}

let shared: ThemeStore | undefined;
/** The page's one theme store, made on first use. */
export function appThemeStore(): ThemeStore {
  shared ??= createThemeStore(browserEnvironment());
  return shared;
}

export function useThemeChoice(): ThemeChoice {
  return useStore(appThemeStore(), (s) => s.choice);
}

export function useResolvedTheme(): ResolvedTheme {
  return useStore(appThemeStore(), (s) => s.resolved);
}
