/** HTTP tools: one request to a URL the document names. */
import { z } from "zod";
import { text } from "../primitives.js";
import { type ToolKindDescriptor, toolBase } from "./descriptor.js";

export const httpToolSchema = z.strictObject({
  ...toolBase,
  kind: z.literal("http"),
  config: z.strictObject({
    url: z.string().min(1).max(2_000),
    method: z.enum(["GET", "POST", "PUT", "PATCH", "DELETE"]).default("GET"),
    headers: z.record(z.string(), z.string().max(2_000)).default({}),
    body: text.optional(),
  }),
});

export const httpToolKind: ToolKindDescriptor<z.infer<typeof httpToolSchema>> = {
  kind: "http",
  schema: httpToolSchema,
  schemaId: "HttpTool",
  title: "HTTP",
  description: "An HTTP request.",
  defaultConfig: () => ({ url: "https://example.com/api", method: "GET", headers: {} }),
};
