/**
 * CEL conditions written as TypeScript where they can be: names the caller maps, member access
 * on them, literals, comparisons, `&&` `||` `!`, and the string methods startsWith, endsWith,
 * contains, lowerAscii and upperAscii. Anything else returns null, and the generated code
 * evaluates the condition with cel-js instead.
 */
import { parse } from "@marcbachmann/cel-js";
import { stringLiteral } from "./escape.js";

interface CelNode {
  op: string;
  args: unknown;
}

const isNode = (value: unknown): value is CelNode => typeof value === "object" && value !== null && typeof (value as { op?: unknown }).op === "string";

type CelType = "string" | "number" | "bool" | "null";

/** A translated part and its type: parts of unknown type are not translated. */
interface Written {
  code: string;
  type: CelType;
}

/** A name the condition may read: a value of a known type, or an object with typed fields. */
export type CelName = { expression: string; type: CelType } | { expression: string; fields: Readonly<Record<string, CelType>> };

const COMPARISONS: Record<string, string> = { "==": "===", "!=": "!==", "<": "<", "<=": "<=", ">": ">", ">=": ">=" };

/** Methods on strings: what they are in TypeScript, and what they return. */
const STRING_METHODS: Record<string, { arity: number; type: CelType; write: (receiver: string, args: string[]) => string }> = {
  startsWith: { arity: 1, type: "bool", write: (receiver, [arg]) => `${receiver}.startsWith(${arg})` },
  endsWith: { arity: 1, type: "bool", write: (receiver, [arg]) => `${receiver}.endsWith(${arg})` },
  contains: { arity: 1, type: "bool", write: (receiver, [arg]) => `${receiver}.includes(${arg})` },
  // CEL changes ASCII letters only; so do these.
  lowerAscii: { arity: 0, type: "string", write: (receiver) => `${receiver}.replace(/[A-Z]/g, (c) => c.toLowerCase())` },
  upperAscii: { arity: 0, type: "string", write: (receiver) => `${receiver}.replace(/[a-z]/g, (c) => c.toUpperCase())` },
};

/**
 * @example celToTypeScript("last.content.startsWith('Error')", { last: { expression: "turn.last", fields: { content: "string" } } }) // 'turn.last.content.startsWith("Error")'
 */
export function celToTypeScript(expression: string, names: Readonly<Record<string, CelName>>): string | null {
  const result = translate(expression, names);
  return result?.type === "bool" ? result.code : null;
}

/**
 * A CEL value of a known type (a string, number or boolean: what a Switch compares) as TypeScript, or null.
 * @example celValueToTypeScript("state.mode", { state: { expression: "state", fields: { mode: "string" } } }) // "state.mode"
 */
export function celValueToTypeScript(expression: string, names: Readonly<Record<string, CelName>>): string | null {
  const result = translate(expression, names);
  return result && result.type !== "null" ? result.code : null;
}

function translate(expression: string, names: Readonly<Record<string, CelName>>): Written | null {
  let root: unknown;
  try {
    root = parse(expression).ast;
  } catch {
    return null;
  }
  const write = (node: unknown): Written | null => {
    if (!isNode(node)) return null;
    const { op, args } = node;
    if (op === "value") {
      if (typeof args === "string") return { code: stringLiteral(args), type: "string" };
      if (typeof args === "bigint" && Number.isSafeInteger(Number(args))) return { code: String(args), type: "number" };
      if (typeof args === "number" && Number.isFinite(args)) return { code: String(args), type: "number" };
      if (typeof args === "boolean") return { code: String(args), type: "bool" };
      if (args === null) return { code: "null", type: "null" };
      return null;
    }
    if (op === "id") {
      const name = typeof args === "string" && Object.hasOwn(names, args) ? names[args] : undefined;
      return name && "type" in name ? { code: name.expression, type: name.type } : null;
    }
    if (op === ".") {
      const [target, field] = args as [unknown, unknown];
      if (!isNode(target) || target.op !== "id" || typeof target.args !== "string" || typeof field !== "string") return null;
      const name = Object.hasOwn(names, target.args) ? names[target.args] : undefined;
      if (!name || !("fields" in name) || !Object.hasOwn(name.fields, field)) return null;
      return { code: `${name.expression}.${field}`, type: name.fields[field] as CelType };
    }
    if (op === "!_") {
      const inner = write(args);
      return inner?.type === "bool" ? { code: `!(${inner.code})`, type: "bool" } : null;
    }
    if (op === "&&" || op === "||") {
      const [left, right] = (args as unknown[]).map(write);
      return left?.type === "bool" && right?.type === "bool" ? { code: `(${left.code} ${op} ${right.code})`, type: "bool" } : null;
    }
    if (Object.hasOwn(COMPARISONS, op)) {
      const [left, right] = (args as unknown[]).map(write);
      const ordered = op !== "==" && op !== "!=";
      if (!left || !right || left.type !== right.type || (ordered && left.type !== "number" && left.type !== "string")) return null;
      return { code: `(${left.code} ${COMPARISONS[op]} ${right.code})`, type: "bool" };
    }
    if (op === "rcall") {
      const [method, receiver, callArgs] = args as [string, unknown, unknown[]];
      const known = Object.hasOwn(STRING_METHODS, method) ? STRING_METHODS[method] : undefined;
      const target = write(receiver);
      const written = callArgs.map(write);
      if (!known || target?.type !== "string" || written.length !== known.arity || written.some((a) => a?.type !== "string")) return null;
      return {
        code: known.write(
          target.code,
          written.map((a) => (a as Written).code),
        ),
        type: known.type,
      };
    }
    return null;
  };
  return write(root);
}
