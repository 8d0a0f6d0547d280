/** Built-in tools: calculator, echo and an HTTP fetch for public pages, run in the app itself. */
import { z } from "zod";
import { type ToolKindDescriptor, toolBase } from "./descriptor.js";

export const builtinToolNames = ["calculator", "echo", "http_fetch"] as const;

export const builtinToolSchema = z.strictObject({ ...toolBase, kind: z.literal("builtin"), config: z.strictObject({ builtin: z.enum(builtinToolNames) }) });

export const builtinToolKind: ToolKindDescriptor<z.infer<typeof builtinToolSchema>> = {
  kind: "builtin",
  schema: builtinToolSchema,
  schemaId: "BuiltinTool",
  title: "Built-in",
  description: "A tool that ships with Graphwright.",
  defaultConfig: () => ({ builtin: "calculator" }),
};
