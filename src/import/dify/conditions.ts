/**
 * Dify conditions (If/Else cases, loop break conditions) as CEL. Each condition compares a
 * variable with a value (a constant or another variable) by one of Dify's operators; numbers
 * compare as doubles, text as strings. An operator or variable with no meaning here makes the
 * whole case `false`, and the caller reports it.
 */
import type { DifyContext } from "./context.js";
import { arr, obj, own, selector, str, type Obj } from "./shapes.js";
import { celSelector, soleVariable } from "./variables.js";

const NUMERIC: Record<string, string> = { ">": ">", "<": "<", "≥": ">=", ">=": ">=", "≤": "<=", "<=": "<=", "=": "==", "≠": "!=", "!=": "!=" };

/** The right-hand side: another variable, or the constant as a CEL literal. */
function operand(ctx: DifyContext, value: unknown): string | null {
  if (Array.isArray(value)) return `[${value.map((v) => JSON.stringify(str(v))).join(", ")}]`;
  const text = str(value);
  const sole = soleVariable(text);
  if (sole) return celSelector(ctx, sole);
  return JSON.stringify(text);
}

/** One condition as CEL, or null when it has no meaning here. */
export function conditionCel(ctx: DifyContext, raw: Obj): string | null {
  const left = celSelector(ctx, selector(raw.variable_selector));
  if (left === null) return null;
  const op = str(raw.comparison_operator).trim();
  const type = str(raw.varType);
  const right = operand(ctx, raw.value);
  const isArray = type.startsWith("array");
  switch (op) {
    case "contains":
      return right === null ? null : isArray ? `${right} in ${left}` : `string(${left}).contains(${right})`;
    case "not contains":
      return right === null ? null : isArray ? `!(${right} in ${left})` : `!string(${left}).contains(${right})`;
    case "start with":
      return right === null ? null : `string(${left}).startsWith(${right})`;
    case "end with":
      return right === null ? null : `string(${left}).endsWith(${right})`;
    case "is":
      return right === null ? null : `string(${left}) == ${right}`;
    case "is not":
      return right === null ? null : `string(${left}) != ${right}`;
    case "empty":
      return `size(${left}) == 0`;
    case "not empty":
      return `size(${left}) > 0`;
    case "null":
    case "not exists":
      return `${left} == null`;
    case "not null":
    case "exists":
      return `${left} != null`;
    case "in":
      return right === null ? null : `string(${left}) in ${right}`;
    case "not in":
      return right === null ? null : `!(string(${left}) in ${right})`;
    default: {
      const cmp = own(NUMERIC, op);
      if (cmp === undefined || right === null) return null;
      return `double(${left}) ${cmp} double(${right})`;
    }
  }
}

/**
 * A list of conditions joined by `and` / `or`, as CEL; `unknown` counts those without a meaning
 * here (each is read as false).
 */
export function conditionsCel(ctx: DifyContext, conditions: unknown, operator: unknown): { cel: string; unknown: number } {
  const parts: string[] = [];
  let unknown = 0;
  for (const item of arr(conditions)) {
    const cel = conditionCel(ctx, obj(item));
    if (cel === null) unknown += 1;
    parts.push(cel === null ? "false" : `(${cel})`);
  }
  if (parts.length === 0) return { cel: "true", unknown };
  return { cel: parts.join(str(operator).toLowerCase() === "or" ? " || " : " && "), unknown };
}
