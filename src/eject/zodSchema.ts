/** A tool's JSON Schema (its `input_schema`) written as the zod schema the generated tool declares. */
import { stringLiteral, valueLiteral } from "./escape.js";

type Schema = Record<string, unknown>;

const isSchema = (value: unknown): value is Schema => value !== null && typeof value === "object" && !Array.isArray(value);

function described(expression: string, schema: Schema): string {
  return typeof schema.description === "string" && schema.description ? `${expression}.describe(${stringLiteral(schema.description)})` : expression;
}

/**
 * @example zodExpression({ type: "object", properties: { city: { type: "string" } }, required: ["city"] }) // "z.object({ city: z.string() })"
 */
export function zodExpression(schema: unknown): string {
  if (!isSchema(schema)) return "z.unknown()";
  if (Array.isArray(schema.enum) && schema.enum.length > 0 && schema.enum.every((v) => typeof v === "string")) {
    return described(`z.enum(${valueLiteral(schema.enum)})`, schema);
  }
  switch (schema.type) {
    case "string":
      return described("z.string()", schema);
    case "number":
      return described("z.number()", schema);
    case "integer":
      return described("z.number().int()", schema);
    case "boolean":
      return described("z.boolean()", schema);
    case "array":
      return described(`z.array(${zodExpression(schema.items)})`, schema);
    case "object": {
      const properties = isSchema(schema.properties) ? schema.properties : {};
      const required = new Set(Array.isArray(schema.required) ? schema.required : []);
      const fields = Object.entries(properties).map(([key, value]) => {
        const field = zodExpression(value);
        return `${stringLiteral(key)}: ${required.has(key) ? field : `${field}.optional()`}`;
      });
      return described(`z.object({ ${fields.join(", ")} })`, schema);
    }
    default:
      return described("z.unknown()", schema);
  }
}
