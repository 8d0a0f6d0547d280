/**
 * n8n HTTP Request tools as HTTP tools: `toolHttpRequest` (v1–1.1, `{placeholder}` definitions
 * and value providers) and `httpRequestTool` (v4, `$fromAI(…)` values). Authentication settings,
 * credential-named fields and key-shaped values become `{{ secrets.NAME }}` placeholders.
 */
import type { GraphBuilder } from "../builder.js";
import { isCredentialField, looksLikeCredential, safeText, secretName, secretRef, splitUrl } from "./credentials.js";
import { rewrite, type Rewritten } from "./expressions.js";
import { credentialSecret, isPlainKey, JSON_TYPES, naming, type InputSchema, type ToolOutcome } from "./toolBasics.js";
import { arr, rec, str, type N8nNode } from "./workflow.js";

/** Headers for n8n's authentication settings of an HTTP request (the secret's value is set in Settings). */
function authHeaders(
  builder: GraphBuilder,
  node: N8nNode,
  toolName: string,
  query: Record<string, string>,
): { headers: Record<string, string>; inexact: string[] } {
  const p = node.parameters;
  const authentication = str(p.authentication, "none");
  if (authentication === "none") return { headers: {}, inexact: [] };
  const secret = credentialSecret(builder, node, toolName);
  const generic = str(p.genericAuthType);
  if (authentication === "genericCredentialType" && generic === "httpBearerAuth")
    return { headers: { Authorization: `Bearer ${secretRef(secret)}` }, inexact: [] };
  if (authentication === "genericCredentialType" && generic === "httpBasicAuth")
    return { headers: { Authorization: `Basic ${secretRef(secret)}` }, inexact: [] };
  if (authentication === "genericCredentialType" && generic === "httpQueryAuth") {
    query.api_key = secretRef(secret);
    return { headers: {}, inexact: ['its query credential is sent as "api_key"; rename it if the API expects another name'] };
  }
  if (authentication === "genericCredentialType" && generic === "httpHeaderAuth")
    return {
      headers: { Authorization: secretRef(secret) },
      inexact: ['its header credential is sent as "Authorization"; rename it if the API expects another header'],
    };
  const kind = str(p.nodeCredentialType) || generic || authentication;
  return { headers: { Authorization: `Bearer ${secretRef(secret)}` }, inexact: [`its "${kind}" credential is sent as a bearer token`] };
}

/** Headers whose values say what the content is, never who is asking. */
const PLAIN_HEADERS = new Set(["accept", "accept-language", "content-type", "user-agent", "cache-control"]);

/** A field whose value is a credential: a named secret, and a note saying to set it. */
function secretField(builder: GraphBuilder, toolName: string, field: string): string {
  const name = secretName(`${toolName}_${field}`);
  builder.note(`Set the secret ${name} in Settings for the "${field}" of the tool "${toolName}"; its value was not copied.`);
  return secretRef(name);
}

/** One header, query or body value: the model's argument, a credential turned secret, or the source's text. */
function fieldValue(builder: GraphBuilder, toolName: string, field: string, raw: unknown, fromAi: Rewritten["fromAi"], schema: InputSchema): string {
  const value = rewrite(raw, "tool");
  fromAi.push(...value.fromAi);
  if (isCredentialField(field) || (typeof raw === "string" && looksLikeCredential(raw))) return secretField(builder, toolName, field);
  if (value.text.includes("[n8n: ")) {
    schema.properties[field] ??= { type: "string" };
    return `{{ args.${field} }}`;
  }
  return value.text.slice(0, 2_000);
}

/** The `{ name, value }` pairs of an HTTP node's query, header or body list, in any of n8n's shapes. */
function pairs(list: unknown): Array<{ name: string; value: unknown; provider: string }> {
  const block = rec(list);
  return [...arr(block.values), ...arr(block.parameters)].flatMap((raw) => {
    const item = rec(raw);
    const name = str(item.name).trim();
    return name && isPlainKey(name) ? [{ name, value: item.value, provider: str(item.valueProvider, "fieldValue") }] : [];
  });
}

/** HTTP Request tools: `toolHttpRequest` (v1–1.1, `{placeholder}` definitions) and `httpRequestTool` (v4, `$fromAI`). */
export function httpTool(builder: GraphBuilder, node: N8nNode): ToolOutcome {
  const p = node.parameters;
  const { name, description } = naming(builder, node, "http_request");
  const schema: InputSchema = { type: "object", properties: {} };
  const inexact: string[] = [];
  const fromAi: Rewritten["fromAi"] = [];
  for (const raw of arr(rec(p.placeholderDefinitions).values)) {
    const def = rec(raw);
    const key = str(def.name);
    if (/^[A-Za-z_][A-Za-z0-9_]{0,63}$/.test(key) && isPlainKey(key) && !Object.hasOwn(schema.properties, key)) {
      schema.properties[key] = { type: JSON_TYPES.has(str(def.type)) ? str(def.type) : "string", description: safeText(str(def.description)) };
      // n8n fills every placeholder from the model: each is required.
      schema.required = [...(schema.required ?? []), key];
    }
  }
  const url = rewrite(str(p.url), "tool");
  fromAi.push(...url.fromAi);
  // `{name}` placeholders of toolHttpRequest become argument placeholders.
  const parts = splitUrl(
    url.text.replace(/(?<!\{)\{([A-Za-z_][A-Za-z0-9_]*)\}(?!\})/g, (whole: string, key: string) =>
      isPlainKey(key) ? ((schema.properties[key] ??= { type: "string" }), `{{ args.${key} }}`) : whole,
    ),
  );
  if (parts.hadUserInfo) inexact.push("the user and password in its URL were dropped; put them in a secret");
  const query: Record<string, string> = {};
  for (const [field, value] of parts.query) if (isPlainKey(field)) query[field] = fieldValue(builder, name, field, value, fromAi, schema);
  const headers: Record<string, string> = {};
  const auth = authHeaders(builder, node, name, query);
  Object.assign(headers, auth.headers);
  inexact.push(...auth.inexact);
  const argOf = (field: string, provider: string) => {
    schema.properties[field] ??= { type: "string" };
    if (provider === "modelRequired") schema.required = [...(schema.required ?? []), field];
    return `{{ args.${field} }}`;
  };
  const valueOf = (field: string, item: { value: unknown; provider: string }) =>
    item.provider.startsWith("model") ? argOf(field, item.provider) : fieldValue(builder, name, field, item.value, fromAi, schema);
  for (const [send, specify, what] of [
    [p.sendQuery, p.specifyQuery, "query"],
    [p.sendHeaders, p.specifyHeaders, "headers"],
  ] as const) {
    if (send === true && (specify === "json" || specify === "model"))
      inexact.push(`its ${what} ${specify === "json" ? "were written as JSON" : "were left to the model"} and are not carried over; add them to the tool`);
  }
  if (p.sendQuery === true) for (const item of pairs(p.parametersQuery ?? p.queryParameters)) query[item.name] = valueOf(item.name, item);
  // A header's value is kept only for headers that describe the content; any other may carry a credential.
  const headerValue = (item: { name: string; value: unknown; provider: string }) =>
    item.provider.startsWith("model") || PLAIN_HEADERS.has(item.name.toLowerCase()) ? valueOf(item.name, item) : secretField(builder, name, item.name);
  if (p.sendHeaders === true) for (const item of pairs(p.parametersHeaders ?? p.headerParameters)) headers[item.name] = headerValue(item);
  let jsonBody: Record<string, string> | undefined;
  if (p.sendBody === true) {
    const items = pairs(p.parametersBody ?? p.bodyParameters);
    // Secrets may not be sent in a body: a credential there is left empty, and the report says so.
    const bodyValue = (item: { name: string; value: unknown; provider: string }) => {
      const value = isCredentialField(item.name) ? "{{ secrets." : valueOf(item.name, item);
      if (!value.includes("{{ secrets.")) return value;
      inexact.push(`its body field "${item.name}" held a credential; it is left empty (secrets go only in headers and query values)`);
      return "";
    };
    if (items.length > 0) jsonBody = Object.fromEntries(items.map((item) => [item.name, bodyValue(item)]));
    else inexact.push("its body was written as JSON or by the model; the call's arguments are sent as the JSON body");
  }
  for (const ai of fromAi)
    schema.properties[ai.name] = { type: JSON_TYPES.has(ai.type) ? ai.type : "string", ...(ai.description ? { description: safeText(ai.description) } : {}) };
  if (url.kept.length > 0) inexact.push(`n8n expressions in its URL were kept as text: ${url.kept.join(", ")}`);
  const method = str(p.method, "GET").toUpperCase();
  const base = parts.base.trim() || "https://example.com";
  if (!parts.base.trim()) inexact.push("it had no URL; set one");
  const toolId = builder.tool({
    id: name,
    kind: "http",
    name,
    description,
    input_schema: schema,
    return_direct: false,
    destructive: false,
    config: {
      url: base.slice(0, 2_000),
      method: (["GET", "POST", "PUT", "PATCH", "DELETE"].includes(method) ? method : "GET") as "GET",
      query,
      headers,
      ...(jsonBody ? { json_body: jsonBody } : {}),
      timeout_ms: 30_000,
      max_response_chars: 20_000,
    },
  });
  return { status: inexact.length > 0 ? "approximated" : "mapped", tools: [toolId], to: [toolId], reason: inexact.join("; ") };
}
