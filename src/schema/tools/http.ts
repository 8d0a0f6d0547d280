/**
 * HTTP tools: one request built from the call's arguments. The URL, query values, headers and
 * body are templates over `{{ args.x }}`; headers and query values may also read named secrets
 * (`{{ secrets.NAME }}`), which live in the secrets store, never in the document.
 */
import { z } from "zod";
import { jsonValue } from "../json.js";
import { text } from "../primitives.js";
import { type ToolKindDescriptor, toolBase } from "./descriptor.js";

/** A `{{ secrets.NAME }}` placeholder; NAME is what the secrets store (or GRAPHWRIGHT_SECRET_NAME) holds. */
export const SECRET_PLACEHOLDER = /\{\{\s*secrets\.([A-Za-z_][A-Za-z0-9_]*)\s*\}\}/g;

/** The names of the secrets a template reads. */
export function secretNamesIn(template: string): string[] {
  return [...template.matchAll(SECRET_PLACEHOLDER)].map((m) => m[1] as string);
}

const template = z.string().max(2_000);
/** Secrets go only where a server reads credentials: headers and query values, never the URL path or a body. */
const secretFree = (value: unknown) => secretNamesIn(typeof value === "string" ? value : JSON.stringify(value ?? null)).length === 0;
const secretsOnlyIn = (where: string) => ({ message: `secrets can be read only in headers and query values, not in ${where}` });

export const httpToolSchema = z.strictObject({
  ...toolBase,
  kind: z.literal("http"),
  config: z.strictObject({
    url: template.min(1).refine(secretFree, secretsOnlyIn("the URL")),
    method: z.enum(["GET", "POST", "PUT", "PATCH", "DELETE"]).default("GET"),
    /** Query parameters added to the URL, each value a template. */
    query: z.record(z.string(), template).default({}),
    headers: z.record(z.string(), template).default({}),
    /** A text body (template). Without `body` and `json_body`, POST, PUT and PATCH send the arguments as JSON. */
    body: text.refine(secretFree, secretsOnlyIn("the body")).optional(),
    /** A JSON body; each string in it is a template, and one that is a single placeholder keeps its value's type. */
    json_body: jsonValue.refine(secretFree, secretsOnlyIn("the body")).optional(),
    timeout_ms: z.number().int().min(100).max(600_000).default(30_000),
    /** Longer responses are cut here, with a note saying so. */
    max_response_chars: z.number().int().min(100).max(10_000_000).default(20_000),
  }),
});

export const httpToolKind: ToolKindDescriptor<z.infer<typeof httpToolSchema>> = {
  kind: "http",
  schema: httpToolSchema,
  schemaId: "HttpTool",
  title: "HTTP",
  description: "An HTTP request built from the call's arguments.",
  // The URL's origin; a placeholder in the host reads as the template itself.
  target: (config) => {
    try {
      return new URL(config.url.replace(/\{\{[^}]*\}\}/g, "x")).origin;
    } catch {
      return undefined;
    }
  },
  defaultConfig: () => ({ url: "https://example.com/api", method: "GET", query: {}, headers: {}, timeout_ms: 30_000, max_response_chars: 20_000 }),
};
