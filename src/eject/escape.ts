/**
 * The one place where text from a document becomes part of generated source: string and
 * template literals, comments and regex literals. Everything a document says passes here.
 */

/**
 * A TypeScript string literal: JSON's escaping covers quotes, backslashes and control
 * characters; U+2028 and U+2029 are valid in string literals since ES2019 but are escaped too,
 * so the text stays on one line in any editor.
 * @example stringLiteral('say "hi"') // "\"say \\\"hi\\\"\""
 */
export function stringLiteral(text: string): string {
  return JSON.stringify(text)
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

/**
 * A template literal (with its backticks) that evaluates to exactly `text`: backslashes,
 * backticks and `${` are escaped, so nothing in the text is interpolated.
 * @example templateLiteral("cost: ${price} `x`") // "`cost: \\${price} \\`x\\``"
 */
export function templateLiteral(text: string): string {
  const body = text
    .replace(/\\/g, "\\\\")
    .replace(/`/g, "\\`")
    .replace(/\$\{/g, "\\${")
    .replace(/\r/g, "\\r")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
  return `\`${body}\``;
}

/**
 * Text for inside a block comment or JSDoc: a star followed by a slash would end the comment
 * early, so the slash becomes U+2215 (a division slash, which reads the same); lines stay lines.
 * @example commentText("a *\u002f b") // "a *∕ b"
 */
export function commentText(text: string): string {
  return text.replace(/\*\//g, "*\u2215").replace(/\r\n?/g, "\n");
}

/** A JSDoc block for `text` (empty when there is no text), lines prefixed with ` * `. */
export function docComment(text: string | undefined): string {
  const trimmed = (text ?? "").trim();
  if (!trimmed) return "";
  const lines = commentText(trimmed).split("\n");
  return lines.length === 1 ? `/** ${lines[0]} */\n` : `/**\n${lines.map((line) => ` * ${line}`.trimEnd()).join("\n")}\n */\n`;
}

/** A line comment: each line of the text after `// `. */
export function lineComment(text: string): string {
  return text
    .replace(/\r\n?/g, "\n")
    .split("\n")
    .map((line) => `// ${line}`.trimEnd())
    .join("\n");
}

/**
 * A RegExp construction for a pattern written in JavaScript syntax, built from a string literal
 * so no character of the pattern can close a regex literal early.
 * @example regexExpression("^hi\\b", "i") // 'new RegExp("^hi\\\\b", "i")'
 */
export function regexExpression(pattern: string, flags: string): string {
  return `new RegExp(${stringLiteral(pattern)}, ${stringLiteral(flags)})`;
}

/** A JSON value as a TypeScript expression (object keys quoted where needed, strings escaped). */
export function valueLiteral(value: unknown): string {
  if (value === undefined) return "undefined";
  if (typeof value === "string") return stringLiteral(value);
  if (value === null || typeof value !== "object") return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(valueLiteral).join(", ")}]`;
  const entries = Object.entries(value as Record<string, unknown>).map(([key, item]) => `${propertyKey(key)}: ${valueLiteral(item)}`);
  return entries.length === 0 ? "{}" : `{ ${entries.join(", ")} }`;
}

/**
 * An object key: bare when it is a plain identifier, quoted otherwise; `__proto__` is computed,
 * since as a plain key an object literal would set its prototype instead of a property.
 */
export function propertyKey(key: string): string {
  if (key === "__proto__") return `[${stringLiteral(key)}]`;
  return /^[A-Za-z_$][\w$]*$/.test(key) ? key : stringLiteral(key);
}
