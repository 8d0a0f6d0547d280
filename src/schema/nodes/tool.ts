/** Tool node: runs one catalog tool with templated arguments. */
import { z } from "zod";
import { id, identifier } from "../primitives.js";
import { jsonValue } from "../json.js";
import { defineNodeKind } from "./descriptor.js";

export const toolNodeDataSchema = z.strictObject({
  name: identifier,
  tool: id,
  /** Arguments; string values are templates over `{ state, input, results }`. */
  args: z.record(z.string(), jsonValue).default({}),
  output_channel: identifier.optional(),
});

export type ToolNodeData = z.infer<typeof toolNodeDataSchema>;

/** The tool id of a Tool node added while the catalog is empty (an id must be non-empty). */
export const NO_TOOL = "no_tool";

export const toolKind = defineNodeKind(
  "tool",
  toolNodeDataSchema,
)({
  title: "Tool",
  group: "Basics",
  description: "Runs one tool with templated arguments",
  word: "tool node",
  // With an empty catalog the reference is left dangling on purpose: Problems then says to add a tool.
  defaults: ({ document, name }) => ({ name: name("Tool"), tool: document.tools[0]?.id ?? NO_TOOL, args: {} }),
  accent: "amber",
  minimap: "#f59e0b",
  mermaid: { label: "tool", shape: ["[[", "]]"], style: "fill:#f0f9ff,stroke:#0284c7" },
  ports: { input: true, output: true, delegation: false },
  size: { width: 170, height: 70 },
  detail: (data) => [data.tool && data.tool !== NO_TOOL ? data.tool : "no tool chosen"],
});
