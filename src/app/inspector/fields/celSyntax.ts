/**
 * CEL syntax checking for the inspector, on the main thread. The engine (and its
 * `checkExpression`) lives in the worker, so fields check with the same CEL library, loaded
 * lazily on first use: first paint never pays for it.
 */
export type CelParse = (source: string) => unknown;

/** A syntax problem of an expression, located for display under the text. */
export interface CelSyntaxProblem {
  message: string;
  /** Zero-based character offset in the source. */
  position: number;
  /** One-based line and column of `position`. */
  line: number;
  column: number;
}

/** One-based line and column of a character offset. */
export function lineColumn(source: string, position: number): { line: number; column: number } {
  const before = source.slice(0, position).split("\n");
  return { line: before.length, column: (before.at(-1)?.length ?? 0) + 1 };
}

/**
 * The syntax problem of `source` with a given parser, or null when it parses.
 * @example celSyntaxProblem(parse, "state.count >") // { message: "Unexpected token: EOF", position: 13, line: 1, column: 14 }
 */
export function celSyntaxProblem(parse: CelParse, source: string): CelSyntaxProblem | null {
  try {
    parse(source);
    return null;
  } catch (error) {
    const e = error as { summary?: unknown; message?: unknown; range?: { start?: unknown } } | null;
    const message = typeof e?.summary === "string" ? e.summary : (String(e?.message ?? error).split("\n")[0] ?? "invalid expression");
    const start = typeof e?.range?.start === "number" ? e.range.start : source.length;
    const position = Math.max(0, Math.min(start, source.length));
    return { message, position, ...lineColumn(source, position) };
  }
}

let loading: Promise<CelParse> | null = null;

/** The CEL parser, loaded once on first call. */
export function loadCelParser(): Promise<CelParse> {
  loading ??= import("@marcbachmann/cel-js").then((cel) => cel.parse as CelParse);
  return loading;
}
