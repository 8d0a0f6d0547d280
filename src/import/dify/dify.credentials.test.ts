/**
 * No credential in a Dify file reaches the imported graph or its report: a recognisable key is
 * planted in every credential-ish field the DSL has, and must appear nowhere; the places that
 * need one get a named secret instead.
 */
import { describe, expect, it } from "vitest";
import { stringify } from "yaml";
import { importForeign } from "../index.js";
import { IMPORT_CONTEXT } from "./testing/fixtures.js";

const KEY = "sk-planted-dify-0123456789abcdef";
/** Not shaped like a provider key: only reading the field it sits in can find it. */
const PASSWORD = "planted-pass-7f3a9c21e4";

const node = (id: string, data: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  id,
  type: "custom",
  position: { x: 0, y: 0 },
  data,
  ...extra,
});
const edge = (source: string, target: string) => ({ id: `${source}-${target}`, source, sourceHandle: "source", target, targetHandle: "target" });
const http = (id: string, extra: Record<string, unknown>) =>
  node(id, {
    title: `HTTP ${id}`,
    type: "http-request",
    method: "post",
    url: "https://api.example.com/v1/items",
    headers: "",
    params: "",
    body: { type: "none", data: [] },
    authorization: { type: "no-auth" },
    ...extra,
  });

const workflow = {
  app: { mode: "advanced-chat", name: "Planted keys", description: "" },
  kind: "app",
  version: "0.3.1",
  workflow: {
    environment_variables: [
      { name: "SERVICE_KEY", value: KEY, value_type: "secret", id: "e1" },
      { name: "DB_PASSWORD", value: PASSWORD, value_type: "secret", id: "e2" },
      { name: "API_TOKEN", value: PASSWORD, value_type: "string", id: "e3" },
      { name: "BASE", value: "https://api.example.com", value_type: "string", id: "e4" },
    ],
    conversation_variables: [{ name: "password", value: PASSWORD, value_type: "string", id: "c1" }],
    graph: {
      edges: [
        edge("start", "bearer"),
        edge("bearer", "custom"),
        edge("custom", "basic"),
        edge("basic", "headers"),
        edge("headers", "url"),
        edge("url", "form"),
        edge("form", "tool"),
        edge("tool", "agent"),
        edge("agent", "answer"),
      ],
      nodes: [
        node("start", { title: "Start", type: "start", variables: [] }),
        http("bearer", { authorization: { type: "api-key", config: { type: "bearer", api_key: KEY } } }),
        http("custom", { authorization: { type: "api-key", config: { type: "custom", header: "X-Api-Key", api_key: PASSWORD } } }),
        http("basic", { authorization: { type: "api-key", config: { type: "basic", api_key: PASSWORD } } }),
        http("headers", {
          headers: `Authorization:Bearer ${KEY}\nX-Api-Key:${PASSWORD}\nCookie:session=${PASSWORD}\nX-Service:{{#env.SERVICE_KEY#}}\nAccept:application/json`,
          params: `api_key:${PASSWORD}\nq:{{#sys.query#}}`,
        }),
        http("url", { url: `https://admin:${PASSWORD}@api.example.com/v1/items?token=${PASSWORD}&access_token=${KEY}&q=1` }),
        http("form", {
          body: {
            type: "form-data",
            data: [
              { key: "password", type: "text", value: PASSWORD },
              { key: "user", type: "text", value: "ana" },
              { key: "secret", type: "text", value: KEY },
            ],
          },
        }),
        node("tool", {
          title: "Search",
          type: "tool",
          provider_id: "langgenius/serper/serper",
          provider_type: "builtin",
          tool_name: "serper_search",
          credential_id: PASSWORD,
          tool_configurations: { api_key: KEY, password: PASSWORD },
          tool_parameters: { query: { type: "mixed", value: "{{#sys.query#}}" }, api_key: { type: "constant", value: KEY }, access_token: PASSWORD },
        }),
        node("agent", {
          title: "Agent",
          type: "agent",
          agent_strategy_name: "function_calling",
          agent_parameters: {
            model: { type: "constant", value: { provider: "langgenius/openai/openai", model: "gpt-4o", completion_params: { temperature: 0.2 } } },
            instruction: { type: "constant", value: "Help." },
            query: { type: "constant", value: "{{#sys.query#}}" },
            tools: {
              type: "constant",
              value: [
                {
                  enabled: true,
                  provider_name: "langgenius/github/github",
                  tool_name: "github_repositories",
                  type: "builtin",
                  credential_id: PASSWORD,
                  parameters: { api_key: { auto: 0, value: KEY } },
                  settings: { access_token: { value: PASSWORD }, client_secret: { value: KEY } },
                },
              ],
            },
          },
        }),
        node("answer", { title: "Answer", type: "answer", answer: "{{#agent.text#}}" }),
      ],
    },
  },
};

const agentApp = {
  app: { mode: "agent-chat", name: "Planted agent" },
  kind: "app",
  version: "0.1.5",
  model_config: {
    model: { provider: "openai", name: "gpt-4o", completion_params: { temperature: 0.1 } },
    pre_prompt: "Help.",
    agent_mode: {
      enabled: true,
      tools: [
        {
          enabled: true,
          provider_id: "weather",
          provider_type: "api",
          provider_name: "Weather",
          tool_name: "now",
          tool_parameters: { api_key: KEY, password: PASSWORD, city: "" },
        },
      ],
    },
  },
};

function imported(data: unknown) {
  return importForeign(stringify(data), IMPORT_CONTEXT);
}

describe("credentials in a Dify file", () => {
  it("never reach the document or the report, from any credential field of a workflow", () => {
    const { document, report } = imported(workflow);
    const written = JSON.stringify({ document, report });
    expect(written).not.toContain(KEY);
    expect(written).not.toContain(PASSWORD);
    expect(written).not.toContain("planted");
  });

  it("become named secrets where a request needs them", () => {
    const { document, report } = imported(workflow);
    const config = (id: string) => {
      const tool = document.tools.find((t) => t.id === `http_${id}`);
      return tool?.kind === "http" ? tool.config : undefined;
    };
    expect(config("bearer")?.headers).toEqual({ Authorization: "Bearer {{ secrets.DIFY_HTTP_BEARER_API_KEY }}" });
    expect(config("custom")?.headers).toEqual({ "X-Api-Key": "{{ secrets.DIFY_HTTP_CUSTOM_API_KEY }}" });
    expect(config("basic")?.headers).toEqual({ Authorization: "Basic {{ secrets.DIFY_HTTP_BASIC_API_KEY }}" });
    expect(config("headers")).toMatchObject({
      headers: {
        Authorization: "Bearer {{ secrets.DIFY_HTTP_HEADERS_AUTHORIZATION }}",
        "X-Api-Key": "{{ secrets.DIFY_HTTP_HEADERS_X_API_KEY }}",
        Cookie: "{{ secrets.DIFY_HTTP_HEADERS_COOKIE }}",
        "X-Service": "{{ secrets.DIFY_SERVICE_KEY }}",
        Accept: "application/json",
      },
      query: { api_key: "{{ secrets.DIFY_HTTP_HEADERS_API_KEY }}", q: "{{ args.a1 }}" },
    });
    expect(config("url")).toMatchObject({
      url: "https://api.example.com/v1/items?q=1",
      query: { token: "{{ secrets.DIFY_HTTP_URL_TOKEN }}", access_token: "{{ secrets.DIFY_HTTP_URL_ACCESS_TOKEN }}" },
    });
    expect(config("form")?.json_body).toEqual({ password: "", user: "ana", secret: "" });
    expect(report.notes).toContain('Secret environment variable "SERVICE_KEY": set it in Settings → Secrets as DIFY_SERVICE_KEY; its value is not copied.');
    expect(report.nodes.find((n) => n.id === "tool")?.reason).toContain(
      "Its credential parameters (api_key, access_token) are not copied: set them in Settings.",
    );
  });

  it("never reach the document or the report from an agent app's tool settings", () => {
    const written = JSON.stringify(imported(agentApp));
    expect(written).not.toContain(KEY);
    expect(written).not.toContain(PASSWORD);
  });
});
