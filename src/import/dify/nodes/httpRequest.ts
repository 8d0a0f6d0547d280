/**
 * Dify's HTTP Request node as an HTTP tool run by a Tool node. The node's variables become the
 * tool's arguments (`{{ args.a1 }}` in the request, the variable in the Tool node), and every
 * credential (the node's API key, a token header, a key in the URL) becomes a named secret
 * `{{ secrets.NAME }}` in a header or query value: the value itself is never copied.
 */
import { isSecretHeader } from "../../../schema/index.js";
import type { DifyContext } from "../context.js";
import { isCredentialName, isCredentialParam, isRedacted, keyValueLines, secretName } from "../credentials.js";
import { arr, num, obj, str, type DifyNode, type Obj, type ToolArgs } from "../shapes.js";
import { rewriteText } from "../variables.js";
import { outputOf } from "./actions.js";
import { at } from "./basic.js";

const METHODS = new Set(["GET", "POST", "PUT", "PATCH", "DELETE"]);
const PLACEHOLDER = /\{\{\s*([A-Za-z_$][\w$]*(?:\.[\w$-]+)*)\s*\}\}/g;

/** Moves the graph's placeholders of a request template into tool arguments. */
class Arguments {
  readonly args: Obj = {};
  private readonly byPath = new Map<string, string>();

  template(text: string): string {
    return text.replace(PLACEHOLDER, (whole, path: string) => {
      if (path.startsWith("secrets.")) return whole;
      let name = this.byPath.get(path);
      if (!name) {
        name = `a${this.byPath.size + 1}`;
        this.byPath.set(path, name);
        this.args[name] = `{{ ${path} }}`;
      }
      return `{{ args.${name} }}`;
    });
  }

  schema(): Obj {
    return { type: "object", properties: Object.fromEntries(Object.keys(this.args).map((k) => [k, { type: "string" }])) };
  }
}

/** A secret header value: the scheme kept, the credential a named secret. */
function secretValue(value: string, name: string): string {
  const scheme = /^\s*(Bearer|Basic|Token)(?:\s+|$)/i.exec(value)?.[1];
  return scheme ? `${scheme} {{ secrets.${name} }}` : `{{ secrets.${name} }}`;
}

export function mapHttp(node: DifyNode, ctx: DifyContext): void {
  const data = node.data;
  const label = node.title || "HTTP request";
  const reasons: string[] = [];
  const secrets: string[] = [];
  const request = new Arguments();
  const rewrite = (text: string) => request.template(rewriteText(ctx, text, node));
  // Secret environment variables are named secrets; the others are constants, filled in by rewriteText.
  const envSecret = (text: string) =>
    text.replace(/\{\{#env\.([A-Za-z0-9_]+)#\}\}/g, (whole, n: string) => (ctx.constants.has(`env:${n}`) ? whole : `{{ secrets.${secretName(n)} }}`));

  let method = str(data.method, "get").toUpperCase();
  if (!METHODS.has(method)) {
    reasons.push(`Its method ${method} became GET.`);
    method = "GET";
  }
  const headers: Record<string, string> = {};
  const query: Record<string, string> = {};
  const secretFor = (what: string) => {
    const name = secretName(`${label} ${what}`);
    if (!secrets.includes(name)) secrets.push(name);
    return name;
  };

  // The URL: credentials in its user part or query move to named secrets in query values.
  let url = envSecret(str(data.url)).replace(/\{\{\s*secrets\.[^}]*\}\}/g, "");
  url = url.replace(/^([a-z][a-z0-9+.-]*:\/\/)[^/@\s]*@/i, (_, scheme: string) => {
    reasons.push("The user name and password in its URL are not copied.");
    return scheme;
  });
  const queryAt = url.indexOf("?");
  if (queryAt >= 0) {
    const kept: string[] = [];
    for (const pair of url.slice(queryAt + 1).split("&")) {
      const [key = "", ...rest] = pair.split("=");
      const value = rest.join("=");
      if (key && (isCredentialParam(key) || isRedacted(value))) query[key] = `{{ secrets.${secretFor(key)} }}`;
      else if (pair) kept.push(pair);
    }
    url = url.slice(0, queryAt) + (kept.length > 0 ? `?${kept.join("&")}` : "");
  }
  url = rewrite(url).slice(0, 2000) || "https://example.com";
  if (!/^https?:\/\//i.test(url)) {
    reasons.push("Its URL is not an http(s) address: check it.");
  }

  const auth = obj(data.authorization);
  if (str(auth.type) === "api-key") {
    const config = obj(auth.config);
    const kind = str(config.type, "bearer");
    const secret = secretFor("API key");
    if (kind === "custom") headers[str(config.header) || "Authorization"] = `{{ secrets.${secret} }}`;
    else headers.Authorization = `${kind === "basic" ? "Basic" : "Bearer"} {{ secrets.${secret} }}`;
  }
  for (const { key, value } of keyValueLines(str(data.headers))) {
    if (isCredentialName(key) || isSecretHeader(key) || isRedacted(value)) headers[key] = secretValue(value, secretFor(key));
    else headers[key] = rewrite(envSecret(value)).slice(0, 2000);
  }
  for (const { key, value } of keyValueLines(str(data.params))) {
    if (isCredentialParam(key) || isRedacted(value)) query[key] = `{{ secrets.${secretFor(key)} }}`;
    else query[key] = rewrite(envSecret(value)).slice(0, 2000);
  }

  // The body: Dify 0.x keeps it as one string, later files as a list of parts.
  const body = obj(data.body);
  const bodyType = str(body.type, "none");
  const parts = Array.isArray(body.data) ? arr(body.data).map(obj) : [{ key: "", value: str(body.data) }];
  const config: Obj = {
    url,
    method,
    headers,
    query,
    timeout_ms: Math.min(600_000, Math.max(100, (num(obj(data.timeout).read) ?? 30) * 1000)),
    max_response_chars: 20_000,
  };
  const strip = (text: string) => text.replace(/\{\{\s*secrets\.[^}]*\}\}/g, "");
  if (bodyType === "json" || bodyType === "raw-text") {
    config.body = strip(rewrite(parts.map((p) => str(p.value)).join("")));
  } else if (bodyType === "form-data" || bodyType === "x-www-form-urlencoded") {
    const fields: Obj = {};
    for (const part of parts) {
      const key = str(part.key);
      if (!key) continue;
      fields[key] = isCredentialName(key) || isRedacted(part.value) ? "" : strip(rewrite(str(part.value)));
    }
    config.json_body = fields;
    reasons.push(`Its ${bodyType} body is sent as JSON.`);
  } else if (bodyType === "binary") {
    reasons.push("Its binary (file) body is not carried over.");
  }
  if (Object.keys(request.args).length > 0 && config.body === undefined && config.json_body === undefined && method !== "GET" && method !== "DELETE")
    config.body = "";

  const name = ctx.nameOf(node, "Http");
  const toolId = ctx.builder.tool({
    id: `http_${node.id}`,
    name: ctx.builder.name(`${name}_request`),
    description: str(data.desc) || `${label} (HTTP request from Dify)`,
    kind: "http",
    input_schema: request.schema(),
    return_direct: false,
    destructive: false,
    config,
  } as Parameters<DifyContext["builder"]["tool"]>[0]);
  const ours = ctx.add("tool", { name, tool: toolId, args: request.args as ToolArgs, ...outputOf(ctx, node) }, at(ctx, node), node.id);
  ctx.placeAs(node, ours);
  for (const secret of secrets)
    ctx.builder.note(`Secret "${secret}" (HTTP request "${label}"): set it in Settings → Secrets; its value is not copied from Dify.`);
  if (secrets.length > 0) reasons.push(`Its credentials are the named secrets ${secrets.join(", ")}.`);
  const worse = reasons.filter((r) => !r.startsWith("Its credentials"));
  if (worse.length > 0) ctx.approximated(node, [ours, toolId], reasons.join(" "));
  else ctx.mapped(node, [ours, toolId], reasons.join(" "));
}
