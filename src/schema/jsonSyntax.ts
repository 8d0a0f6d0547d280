/**
 * Finds the first syntax error in JSON text, with a message a person can act on. Engines word
 * `JSON.parse` errors differently (and some give no position), so we locate the error ourselves.
 * Iterative: nesting depth cannot overflow the stack.
 */

export interface JsonSyntaxError {
  /** Offset into the text, in UTF-16 code units. */
  offset: number;
  problem: string;
}

type Expect = "value" | "valueOrClose" | "keyOrClose" | "key" | "colon" | "commaOrClose";

const WHITESPACE = new Set([" ", "\t", "\n", "\r"]);
const SIMPLE_ESCAPES = new Set(['"', "\\", "/", "b", "f", "n", "r", "t"]);
const HEX4 = /^[0-9a-fA-F]{4}$/;
const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const LITERALS = ["true", "false", "null"] as const;
const WORD = /[A-Za-z_$][A-Za-z0-9_$]*/y;

/** 1-based line and column of an offset. */
export function lineColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = text.indexOf("\n"); i !== -1 && i < offset; i = text.indexOf("\n", i + 1)) {
    line++;
    lineStart = i + 1;
  }
  return { line, column: offset - lineStart + 1 };
}

/** Scans a string starting at the opening quote; returns the offset after it, or an error. */
function scanString(text: string, start: number): number | JsonSyntaxError {
  for (let i = start + 1; i < text.length;) {
    const c = text[i] as string;
    if (c === '"') return i + 1;
    if (c === "\\") {
      const e = text[i + 1];
      if (e !== undefined && SIMPLE_ESCAPES.has(e)) i += 2;
      else if (e === "u" && HEX4.test(text.slice(i + 2, i + 6))) i += 6;
      else return { offset: i, problem: "invalid escape sequence in a string" };
    } else if (c.charCodeAt(0) < 0x20) {
      return { offset: i, problem: "a string may not contain a raw line break or control character (write \\n)" };
    } else {
      i++;
    }
  }
  return { offset: start, problem: "this string is never closed" };
}

function unexpectedValue(text: string, i: number): JsonSyntaxError {
  const c = text[i] as string;
  if (c === "'") return { offset: i, problem: "strings must be in double quotes" };
  if (c === "/") return { offset: i, problem: "JSON does not allow comments" };
  if (c === "]" || c === "}") {
    let before = i - 1;
    while (before >= 0 && WHITESPACE.has(text[before] as string)) before--;
    const hint = text[before] === "," ? " (remove the trailing comma)" : "";
    return { offset: i, problem: `expected a value before "${c}"${hint}` };
  }
  WORD.lastIndex = i;
  const word = WORD.exec(text)?.[0];
  if (word !== undefined) return { offset: i, problem: `${JSON.stringify(word)} is not a JSON value` };
  return { offset: i, problem: `expected a value, found ${JSON.stringify(c)}` };
}

/** Scans one scalar value at `i`; returns the offset after it, or an error. */
function scanScalar(text: string, i: number): number | JsonSyntaxError {
  const c = text[i] as string;
  if (c === '"') return scanString(text, i);
  if (c === "-" || (c >= "0" && c <= "9")) {
    NUMBER.lastIndex = i;
    const match = NUMBER.exec(text);
    return match === null ? { offset: i, problem: "invalid number" } : i + match[0].length;
  }
  const literal = LITERALS.find((word) => text.startsWith(word, i));
  return literal === undefined ? unexpectedValue(text, i) : i + literal.length;
}

/**
 * The first syntax error in `text`, or `undefined` when it is valid JSON.
 *
 * @example
 * findJsonSyntaxError('{"a": 1,}'); // { offset: 8, problem: 'expected a property name in double quotes …' }
 */
export function findJsonSyntaxError(text: string): JsonSyntaxError | undefined {
  const stack: ("{" | "[")[] = [];
  let expect: Expect = "value";
  let i = 0;
  for (;;) {
    while (i < text.length && WHITESPACE.has(text[i] as string)) i++;
    if (i >= text.length) {
      if (stack.length === 0 && expect === "commaOrClose") return undefined;
      return { offset: text.length, problem: text.trim() === "" ? "the text is empty" : "the text ends too early" };
    }
    if (stack.length === 0 && expect === "commaOrClose") {
      return { offset: i, problem: "unexpected text after the end of the JSON value" };
    }
    const c = text[i] as string;
    const top = stack[stack.length - 1];
    if (expect === "value" || expect === "valueOrClose") {
      if (expect === "valueOrClose" && c === "]") {
        stack.pop();
        i++;
        expect = "commaOrClose";
      } else if (c === "{" || c === "[") {
        stack.push(c);
        i++;
        expect = c === "{" ? "keyOrClose" : "valueOrClose";
      } else {
        const next = scanScalar(text, i);
        if (typeof next !== "number") return next;
        i = next;
        expect = "commaOrClose";
      }
    } else if (expect === "keyOrClose" || expect === "key") {
      if (expect === "keyOrClose" && c === "}") {
        stack.pop();
        i++;
        expect = "commaOrClose";
      } else if (c === '"') {
        const next = scanString(text, i);
        if (typeof next !== "number") return next;
        i = next;
        expect = "colon";
      } else {
        const hint = c === "}" ? " (remove the trailing comma)" : "";
        return { offset: i, problem: `expected a property name in double quotes${hint}` };
      }
    } else if (expect === "colon") {
      if (c !== ":") return { offset: i, problem: 'expected ":" after a property name' };
      i++;
      expect = "value";
    } else if (c === ",") {
      i++;
      expect = top === "{" ? "key" : "value";
    } else if ((top === "{" && c === "}") || (top === "[" && c === "]")) {
      stack.pop();
      i++;
    } else {
      const problem = top === "{" ? 'expected "," or "}" after a property value' : 'expected "," or "]" after an array item';
      return { offset: i, problem };
    }
  }
}
