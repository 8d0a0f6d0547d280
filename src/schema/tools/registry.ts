/**
 * The one table of tool kinds. The tool schema, `ToolKind` and the editor's kind list all come
 * from here, and the table's type makes the compiler refuse a kind without a descriptor.
 */
import { z } from "zod";
import { agentToolKind, agentToolSchema } from "./agent.js";
import { builtinToolKind, builtinToolSchema } from "./builtin.js";
import type { ToolKindDescriptor } from "./descriptor.js";
import { httpToolKind, httpToolSchema } from "./http.js";
import { javascriptToolKind, javascriptToolSchema } from "./javascript.js";
import { mcpToolKind, mcpToolSchema } from "./mcp.js";
import { mockToolKind, mockToolSchema } from "./mock.js";

/** Every tool kind's schema, in the order the JSON Schema and error messages list them. */
export const toolSchema = z.discriminatedUnion("kind", [
  builtinToolSchema,
  mockToolSchema,
  httpToolSchema,
  mcpToolSchema,
  javascriptToolSchema,
  agentToolSchema,
]);

export type ToolDefinition = z.infer<typeof toolSchema>;
export type ToolKind = ToolDefinition["kind"];
export type ToolOfKind<K extends ToolKind> = Extract<ToolDefinition, { kind: K }>;

/**
 * Every tool kind's descriptor.
 *
 * @example
 * toolKindDescriptors.http.title; // "HTTP"
 */
export const toolKindDescriptors: { readonly [K in ToolKind]: ToolKindDescriptor<ToolOfKind<K>> } = {
  builtin: builtinToolKind,
  mock: mockToolKind,
  http: httpToolKind,
  mcp: mcpToolKind,
  javascript: javascriptToolKind,
  agent: agentToolKind,
};

export const toolKinds = toolSchema.options.map((o) => o.shape.kind.value) as ToolKind[];

/**
 * A tool of `kind` with its default config and no description, arguments or flags.
 *
 * @example
 * newTool("mock", "new_tool"); // { id: "new_tool", name: "new_tool", kind: "mock", config: { responses: [], default: "ok", latency_ms: 0 }, … }
 */
export function newTool(kind: ToolKind, id: string, name: string = id): ToolDefinition {
  const base = { id, name, description: "", input_schema: { type: "object", properties: {} }, return_direct: false, destructive: false };
  return withToolKind({ ...base, kind: "mock", config: mockToolKind.defaultConfig() }, kind);
}

/**
 * The same tool changed to `kind`: its config starts over from that kind's defaults.
 *
 * @example
 * withToolKind(weatherTool, "http").config; // { url: "https://example.com/api", method: "GET", headers: {} }
 */
export function withToolKind(tool: ToolDefinition, kind: ToolKind): ToolDefinition {
  // A kind and its descriptor's config belong together, which TypeScript cannot follow through an index by a union.
  return { ...tool, kind, config: toolKindDescriptors[kind].defaultConfig() } as ToolDefinition;
}

/**
 * Where a call of this tool goes (an HTTP tool's origin, an MCP server), or undefined.
 *
 * @example
 * toolTarget({ kind: "http", config: { url: "https://api.example.com/v1/{{ args.id }}", … }, … }); // "https://api.example.com"
 */
export function toolTarget(definition: ToolDefinition): string | undefined {
  const descriptor = toolKindDescriptors[definition.kind] as ToolKindDescriptor<ToolDefinition>;
  return descriptor.target?.(definition.config);
}
