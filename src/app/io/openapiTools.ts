/**
 * OpenAPI import: a pasted or uploaded OpenAPI 3.x or Swagger 2 document (JSON or YAML) becomes
 * one HTTP tool per picked operation. A maintained parser upgrades the document to OpenAPI 3.1
 * and resolves its `$ref`s; recursive schemas are cut where they repeat, so every tool's input
 * schema is plain JSON. Credentials become `{{ secrets.NAME }}` placeholders, never values.
 */
import { dereference, upgrade } from "@scalar/openapi-parser";
import { LIMITS, type ToolOfKind } from "../../schema/index.js";
import { errorMessage } from "../../schema/errorMessage.js";

type HttpTool = ToolOfKind<"http">;
type Json = Record<string, unknown>;

/** One operation of the document, ready to become a tool. */
export interface OpenApiOperation {
  /** `GET /pets/{id}`. */
  label: string;
  summary: string;
  tool: HttpTool;
}

export type OpenApiRead = { ok: true; title: string; baseUrl: string; operations: OpenApiOperation[] } | { ok: false; message: string };

const METHODS = ["get", "post", "put", "patch", "delete"] as const;
/** How deep an input schema is copied; deeper parts read "any value". */
const MAX_SCHEMA_DEPTH = 12;

/**
 * Reads a document's operations. `baseUrl` overrides the document's first server (needed when
 * it has none, or a relative one).
 * @example const read = await readOpenApi(text); if (read.ok) tools.push(...read.operations.map((o) => o.tool));
 */
export async function readOpenApi(text: string, baseUrl?: string): Promise<OpenApiRead> {
  let specification: Json;
  try {
    const upgraded = upgrade(text.trim());
    specification = upgraded.specification as unknown as Json;
  } catch (error) {
    return { ok: false, message: `The document could not be read as JSON or YAML: ${errorMessage(error)}` };
  }
  if (!specification || typeof specification !== "object" || !specification.paths) {
    return { ok: false, message: "This is not an OpenAPI 3.x or Swagger 2 document: it has no `paths`." };
  }
  const resolved = await dereference(specification as Parameters<typeof dereference>[0]);
  if (resolved.errors?.length) {
    return { ok: false, message: `The document's references could not be resolved: ${resolved.errors.map((e) => e.message).join("; ")}` };
  }
  const doc = (resolved.schema ?? specification) as Json;
  const server = baseUrl?.trim() || firstServer(doc);
  if (!server || !/^https?:\/\//i.test(server)) {
    return { ok: false, message: "The document names no absolute server URL (servers[0].url): type the API's base URL, e.g. https://api.example.com/v1." };
  }
  const operations: OpenApiOperation[] = [];
  const names = new Set<string>();
  for (const [path, item] of Object.entries((doc.paths ?? {}) as Record<string, Json>)) {
    for (const method of METHODS) {
      const operation = item?.[method] as Json | undefined;
      if (!operation) continue;
      operations.push(toOperation(doc, server.replace(/\/+$/, ""), path, method, item, operation, names));
    }
  }
  return { ok: true, title: String((doc.info as Json | undefined)?.title ?? "API"), baseUrl: server, operations };
}

function firstServer(doc: Json): string | undefined {
  const servers = doc.servers as { url?: unknown }[] | undefined;
  return typeof servers?.[0]?.url === "string" ? servers[0].url : undefined;
}

interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  description?: string;
  schema?: unknown;
}

function toOperation(
  doc: Json,
  server: string,
  path: string,
  method: (typeof METHODS)[number],
  item: Json,
  operation: Json,
  names: Set<string>,
): OpenApiOperation {
  const parameters = [...((item.parameters as Parameter[] | undefined) ?? []), ...((operation.parameters as Parameter[] | undefined) ?? [])].filter(
    (p) => p && typeof p.name === "string",
  );
  const properties: Json = {};
  const required: string[] = [];
  const query: Record<string, string> = {};
  const headers: Record<string, string> = {};
  for (const parameter of parameters) {
    if (parameter.in === "cookie") continue;
    const arg = argName(parameter.name);
    properties[arg] = { ...(acyclic(parameter.schema) as Json), ...(parameter.description ? { description: parameter.description } : {}) };
    if (parameter.required || parameter.in === "path") required.push(arg);
    if (parameter.in === "query") query[parameter.name] = `{{ args.${arg} }}`;
    if (parameter.in === "header") headers[parameter.name] = `{{ args.${arg} }}`;
  }
  const url = server + path.replace(/\{([^}]+)\}/g, (_, name: string) => `{{ args.${argName(name)} }}`);
  const body = jsonBodySchema(operation);
  if (body) {
    properties.body = body.schema;
    if (body.required) required.push("body");
  }
  Object.assign(headers, credentialHeaders(doc, operation, query));
  const name = uniqueName(toolName((operation.operationId as string | undefined) ?? `${method}_${path}`), names);
  const summary = String(operation.summary ?? operation.description ?? "").slice(0, 500);
  const tool: HttpTool = {
    id: name,
    kind: "http",
    name,
    description: summary || `${method.toUpperCase()} ${path}`,
    input_schema: { type: "object", properties, ...(required.length ? { required } : {}) } as HttpTool["input_schema"],
    return_direct: false,
    destructive: method === "delete",
    config: {
      url,
      method: method.toUpperCase() as HttpTool["config"]["method"],
      query,
      headers,
      ...(body ? { json_body: "{{ args.body }}" } : {}),
      timeout_ms: 30_000,
      max_response_chars: 20_000,
    },
  };
  return { label: `${method.toUpperCase()} ${path}`, summary, tool };
}

function jsonBodySchema(operation: Json): { schema: unknown; required: boolean } | null {
  const requestBody = operation.requestBody as { required?: boolean; content?: Record<string, { schema?: unknown }> } | undefined;
  const content = requestBody?.content;
  if (!content) return null;
  const type = Object.keys(content).find((t) => /json/i.test(t));
  if (!type) return null;
  return { schema: acyclic(content[type]?.schema ?? {}), required: requestBody?.required === true };
}

/** Headers (and query values) that carry the operation's credentials, as secret placeholders. */
function credentialHeaders(doc: Json, operation: Json, query: Record<string, string>): Record<string, string> {
  const schemes = ((doc.components as Json | undefined)?.securitySchemes ?? {}) as Record<string, Json>;
  const requirements = (operation.security ?? doc.security ?? []) as Record<string, unknown>[];
  const headers: Record<string, string> = {};
  for (const schemeName of Object.keys(requirements[0] ?? {})) {
    const scheme = schemes[schemeName];
    const secret = `{{ secrets.${secretName(schemeName)} }}`;
    if (scheme?.type === "apiKey" && scheme.in === "header" && typeof scheme.name === "string") headers[scheme.name] = secret;
    else if (scheme?.type === "apiKey" && scheme.in === "query" && typeof scheme.name === "string") query[scheme.name] = secret;
    else if (scheme?.type === "http" && String(scheme.scheme).toLowerCase() === "bearer") headers.Authorization = `Bearer ${secret}`;
    else if (scheme?.type === "oauth2" || scheme?.type === "openIdConnect") headers.Authorization = `Bearer ${secret}`;
  }
  return headers;
}

/** A JSON copy of a resolved schema: a part that contains itself is cut where it repeats, and so is anything too deep. */
export function acyclic(schema: unknown, path: readonly object[] = []): unknown {
  if (schema === null || typeof schema !== "object") return schema ?? {};
  if (path.includes(schema) || path.length >= MAX_SCHEMA_DEPTH) return { description: "(recursive: any value)" };
  const next = [...path, schema];
  if (Array.isArray(schema)) return schema.map((item: unknown) => acyclic(item, next));
  const out: Json = {};
  for (const [key, value] of Object.entries(schema)) {
    // OpenAPI-only keywords a model's tool schema has no use for.
    if (key === "xml" || key === "externalDocs" || key === "example" || key === "examples") continue;
    out[key] = acyclic(value, next);
  }
  return out;
}

function argName(name: string): string {
  const cleaned = name.replace(/[^A-Za-z0-9_]/g, "_");
  return /^[A-Za-z_]/.test(cleaned) ? cleaned : `_${cleaned}`;
}

function secretName(scheme: string): string {
  return argName(scheme).toUpperCase();
}

function toolName(raw: string): string {
  const cleaned = raw
    .replace(/[{}]/g, "")
    .replace(/[^A-Za-z0-9_-]+/g, "_")
    .replace(/_{2,}/g, "_")
    .replace(/^[^A-Za-z]+/, "")
    .replace(/_+$/, "");
  return (cleaned || "operation").slice(0, LIMITS.nameLength);
}

function uniqueName(base: string, taken: Set<string>): string {
  let name = base;
  for (let n = 2; taken.has(name); n++) name = `${base.slice(0, LIMITS.nameLength - String(n).length - 1)}_${n}`;
  taken.add(name);
  return name;
}
