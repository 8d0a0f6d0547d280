/**
 * Every regular expression a user writes (scripted rules, mock tool `when`, Router regex
 * rules) compiles here, onto RE2 (re2js): matching is linear in the input, so no pattern and
 * message can stall the worker the way a backtracking `RegExp` can on `^(\w+\s?)*$`. Patterns
 * are written in JavaScript syntax; the few JS escapes RE2 spells differently are translated,
 * and what RE2 cannot do in linear time (backreferences, lookahead) is refused with its name.
 */
import { RE2JS, RE2JSSyntaxException } from "re2js";
import { errorMessage } from "./errorMessage.js";

/** The flags a user regex may carry, each at most once (`g` and `y` make no sense for a test). */
export const USER_REGEX_FLAGS = /^(?!.*(.).*\1)[imsu]*$/;

/** The groups of a match: `0` is the whole match, `1…` the captures, plus named groups. */
export interface UserRegexMatch {
  /** The whole match, then each capture (undefined when it did not take part). */
  readonly captures: readonly (string | undefined)[];
  readonly groups: Readonly<Record<string, string | undefined>>;
  readonly index: number;
}

/** A compiled user regex: unanchored search, like `RegExp.prototype.test` / `exec`. */
export interface UserRegex {
  readonly source: string;
  readonly flags: string;
  test(text: string): boolean;
  exec(text: string): UserRegexMatch | null;
}

/**
 * A user regex that cannot run: `UNSUPPORTED_REGEX` names a construct RE2 refuses (it would
 * need backtracking), `INVALID_REGEX` is a plain syntax error. `reason` completes "the pattern …".
 */
export class UserRegexError extends Error {
  override readonly name = "UserRegexError";
  constructor(
    readonly code: "UNSUPPORTED_REGEX" | "INVALID_REGEX",
    /** Completes a sentence that starts "the pattern …", e.g. "uses a backreference (`\1`), …". */
    readonly reason: string,
    readonly pattern: string,
  ) {
    super(`The pattern ${reason}`);
  }
}

const LINEAR_ONLY = "which the linear-time regex engine (RE2 syntax) does not support, so that no message can stall a run; rewrite the pattern without it";

/** The constructs RE2 refuses, recognised from the fragment its parser reports. */
const UNSUPPORTED: readonly [RegExp, string][] = [
  [/^\\[1-9]/, "a backreference"],
  [/^\\k/, "a named backreference"],
  [/^\(\?[=!]/, "a lookahead"],
  [/^\(\?<[=!]/, "a lookbehind containing a capture group or repetition"],
  [/^\(\?>/, "an atomic group"],
  [/^\(\?[a-zA-Z-]*[^a-zA-Z-:)]/, "an inline group syntax"],
  [/^\\[pP]/, "an unknown Unicode property"],
];

function flagBits(flags: string): number {
  let bits = RE2JS.LOOKBEHINDS;
  if (flags.includes("i")) bits |= RE2JS.CASE_INSENSITIVE;
  if (flags.includes("m")) bits |= RE2JS.MULTILINE;
  if (flags.includes("s")) bits |= RE2JS.DOTALL;
  // `u` needs no bit: RE2 always matches by code point and knows \p{…}.
  return bits;
}

function hex(code: number): string {
  return `\\x{${code.toString(16)}}`;
}

/**
 * Rewrites the JavaScript escapes RE2 spells differently (`\uXXXX`, `\u{…}`, `\cX`) and
 * leaves everything else to RE2's parser, which then names whatever it cannot do.
 */
export function toRe2Syntax(pattern: string): string {
  let out = "";
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i] as string;
    if (c !== "\\" || i + 1 >= pattern.length) {
      out += c;
      continue;
    }
    const next = pattern[i + 1] as string;
    const rest = pattern.slice(i + 2);
    const braced = /^\{([0-9a-fA-F]{1,6})\}/.exec(rest);
    const four = /^[0-9a-fA-F]{4}/.exec(rest);
    const control = /^[A-Za-z]/.exec(rest);
    if (next === "u" && braced) {
      out += hex(parseInt(braced[1] as string, 16));
      i += 1 + braced[0].length;
    } else if (next === "u" && four) {
      out += hex(parseInt(four[0], 16));
      i += 5;
    } else if (next === "c" && control) {
      out += hex(control[0].toUpperCase().charCodeAt(0) % 32);
      i += 2;
    } else {
      out += c + next;
      i += 1;
    }
  }
  return out;
}

function reasonFor(error: RE2JSSyntaxException): { code: UserRegexError["code"]; reason: string } {
  const fragment = error.input ?? "";
  const kind = error.error ?? error.message;
  for (const [shape, name] of UNSUPPORTED) {
    if (shape.test(fragment)) return { code: "UNSUPPORTED_REGEX", reason: `uses ${name} (\`${fragment.slice(0, 12)}\`), ${LINEAR_ONLY}` };
  }
  return { code: "INVALID_REGEX", reason: `is not a valid regular expression (${kind}${fragment ? `: \`${fragment.slice(0, 40)}\`` : ""})` };
}

/**
 * Compiles a user regex (JavaScript syntax, flags from `imsu`) to a linear-time matcher.
 * Throws a `UserRegexError` saying what is wrong or unsupported.
 * @example compileUserRegex("^order (?<id>\\d+)", "i").exec("Order 42")?.groups.id // "42"
 * @example compileUserRegex("(a)\\1") // throws UserRegexError { code: "UNSUPPORTED_REGEX", reason: "uses a backreference (`\\1`), …" }
 */
export function compileUserRegex(pattern: string, flags = ""): UserRegex {
  const key = `${flags}/${pattern}`;
  const hit = compiled.get(key);
  if (hit) return hit;
  const regex = compileUncached(pattern, flags);
  if (compiled.size >= CACHE_LIMIT) compiled.delete(compiled.keys().next().value as string);
  compiled.set(key, regex);
  return regex;
}

// Scripted rules compile their pattern on each model call; matchers are stateless, so share them.
const compiled = new Map<string, UserRegex>();
const CACHE_LIMIT = 500;

function compileUncached(pattern: string, flags: string): UserRegex {
  if (!USER_REGEX_FLAGS.test(flags))
    throw new UserRegexError("INVALID_REGEX", `has flags ${JSON.stringify(flags)}; allowed flags are i m s u, each at most once`, pattern);
  let re: RE2JS;
  try {
    re = RE2JS.compile(toRe2Syntax(pattern), flagBits(flags));
  } catch (error) {
    if (error instanceof RE2JSSyntaxException) {
      const { code, reason } = reasonFor(error);
      throw new UserRegexError(code, reason, pattern);
    }
    throw new UserRegexError("INVALID_REGEX", `is not a valid regular expression (${errorMessage(error)})`, pattern);
  }
  return {
    source: pattern,
    flags,
    test: (text) => re.test(text),
    exec(text) {
      // re2js types exec loosely; it returns a RegExpExecArray-shaped array (index, groups).
      const m = re.exec(text) as RegExpExecArray | null;
      if (!m) return null;
      return { captures: [...m], groups: { ...m.groups }, index: m.index };
    },
  };
}

/**
 * Why a user regex cannot run (completing "the pattern …"), or undefined when it compiles.
 * @example userRegexProblem("(?=x)") // "uses a lookahead (`(?=`), which the linear-time regex engine …"
 */
export function userRegexProblem(pattern: string, flags = ""): string | undefined {
  try {
    compileUserRegex(pattern, flags);
    return undefined;
  } catch (error) {
    if (error instanceof UserRegexError) return error.reason;
    throw error;
  }
}
