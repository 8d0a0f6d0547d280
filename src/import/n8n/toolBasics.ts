/** What the tool mappings share: the outcome they report, a tool's name and description, credential secrets. */
import type { GraphBuilder } from "../builder.js";
import type { ImportStatus } from "../report.js";
import { safeText, secretName } from "./credentials.js";
import { rewrite } from "./expressions.js";
import { str, type N8nNode } from "./workflow.js";

/** What a tool node became. */
export interface ToolOutcome {
  status: ImportStatus;
  /** Catalog tool ids an agent it is plugged into gets. */
  tools: string[];
  /** What the report lists (tool ids, an MCP server's name). */
  to: string[];
  reason: string;
}

export type Property = { type: string; description?: string };
export type InputSchema = { type: "object"; properties: Record<string, Property>; required?: string[] };

export const JSON_TYPES = new Set(["string", "number", "boolean", "object", "array"]);
export const inputOnly = (description: string): InputSchema => ({
  type: "object",
  properties: { input: { type: "string", description } },
  required: ["input"],
});

/** A tool's name and description as the agent sees them. */
export function naming(builder: GraphBuilder, node: N8nNode, fallback: string): { name: string; description: string } {
  const p = node.parameters;
  const name = builder.name(str(p.name) || node.name, fallback);
  const description = safeText(rewrite(p.toolDescription ?? p.description, "llm").text || node.name);
  return { name, description };
}

/** The secret a credentialed request reads: named after the n8n credential when there is one. */
export function credentialSecret(builder: GraphBuilder, node: N8nNode, toolName: string): string {
  const name = secretName(node.credentials[0]?.name ?? `${toolName}_token`);
  builder.note(`Set the secret ${name} in Settings (and the hosts it may go to) for the tool "${toolName}"; n8n kept it as a credential.`);
  return name;
}

/** Keys of objects built from the source's names: never one that reaches a prototype. */
export const isPlainKey = (key: string): boolean => key !== "__proto__" && key !== "constructor" && key !== "prototype";
