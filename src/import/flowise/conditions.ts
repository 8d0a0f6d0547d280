/**
 * Flowise Condition rows (`{ type, value1, operation, value2 }`, value fields in HTML with
 * variables) as CEL expressions over `{ input, state }`. A row whose operands read something
 * with no meaning here (another node's output, a form field) cannot be rewritten: it becomes
 * `false` and the caller reports the node as approximated.
 */
import { fieldsOf, numberOf, stringOf, templateText, type VariableUse } from "./values.js";

/** A CEL expression, or null when the row cannot be expressed here. */
export type Cel = string | null;

const ONE_PLACEHOLDER = /^\{\{ (input|state\.[A-Za-z][A-Za-z0-9_]*) \}\}$/;

/** The CEL for one operand: a path it reads, or a literal of the row's type. */
function operand(field: unknown, type: string, use: VariableUse): Cel {
  const text = templateText(field, use).trim();
  const path = ONE_PLACEHOLDER.exec(text)?.[1];
  if (path) return type === "number" ? `double(${path})` : `string(${path})`;
  if (text.includes("{{") || /\[[^\]]*\]/.test(text)) return null;
  if (type === "number") {
    const n = numberOf(text === "" ? field : text);
    return n === undefined ? null : Number.isInteger(n) ? `${n}.0` : String(n);
  }
  if (type === "boolean") return JSON.stringify(String(field === true || text === "true"));
  return JSON.stringify(text);
}

const STRING_OPS: Record<string, (a: string, b: string) => string> = {
  equal: (a, b) => `${a} == ${b}`,
  notEqual: (a, b) => `${a} != ${b}`,
  contains: (a, b) => `${a}.contains(${b})`,
  notContains: (a, b) => `!${a}.contains(${b})`,
  startsWith: (a, b) => `${a}.startsWith(${b})`,
  endsWith: (a, b) => `${a}.endsWith(${b})`,
  regex: (a, b) => `${a}.matches(${b})`,
};
const NUMBER_OPS: Record<string, string> = { equal: "==", notEqual: "!=", smaller: "<", smallerEqual: "<=", larger: ">", largerEqual: ">=" };

/**
 * One condition row as CEL, or null.
 * @example conditionCel({ type: "string", value1: "<p>{{ $flow.state.next }}</p>", operation: "equal", value2: "<p>SOFTWARE</p>" }, use) // 'string(state.next) == "SOFTWARE"'
 */
export function conditionCel(row: unknown, use: VariableUse): Cel {
  const fields = fieldsOf(row);
  const type = ["string", "number", "boolean"].includes(stringOf(fields.type)) ? stringOf(fields.type) : "string";
  const operation = stringOf(fields.operation) || "equal";
  const left = operand(fields.value1, type === "boolean" ? "string" : type, use);
  if (left === null) return null;
  const asText = type === "number" ? left.replace(/^double\((.*)\)$/, "string($1)") : left;
  if (operation === "isEmpty") return /^string\(/.test(asText) ? `${asText} == ""` : null;
  if (operation === "notEmpty") return /^string\(/.test(asText) ? `${asText} != ""` : null;
  const right = operand(fields.value2, type === "boolean" ? "boolean" : type, use);
  if (right === null) return null;
  if (type === "number") {
    const op = NUMBER_OPS[operation];
    return op ? `${left} ${op} ${right}` : null;
  }
  if (type === "boolean") return operation === "notEqual" ? `${left} != ${right}` : operation === "equal" ? `${left} == ${right}` : null;
  const build = STRING_OPS[operation];
  return build ? build(left, right) : null;
}
