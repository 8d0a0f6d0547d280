/**
 * JavaScript tools: the body of an async function with `args` in scope, run in a QuickJS
 * sandbox with a deadline (`timeout_ms`) and a heap limit (`memory_limit_mb`).
 */
import { z } from "zod";
import { text } from "../primitives.js";
import { type ToolKindDescriptor, toolBase } from "./descriptor.js";

export const javascriptToolSchema = z.strictObject({
  ...toolBase,
  kind: z.literal("javascript"),
  config: z.strictObject({
    code: text,
    timeout_ms: z.number().int().min(10).max(60_000).default(5_000),
    /** The sandbox's heap limit; added after v1 shipped, so older documents get the default. */
    memory_limit_mb: z.number().int().min(1).max(512).default(32),
  }),
});

export const javascriptToolKind: ToolKindDescriptor<z.infer<typeof javascriptToolSchema>> = {
  kind: "javascript",
  schema: javascriptToolSchema,
  schemaId: "JavascriptTool",
  title: "JavaScript",
  description: "JavaScript run in a sandbox with a deadline and a memory limit, without network or storage.",
  defaultConfig: () => ({ code: "return args;", timeout_ms: 5000, memory_limit_mb: 32 }),
};
