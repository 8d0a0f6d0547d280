/**
 * Names from a document (agents, tools, knowledge bases) made into TypeScript identifiers:
 * valid, never a reserved word, and unique within a scope, with deterministic suffixes, so the
 * same document always gets the same names.
 */

/** Reserved words, strict-mode words and names the generated code itself uses at module level. */
const RESERVED = new Set([
  ...(
    "break case catch class const continue debugger default delete do else enum export extends false finally for function if import in " +
    "instanceof new null return super switch this throw true try typeof var void while with as implements interface let package private " +
    "protected public static yield await async of any boolean number string symbol object never unknown undefined type declare module " +
    "namespace require arguments eval constructor prototype NaN Infinity globalThis"
  )
    .split(" ")
    .filter(Boolean),
]);

/** `camelCase` (functions, values) or `PascalCase` (classes, types). */
export type IdentifierCase = "camel" | "pascal";

function words(name: string): string[] {
  // Letters and digits of any script stay; everything else separates words.
  const parts = name.normalize("NFC").match(/[\p{L}\p{N}]+/gu) ?? [];
  // Split camelCase and PascalCase words so that "MainAgent" and "main agent" read alike.
  return parts.flatMap((part) => part.split(/(?<=[\p{Ll}\p{N}])(?=\p{Lu})/u)).filter(Boolean);
}

/**
 * The identifier a name reads as, before collisions are resolved.
 * @example toIdentifier("Policy agent") // "policyAgent"
 * @example toIdentifier("2nd pass") // "_2ndPass"
 * @example toIdentifier("class") // "class_"
 */
export function toIdentifier(name: string, style: IdentifierCase = "camel"): string {
  const parts = words(name);
  const joined = parts
    .map((word, i) => {
      const lower = word.toLowerCase();
      // A word in capitals that is the whole name's first stays readable ("URL" → "url").
      if (i === 0 && style === "camel") return lower;
      return lower.charAt(0).toUpperCase() + lower.slice(1);
    })
    .join("");
  let identifier = joined || "unnamed";
  // An identifier may not start with a digit (or any character that cannot start one).
  if (!/^[\p{L}_$]/u.test(identifier)) identifier = `_${identifier}`;
  if (RESERVED.has(identifier)) identifier = `${identifier}_`;
  return identifier;
}

/**
 * One scope of generated names. `take` returns a fresh identifier for a name: a name seen
 * before in the scope (by key) keeps its identifier, and a clash with another gets `2`, `3`, …
 * in the order the names were taken.
 * @example
 * const scope = new IdentifierScope(["graph"]);
 * scope.take("node:a", "Get weather"); // "getWeather"
 * scope.take("node:b", "get_weather"); // "getWeather2"
 */
export class IdentifierScope {
  private readonly used: Set<string>;
  private readonly byKey = new Map<string, string>();

  constructor(taken: Iterable<string> = []) {
    this.used = new Set(taken);
  }

  take(key: string, name: string, style: IdentifierCase = "camel", suffix = ""): string {
    const known = this.byKey.get(key);
    if (known) return known;
    const base = toIdentifier(name, style) + suffix;
    let identifier = base;
    for (let n = 2; this.used.has(identifier); n++) identifier = `${base}${n}`;
    this.used.add(identifier);
    this.byKey.set(key, identifier);
    return identifier;
  }

  /** The identifier taken for a key, which must have been taken. */
  get(key: string): string {
    const identifier = this.byKey.get(key);
    if (identifier === undefined) throw new Error(`No identifier was taken for ${key}`);
    return identifier;
  }
}
