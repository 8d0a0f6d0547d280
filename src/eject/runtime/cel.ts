/** The generated project's CEL evaluation (src/cel.ts), for the conditions and values TypeScript could not say as clearly. */
export const CEL_SOURCE = `/**
 * CEL expressions from the graph (conditions, state updates) evaluated with cel-js: whole
 * numbers cross into CEL as int and come back as plain numbers, so \`state.count == 1\` holds for 1.
 */
import { Environment } from "@marcbachmann/cel-js";

const environment = new Environment({ unlistedVariablesAreDyn: true });
const compiled = new Map<string, ReturnType<Environment["parse"]>>();

function toCel(value: unknown): unknown {
  if (typeof value === "number") return Number.isSafeInteger(value) ? BigInt(value) : value;
  if (Array.isArray(value)) return value.map(toCel);
  if (value && typeof value === "object" && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, toCel(item)]));
  }
  return value === undefined ? null : value;
}

function fromCel(value: unknown): unknown {
  if (typeof value === "bigint") return Number(value);
  if (Array.isArray(value)) return value.map(fromCel);
  if (value instanceof Map) return Object.fromEntries([...value].map(([key, item]) => [String(key), fromCel(item)]));
  if (value && typeof value === "object" && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, fromCel(item)]));
  }
  return value;
}

/** The value of a CEL expression over \`scope\`; a failure names the expression and where it is used. */
export function cel(expression: string, scope: Record<string, unknown>, where: string): unknown {
  try {
    let program = compiled.get(expression);
    if (!program) {
      program = environment.parse(expression);
      compiled.set(expression, program);
    }
    return fromCel(program(toCel(scope) as Record<string, unknown>));
  } catch (error) {
    throw new Error(\`\${where}: "\${expression}" failed: \${error instanceof Error ? error.message : String(error)}\`, { cause: error });
  }
}
`;
