import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import type { KeyValueStorage } from "../../canvas/collapseStore";
import { readThemeChoice, resolveTheme, THEME_CHOICES, THEME_STORAGE_KEY, writeThemeChoice } from "./theme";
import { createThemeStore } from "./themeStore";

function memoryStorage(): KeyValueStorage & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return { data, getItem: (k) => data.get(k) ?? null, setItem: (k, v) => void data.set(k, v), removeItem: (k) => void data.delete(k) };
}

/** A stand-in for `<html>`: its classes and its inline colour scheme. */
function fakeRoot() {
  const classes = new Set<string>();
  const classList = {
    toggle: (name: string, on: boolean) => (on ? classes.add(name) : classes.delete(name), on),
    contains: (name: string) => classes.has(name),
  };
  return { classes, root: { classList: classList as unknown as DOMTokenList, style: { colorScheme: "" } as CSSStyleDeclaration } };
}

/** A system colour scheme that can change, like matchMedia("(prefers-color-scheme: dark)"). */
function fakeMedia(dark: boolean) {
  const listeners = new Set<() => void>();
  return {
    matches: dark,
    addEventListener: (_: string, listener: () => void) => void listeners.add(listener),
    change(next: boolean) {
      this.matches = next;
      for (const listener of listeners) listener();
    },
  };
}

describe("theme resolution", () => {
  it("follows the system scheme only for the system choice", () => {
    expect(resolveTheme("system", true)).toBe("dark");
    expect(resolveTheme("system", false)).toBe("light");
    expect(resolveTheme("light", true)).toBe("light");
    expect(resolveTheme("dark", false)).toBe("dark");
  });

  it("reads an unknown or unreadable stored value as system", () => {
    const storage = memoryStorage();
    expect(readThemeChoice(storage)).toBe("system");
    storage.setItem(THEME_STORAGE_KEY, "purple");
    expect(readThemeChoice(storage)).toBe("system");
    const broken: KeyValueStorage = {
      getItem: () => {
        throw new Error("denied");
      },
      setItem: () => undefined,
      removeItem: () => undefined,
    };
    expect(readThemeChoice(broken)).toBe("system");
    expect(readThemeChoice(null)).toBe("system");
  });

  it("remembers light and dark, and leaves nothing behind for system", () => {
    const storage = memoryStorage();
    writeThemeChoice(storage, "dark");
    expect(readThemeChoice(storage)).toBe("dark");
    writeThemeChoice(storage, "system");
    expect(storage.data.has(THEME_STORAGE_KEY)).toBe(false);
  });
});

describe("the theme store", () => {
  it("applies the chosen theme to the document and keeps it for the next page", () => {
    const storage = memoryStorage();
    const { classes, root } = fakeRoot();
    const store = createThemeStore({ storage, media: fakeMedia(false), root });
    expect(classes.has("dark")).toBe(false);
    store.getState().setChoice("dark");
    expect(classes.has("dark")).toBe(true);
    expect(root.style.colorScheme).toBe("dark");

    const next = fakeRoot();
    createThemeStore({ storage, media: fakeMedia(false), root: next.root });
    expect(next.classes.has("dark")).toBe(true);
  });

  it("follows a change of the system scheme while the choice is system, and ignores it otherwise", () => {
    const media = fakeMedia(false);
    const { classes, root } = fakeRoot();
    const store = createThemeStore({ storage: memoryStorage(), media, root });
    media.change(true);
    expect(store.getState().resolved).toBe("dark");
    expect(classes.has("dark")).toBe(true);
    store.getState().setChoice("light");
    media.change(true);
    expect(classes.has("dark")).toBe(false);
  });
});

describe("index.html's boot script", () => {
  const html = readFileSync(new URL("../../../../index.html", import.meta.url), "utf8");
  const source = /<script id="theme-boot">([\s\S]*?)<\/script>/.exec(html)?.[1];

  /** Runs the boot script against a stored value and a system scheme; returns whether it made the page dark. */
  function boot(stored: string | null, systemDark: boolean): boolean {
    const { classes, root } = fakeRoot();
    const window = { localStorage: { getItem: () => stored }, matchMedia: () => ({ matches: systemDark }) };
    new Function("window", "document", source ?? "")(window, { documentElement: root });
    return classes.has("dark");
  }

  it("resolves every stored choice the way the app does, before first paint", () => {
    expect(source).toBeDefined();
    for (const choice of [...THEME_CHOICES, null, "purple"])
      for (const systemDark of [false, true]) {
        const expected = resolveTheme(readThemeChoice({ getItem: () => choice, setItem: () => undefined, removeItem: () => undefined }), systemDark);
        expect(boot(choice, systemDark), `${String(choice)} with a ${systemDark ? "dark" : "light"} system`).toBe(expected === "dark");
      }
  });
});
