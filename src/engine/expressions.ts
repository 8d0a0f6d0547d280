/**
 * CEL expressions (conditions, scripted rules, state updates), evaluated with a
 * maintained CEL library. JS numbers cross into CEL as int (BigInt) when whole and as
 * double otherwise, and come back as plain numbers.
 */
import { parse, ParseError, EvaluationError } from "@marcbachmann/cel-js";

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

type Compiled = ReturnType<typeof parse>;
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
    const compiled = parse(source);
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
