/**
 * n8n's If and Switch conditions as CEL. Two shapes by `typeVersion`: v1 groups comparisons by
 * type (`conditions.string[]` with `value1`/`operation`/`value2`), v2 and later list them with an
 * operator object (`conditions.conditions[]` with `leftValue`/`operator`/`rightValue`). A Switch
 * becomes one CEL value naming the first matching rule's output, so any rules carry over exactly
 * where their operands do.
 */
import { LIMITS } from "../../schema/index.js";
import { safeText } from "./credentials.js";
import { celOperand, celString } from "./expressions.js";
import { arr, num, rec, str } from "./workflow.js";

/** A condition as CEL, and what it could not carry over exactly (empty when exact). */
export interface CelCondition {
  cel: string;
  inexact: string[];
}

const NUMBER_OPS: Record<string, string> = {
  equals: "==",
  equal: "==",
  notEquals: "!=",
  notEqual: "!=",
  gt: ">",
  larger: ">",
  gte: ">=",
  largerEqual: ">=",
  lt: "<",
  smaller: "<",
  lte: "<=",
  smallerEqual: "<=",
};

/** A numeric operand as a CEL double (CEL does not compare ints with doubles). */
function asDouble(cel: string): string {
  return /^-?\d+(\.\d+)?$/.test(cel) ? (cel.includes(".") ? cel : `${cel}.0`) : `double(${cel})`;
}

/** An operand as the report quotes it. */
function describe(value: unknown): string {
  const text = typeof value === "string" ? value.replace(/^=/, "") : JSON.stringify(value ?? "");
  return safeText(text.length > 80 ? `${text.slice(0, 79)}…` : text);
}

/** One comparison of an operator type (`string`, `number`, `boolean`, …) and operation. */
function comparison(type: string, operation: string, left: unknown, right: unknown): CelCondition {
  const l = celOperand(left);
  const r = celOperand(right);
  // An operand that reads n8n item data has no value here: the comparison reads as true rather than compare code as text.
  if ([l, r].some((o) => !o.exact))
    return { cel: "true", inexact: [`it compared ${[left, right].map(describe).join(" with ")}, which has no meaning here; that comparison reads as true`] };
  const done = (cel: string): CelCondition => ({ cel, inexact: [] });
  if (type === "number" && NUMBER_OPS[operation]) return done(`${asDouble(l.cel)} ${NUMBER_OPS[operation]} ${asDouble(r.cel)}`);
  switch (operation) {
    case "equals":
    case "equal":
      return done(`${l.cel} == ${r.cel}`);
    case "notEquals":
    case "notEqual":
      return done(`${l.cel} != ${r.cel}`);
    case "contains":
      return done(`${l.cel}.contains(${r.cel})`);
    case "notContains":
      return done(`!${l.cel}.contains(${r.cel})`);
    case "startsWith":
      return done(`${l.cel}.startsWith(${r.cel})`);
    case "notStartsWith":
      return done(`!${l.cel}.startsWith(${r.cel})`);
    case "endsWith":
      return done(`${l.cel}.endsWith(${r.cel})`);
    case "notEndsWith":
      return done(`!${l.cel}.endsWith(${r.cel})`);
    case "regex":
      return done(`${l.cel}.matches(${r.cel})`);
    case "notRegex":
      return done(`!${l.cel}.matches(${r.cel})`);
    case "empty":
    case "isEmpty":
      return done(`size(${l.cel}) == 0`);
    case "notEmpty":
    case "isNotEmpty":
      return done(`size(${l.cel}) > 0`);
    case "true":
      return done(`${l.cel} == true`);
    case "false":
      return done(`${l.cel} == false`);
    default:
      return { cel: "true", inexact: [`the ${type || "unknown"} operation "${operation || "(none)"}" has no counterpart; it reads as true`] };
  }
}

function combine(parts: CelCondition[], joiner: "&&" | "||"): CelCondition {
  if (parts.length === 0) return { cel: "true", inexact: ["it has no conditions; it reads as true"] };
  const cel = parts.length === 1 ? (parts[0] as CelCondition).cel : parts.map((p) => `(${p.cel})`).join(` ${joiner} `);
  return { cel, inexact: [...new Set(parts.flatMap((p) => p.inexact))] };
}

/** v2+ `{ conditions: [...], combinator }` (If v2, Switch v3 rules, Filter). */
function listed(conditions: unknown): CelCondition {
  const block = rec(conditions);
  const parts = arr(block.conditions).map((raw) => {
    const c = rec(raw);
    const operator = rec(c.operator);
    return comparison(str(operator.type, "string"), str(operator.operation), c.leftValue, c.rightValue);
  });
  const result = combine(parts, str(block.combinator) === "or" ? "||" : "&&");
  if (rec(block.options).caseSensitive === false) result.inexact.push("comparisons here are case-sensitive");
  return result;
}

/** v1 `{ string: [...], number: [...], boolean: [...] }` with `combineOperation`. */
function grouped(conditions: unknown, combineOperation: unknown): CelCondition {
  const parts: CelCondition[] = [];
  for (const [type, list] of Object.entries(rec(conditions))) {
    for (const raw of arr(list)) {
      const c = rec(raw);
      // v1 string comparisons default to "equal", booleans to "equal" too.
      parts.push(
        type === "dateTime"
          ? { cel: "true", inexact: ["date comparisons have no counterpart; they read as true"] }
          : comparison(type, str(c.operation, "equal"), c.value1, c.value2),
      );
    }
  }
  return combine(parts, combineOperation === "any" ? "||" : "&&");
}

/** Long conditions are cut to `true` (the document's expression limit), said as inexact. */
function bounded(condition: CelCondition): CelCondition {
  return condition.cel.length <= LIMITS.expressionLength
    ? condition
    : { cel: "true", inexact: [...condition.inexact, "the condition is too long; it reads as true"] };
}

/**
 * An If node's condition: output 0 (true) when it holds.
 * @example ifCondition({ conditions: { conditions: [{ leftValue: "={{ $json.chatInput }}", rightValue: "refund", operator: { type: "string", operation: "contains" } }] } }, 2).cel // 'input.contains("refund")'
 */
export function ifCondition(parameters: Record<string, unknown>, version: number): CelCondition {
  const conditions = parameters.conditions;
  const shape = version >= 2 || Array.isArray(rec(conditions).conditions) ? listed(conditions) : grouped(conditions, parameters.combineOperation);
  return bounded(shape);
}

/** A Switch as a value and its cases: the value is the id of the first rule that holds, else "". */
export interface SwitchRules {
  variable: string;
  cases: Array<{ id: string; label: string; value: string }>;
  /** Output port → the case ids that lead out of it. */
  ports: Map<number, string[]>;
  /** The port the fallback leads out of, or null when unmatched items are dropped. */
  fallbackPort: number | null;
  inexact: string[];
}

function caseId(label: string, index: number, taken: Set<string>): string {
  let base =
    label
      .replace(/[^A-Za-z0-9_-]+/g, "_")
      .replace(/^_+|_+$/g, "")
      .slice(0, 48) || `output_${index}`;
  if (base.toLowerCase() === "default") base = `${base}_case`;
  let candidate = base;
  for (let n = 2; taken.has(candidate); n++) candidate = `${base}_${n}`;
  taken.add(candidate);
  return candidate;
}

/**
 * A Switch node's rules (v1–v2 `rules.rules[]` with `output`; v3+ `rules.values[]`, one port each).
 * @example switchRules({ rules: { values: [{ conditions: {...}, outputKey: "billing" }] }, options: { fallbackOutput: "extra" } }, 3).cases[0].id // "billing"
 */
export function switchRules(parameters: Record<string, unknown>, version: number): SwitchRules {
  const taken = new Set<string>();
  const rules: Array<{ condition: CelCondition; port: number; label: string }> = [];
  const inexact: string[] = [];
  let fallbackPort: number | null = null;
  if (str(parameters.mode, "rules") !== "rules") {
    inexact.push("its output is chosen by an n8n expression, which has no meaning here; every message takes the fallback");
  } else if (version >= 3) {
    arr(rec(parameters.rules).values).forEach((raw, port) => {
      const rule = rec(raw);
      rules.push({ condition: listed(rule.conditions), port, label: rule.renameOutput === true || str(rule.outputKey) ? str(rule.outputKey) : "" });
    });
    const options = rec(parameters.options);
    const fallback = options.fallbackOutput;
    fallbackPort = fallback === "extra" ? rules.length : (num(fallback) ?? null);
    if (options.allMatchingOutputs === true) inexact.push("it sent items to every matching output; here the first match wins");
  } else {
    const dataType = str(parameters.dataType, "number");
    for (const raw of arr(rec(parameters.rules).rules)) {
      const rule = rec(raw);
      const port = num(rule.output) ?? 0;
      rules.push({ condition: comparison(dataType, str(rule.operation, "equal"), parameters.value1, rule.value2), port, label: "" });
    }
    const fallback = num(parameters.fallbackOutput);
    fallbackPort = fallback === undefined || fallback < 0 ? null : fallback;
  }
  const ports = new Map<number, string[]>();
  const cases: SwitchRules["cases"] = [];
  const idOfPort = new Map<number, string>();
  for (const rule of rules) {
    let id = idOfPort.get(rule.port);
    if (id === undefined) {
      id = caseId(rule.label, rule.port, taken);
      idOfPort.set(rule.port, id);
      cases.push({ id, label: (rule.label || `Output ${rule.port}`).slice(0, 200), value: id });
      ports.set(rule.port, [id]);
    }
    inexact.push(...rule.condition.inexact);
  }
  let variable = '""';
  for (const rule of [...rules].reverse()) variable = `(${rule.condition.cel}) ? ${celString(idOfPort.get(rule.port) as string)} : ${variable}`;
  if (variable.length > LIMITS.expressionLength) {
    inexact.push("its rules are too long; every message takes the fallback");
    variable = '""';
  }
  return { variable, cases, ports, fallbackPort, inexact: [...new Set(inexact)] };
}
