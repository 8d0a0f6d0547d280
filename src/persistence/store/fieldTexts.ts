/**
 * Which texts of a store item a vector index embeds: the field paths of an `IndexConfig`
 * (or of a put's own `index`), read the way LangGraph's InMemoryStore reads them, so the
 * same item yields the same texts under the same field names in both stores.
 *
 * Paths: `$` (the whole value as JSON), `a.b`, `list[*].text`, `list[0]`, `list[-1]`,
 * `*` (every value of an object or array) and `{title,meta.author}` (several fields).
 */

/** One text to embed and the name its vector is kept under. */
export interface FieldText {
  field: string;
  text: string;
}

/**
 * Splits a path into its steps; brackets and braces stay whole.
 * @example tokenizePath("chapters[*].content") // ["chapters", "[*]", "content"]
 */
export function tokenizePath(path: string): string[] {
  const tokens: string[] = [];
  let current = "";
  const flush = () => {
    if (current) tokens.push(current);
    current = "";
  };
  for (let i = 0; i < path.length;) {
    const char = path[i] as string;
    const close = char === "[" ? "]" : char === "{" ? "}" : undefined;
    if (close) {
      flush();
      let depth = 1;
      let group = char;
      for (i += 1; i < path.length && depth > 0; i += 1) {
        const next = path[i] as string;
        if (next === char) depth += 1;
        else if (next === close) depth -= 1;
        group += next;
      }
      tokens.push(group);
      continue;
    }
    if (char === ".") flush();
    else current += char;
    i += 1;
  }
  flush();
  return tokens;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null;

/** A leaf as text: scalars as themselves, objects and arrays as indented JSON, nothing for null. */
function leafText(value: unknown): string[] {
  if (typeof value === "string" || typeof value === "number" || typeof value === "boolean") return [String(value)];
  return isObject(value) ? [JSON.stringify(value, null, 2)] : [];
}

/** The value at a dotted path inside a `{…}` group, or undefined when a step is missing. */
function lookup(value: unknown, path: string): unknown {
  let current = value;
  for (const step of tokenizePath(path)) {
    if (!isObject(current) || !Object.hasOwn(current, step)) return undefined;
    current = current[step];
  }
  return current;
}

function extract(value: unknown, tokens: readonly string[], at: number): string[] {
  const token = tokens[at];
  if (token === undefined) return leafText(value);
  const texts: string[] = [];
  if (at === 0 && token === "$") texts.push(JSON.stringify(value, null, 2));
  if (token.startsWith("[") && token.endsWith("]")) {
    if (!Array.isArray(value)) return [];
    const index = token.slice(1, -1);
    if (index === "*") {
      for (const element of value) texts.push(...extract(element, tokens, at + 1));
    } else {
      const parsed = parseInt(index, 10);
      const position = parsed < 0 ? value.length + parsed : parsed;
      if (position >= 0 && position < value.length) texts.push(...extract(value[position], tokens, at + 1));
    }
  } else if (token.startsWith("{") && token.endsWith("}")) {
    if (!isObject(value)) return [];
    for (const field of token.slice(1, -1).split(",")) {
      const found = field.trim() ? lookup(value, field.trim()) : undefined;
      // Inside braces a null is written out as JSON, as InMemoryStore does.
      if (found !== undefined) texts.push(...(found === null ? ["null"] : leafText(found)));
    }
  } else if (token === "*") {
    if (isObject(value)) for (const element of Object.values(value)) texts.push(...extract(element, tokens, at + 1));
  } else if (isObject(value) && Object.hasOwn(value, token)) {
    texts.push(...extract(value[token], tokens, at + 1));
  }
  return texts;
}

/**
 * The texts at one path of a value: several when the path fans out (`[*]`, `*`, `{a,b}`).
 * @example textsAtPath({ tags: [{ name: "a" }, { name: "b" }] }, "tags[*].name") // ["a", "b"]
 */
export function textsAtPath(value: unknown, path: string): string[] {
  return extract(value, path === "$" ? ["$"] : tokenizePath(path), 0);
}

/**
 * Every text of a value to embed, named as InMemoryStore names its vectors: the path itself
 * for a single text, `path.i` for the i-th of several.
 * @example fieldTexts({ text: "Prefers French", tags: ["lang", "fr"] }, ["text", "tags[*]"])
 * // [{ field: "text", text: "Prefers French" }, { field: "tags[*].0", text: "lang" }, { field: "tags[*].1", text: "fr" }]
 */
export function fieldTexts(value: Record<string, unknown>, paths: readonly string[]): FieldText[] {
  return paths.flatMap((path) => {
    const texts = textsAtPath(value, path);
    return texts.length === 1 ? [{ field: path, text: texts[0] as string }] : texts.map((text, i) => ({ field: `${path}.${i}`, text }));
  });
}
