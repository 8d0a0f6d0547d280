/** Mock tools: fixed responses chosen by a regex over the arguments, for offline graphs and tests. */
import { z } from "zod";
import { expression, LIMITS, text } from "../primitives.js";
import { type ToolKindDescriptor, toolBase } from "./descriptor.js";

export const mockResponseSchema = z.strictObject({
  /** Regex over the JSON of the arguments; the first matching response wins. */
  when: expression.optional(),
  /** Result text; `{{ args.x }}` placeholders are filled from the arguments. */
  result: text.optional(),
  /** Throw this message instead of returning a result. */
  error: text.optional(),
});

export const mockToolSchema = z.strictObject({
  ...toolBase,
  kind: z.literal("mock"),
  config: z.strictObject({
    responses: z.array(mockResponseSchema).max(LIMITS.rules).default([]),
    default: text.default("ok"),
    latency_ms: z.number().int().min(0).max(60_000).default(0),
  }),
});

export const mockToolKind: ToolKindDescriptor<z.infer<typeof mockToolSchema>> = {
  kind: "mock",
  schema: mockToolSchema,
  schemaId: "MockTool",
  title: "Mock",
  description: "A tool with fixed responses, for tests and demos.",
  defaultConfig: () => ({ responses: [], default: "ok", latency_ms: 0 }),
};
