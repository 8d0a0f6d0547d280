/** JavaScript tools: code run in a sandbox with a hard timeout. */
import { z } from "zod";
import { text } from "../primitives.js";
import { type ToolKindDescriptor, toolBase } from "./descriptor.js";

export const javascriptToolSchema = z.strictObject({
  ...toolBase,
  kind: z.literal("javascript"),
  config: z.strictObject({ code: text, timeout_ms: z.number().int().min(10).max(60_000).default(5_000) }),
});

export const javascriptToolKind: ToolKindDescriptor<z.infer<typeof javascriptToolSchema>> = {
  kind: "javascript",
  schema: javascriptToolSchema,
  schemaId: "JavascriptTool",
  title: "JavaScript",
  description: "JavaScript run in a sandbox with a hard timeout.",
  defaultConfig: () => ({ code: "return args;", timeout_ms: 5000 }),
};
