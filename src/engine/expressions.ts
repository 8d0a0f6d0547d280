/**
 * CEL expressions (conditions, scripted rules, state updates), evaluated with a
 * maintained CEL library. JS numbers cross into CEL as int (BigInt) when whole and as
 * double otherwise, and come back as plain numbers. `matches()` runs on the linear-time
 * user regex engine, never on the backtracking `RegExp` cel-js uses by default.
 */
import { Environment, ParseError, EvaluationError, serialize } from "@marcbachmann/cel-js";
import { compileUserRegex } from "../schema/userRegex";

export interface ExpressionProblem {
  code: "CEL_SYNTAX" | "CEL_EVALUATION";
  message: string;
  /** Zero-based character offset of the problem in the source, when known. */
  position?: number;
}

/**
 * A CEL expression that does not parse or fails to evaluate; `problem` says where.
 * @example
 * try { evaluateExpression("state.count >", { state: {} }); }
 * catch (error) { if (error instanceof ExpressionError) console.log(error.problem.code); } // "CEL_SYNTAX"
 */
export class ExpressionError extends Error {
  override readonly name = "ExpressionError";
  constructor(
    readonly problem: ExpressionProblem,
    readonly source: string,
  ) {
    super(problem.message);
  }
}

/**
 * cel-js refuses a second `matches` overload, so compiled expressions call ours under another
 * name: the parsed tree's `matches` calls are renamed and the expression re-parsed from it.
 * CEL specifies RE2 syntax for `matches`, which is what the user regex engine speaks.
 */
const LINEAR_MATCHES = "graphwrightLinearMatches";
const environment = new Environment({ unlistedVariablesAreDyn: true })
  .registerFunction(`string.${LINEAR_MATCHES}(string): bool`, (text: string, pattern: string) => compileUserRegex(pattern).test(text))
  .registerFunction(`${LINEAR_MATCHES}(string, string): bool`, (text: string, pattern: string) => compileUserRegex(pattern).test(text));

type Compiled = ReturnType<Environment["parse"]>;
/** The parts of cel-js's syntax tree this module reads: `call` is `[name, args]`, `rcall` is `[name, receiver, args]`. */
interface CelNode {
  op: string;
  args: unknown;
}

function isCelNode(value: unknown): value is CelNode {
  return typeof value === "object" && value !== null && typeof (value as { op?: unknown }).op === "string";
}

/** Renames every `matches` call in the tree in place; says whether there was one. */
function renameMatches(node: unknown): boolean {
  if (!isCelNode(node)) return false;
  let found = false;
  const args = node.args;
  if ((node.op === "call" || node.op === "rcall") && Array.isArray(args) && args[0] === "matches") {
    args[0] = LINEAR_MATCHES;
    found = true;
  }
  if (Array.isArray(args)) {
    for (const arg of args) {
      for (const child of Array.isArray(arg) ? arg : [arg]) if (renameMatches(child)) found = true;
    }
  } else if (renameMatches(args)) found = true;
  return found;
}

function parseLinear(source: string): Compiled {
  const parsed = environment.parse(source);
  return renameMatches(parsed.ast) ? environment.parse(serialize(parsed.ast)) : parsed;
}

const cache = new Map<string, Compiled>();
const CACHE_LIMIT = 500;

function positionOf(error: unknown): number | undefined {
  const range = (error as { range?: { start?: number } } | null)?.range;
  return typeof range?.start === "number" ? range.start : undefined;
}

function summaryOf(error: unknown): string {
  const e = error as { summary?: string; message?: string };
  return e.summary ?? (e.message ?? String(error)).split("\n")[0] ?? "invalid expression";
}

function compile(source: string): Compiled {
  const hit = cache.get(source);
  if (hit) return hit;
  try {
    const compiled = parseLinear(source);
    if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value as string);
    cache.set(source, compiled);
    return compiled;
  } catch (error) {
    throw new ExpressionError({ code: "CEL_SYNTAX", message: summaryOf(error), position: positionOf(error) }, source);
  }
}

/** Converts a JSON-like JS value into the value space CEL expects. */
export function toCel(value: unknown): unknown {
  if (typeof value === "number") return Number.isInteger(value) && Number.isSafeInteger(value) ? BigInt(value) : value;
  if (Array.isArray(value)) return value.map(toCel);
  if (value && typeof value === "object" && Object.getPrototypeOf(value) === Object.prototype) {
    // fromEntries defines keys, so an own "__proto__" key (JSON.parse makes those) stays data.
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, toCel(v)]));
  }
  if (value === undefined) return null;
  return value;
}

/** Converts a CEL result back into plain JSON-like JS. */
export function fromCel(value: unknown): unknown {
  if (typeof value === "bigint") return Number(value);
  if (Array.isArray(value)) return value.map(fromCel);
  if (value instanceof Map) return Object.fromEntries([...value].map(([k, v]) => [String(k), fromCel(v)]));
  if (value && typeof value === "object" && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fromCel(v)]));
  }
  return value;
}

/**
 * Checks the syntax of an expression without running it.
 * @example checkExpression("state.count >") // { code: "CEL_SYNTAX", position: 13, … }
 */
export function checkExpression(source: string): ExpressionProblem | null {
  try {
    compile(source);
    return null;
  } catch (error) {
    return (error as ExpressionError).problem;
  }
}

/**
 * Evaluates a CEL expression over a context of plain values.
 * @example evaluateExpression('input.contains("refund")', { input: "I want a refund" }) // true
 */
export function evaluateExpression(source: string, context: Record<string, unknown>): unknown {
  const compiled = compile(source);
  try {
    return fromCel(compiled(toCel(context) as Record<string, unknown>));
  } catch (error) {
    if (error instanceof EvaluationError || error instanceof ParseError || error instanceof Error) {
      throw new ExpressionError({ code: "CEL_EVALUATION", message: summaryOf(error), position: positionOf(error) }, source);
    }
    throw error;
  }
}

/**
 * Evaluates a condition; anything but `true` is false.
 * @example evaluateCondition("state.count > 2", { state: { count: 3 } }) // true
 */
export function evaluateCondition(source: string, context: Record<string, unknown>): boolean {
  return evaluateExpression(source, context) === true;
}
