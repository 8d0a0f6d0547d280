import { describe, expect, it } from "vitest";
import { useRecordingApis } from "../../tests/support/recordingApi.js";
import { toolSchema, type ToolOfKind } from "../schema/index.js";
import type { SecretUseRequest } from "../engine/index.js";
import { httpTool } from "./http.js";
import { envSecrets, originList, readTemplateSecrets, type ToolSecrets } from "./services.js";

/** A loopback API that records every request, preflights included. */
const recordingApi = useRecordingApis('{"ok":true}');

function issuesTool(origin: string): ToolOfKind<"http"> {
  return toolSchema.parse({
    id: "t",
    kind: "http",
    name: "list_issues",
    config: { url: `${origin}/issues`, query: { token: "{{ secrets.GITHUB_TOKEN }}" } },
  }) as ToolOfKind<"http">;
}

/** Secrets held in memory with their allow-lists, as the worker's store keeps them. */
function memorySecrets(lists: Record<string, string[]>): ToolSecrets {
  return {
    get: async (name) => (name === "GITHUB_TOKEN" ? "ghp-secret" : undefined),
    allows: async (name, origin) => lists[name]?.includes(origin) ?? false,
    allow: async (name, origin) => void (lists[name] = [...(lists[name] ?? []), origin]),
  };
}

describe("the origin check of tool secrets", () => {
  it("sends a secret to an origin on its list without asking", async () => {
    const api = await recordingApi();
    const asked: SecretUseRequest[] = [];
    const tool = httpTool(issuesTool(api.origin), { secrets: memorySecrets({ GITHUB_TOKEN: [api.origin] }), graph: "Issues" });
    await tool.invoke({}, { callId: "c1", askSecretUse: (request) => (asked.push(request), "deny") });
    expect(asked).toEqual([]);
    expect(api.seen).toEqual(["GET /issues?token=ghp-secret"]);
  });

  it("asks, naming the graph, tool, secret and origin, before a secret goes to a new origin, and Deny sends nothing", async () => {
    const api = await recordingApi();
    const asked: SecretUseRequest[] = [];
    const tool = httpTool(issuesTool(api.origin), { secrets: memorySecrets({ GITHUB_TOKEN: ["https://api.github.com"] }), graph: "Issues" });
    await expect(tool.invoke({}, { callId: "c1", askSecretUse: (request) => (asked.push(request), "deny") })).rejects.toThrow(
      `The user denied sending the secret GITHUB_TOKEN to ${api.origin}`,
    );
    expect(asked).toEqual([{ graph: "Issues", tool: "list_issues", secret: "GITHUB_TOKEN", origin: api.origin }]);
    expect(api.seen).toEqual([]);
  });

  it("sends after Allow once without adding the origin, and Always allow adds it to the secret's list", async () => {
    const api = await recordingApi();
    const lists: Record<string, string[]> = {};
    const tool = httpTool(issuesTool(api.origin), { secrets: memorySecrets(lists) });
    await tool.invoke({}, { callId: "c1", askSecretUse: () => "once" });
    expect(lists).toEqual({});
    await tool.invoke({}, { callId: "c2", askSecretUse: () => "always" });
    expect(lists).toEqual({ GITHUB_TOKEN: [api.origin] });
    expect(api.seen).toEqual(["GET /issues?token=ghp-secret", "GET /issues?token=ghp-secret"]);
  });

  it("refuses, sending nothing, when a secret's origin is not allowed and no one can be asked", async () => {
    const api = await recordingApi();
    const tool = httpTool(issuesTool(api.origin), { secrets: memorySecrets({}) });
    await expect(tool.invoke({}, { callId: "c1" })).rejects.toThrow(`allow ${api.origin} for GITHUB_TOKEN under Tool secrets in Settings`);
    expect(api.seen).toEqual([]);
  });

  it("refuses an environment secret without GRAPHWRIGHT_SECRET_<NAME>_ORIGINS naming the variable, and never asks", async () => {
    const secrets = envSecrets({ GRAPHWRIGHT_SECRET_GITHUB_TOKEN: "ghp-env" });
    const asked: SecretUseRequest[] = [];
    const to = { origin: "https://evil.example", tool: "list_issues", ask: (request: SecretUseRequest) => (asked.push(request), "once" as const) };
    await expect(readTemplateSecrets(["{{ secrets.GITHUB_TOKEN }}"], secrets, 'Tool "list_issues"', to)).rejects.toThrow(
      "The secret GITHUB_TOKEN may not be sent to https://evil.example: set GRAPHWRIGHT_SECRET_GITHUB_TOKEN_ORIGINS",
    );
    expect(asked).toEqual([]);
  });

  it("reads an environment secret for an origin its GRAPHWRIGHT_SECRET_<NAME>_ORIGINS lists", async () => {
    const secrets = envSecrets({
      GRAPHWRIGHT_SECRET_GITHUB_TOKEN: "ghp-env",
      GRAPHWRIGHT_SECRET_GITHUB_TOKEN_ORIGINS: "https://API.github.com/, http://127.0.0.1:8080",
    });
    const read = await readTemplateSecrets(["{{ secrets.GITHUB_TOKEN }}"], secrets, 'Tool "t"', { origin: "https://api.github.com", tool: "t" });
    expect(read).toEqual({ GITHUB_TOKEN: "ghp-env" });
  });

  it("normalizes listed origins and drops entries that are not http(s) URLs", () => {
    expect(originList("https://API.github.com/, ftp://x, nonsense, http://127.0.0.1:8080/path")).toEqual(["https://api.github.com", "http://127.0.0.1:8080"]);
  });
});
