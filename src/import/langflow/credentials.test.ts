/**
 * A key planted in every credential field a Langflow export has (secret inputs, global-variable
 * references, API Request and MCP headers, tokens in URLs and base URLs, a chat memory's
 * password) never reaches the new graph or its report; the report says what to set instead.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { importForeign, readForeignFile } from "../index.js";

const KEY = "sk-planted-langflow-0123456789abcdef";
const context = { graphId: "imported-langflow", now: "2026-12-05T00:00:00.000Z" };
const FIXTURES = path.join(import.meta.dirname, "fixtures");

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === "object" && v !== null && !Array.isArray(v);
const SECRETISH = /key|token|secret|password|auth|credential/i;

/** Plants KEY in every credential-ish place of one component's template. */
function plant(template: Json): void {
  for (const [name, field] of Object.entries(template)) {
    if (!isObject(field)) continue;
    if (field.password === true || field._input_type === "SecretStrInput" || SECRETISH.test(name)) field.value = KEY;
    if (name === "headers")
      field.value = [
        { key: "Authorization", value: `Bearer ${KEY}` },
        { key: "Accept", value: KEY },
        { key: "X-Api-Key", value: KEY },
      ];
    if (name === "query_params") field.value = { api_key: KEY, region: "eu" };
    if (name === "url_input") field.value = `https://user:${KEY}@api.orders.example.com/v2/orders?token=${KEY}&region=eu#${KEY}`;
    if (name === "openai_api_base" || name === "base_url") field.value = `https://proxy:${KEY}@llm.example.com/v1?api-key=${KEY}`;
    if (name === "mcp_server")
      field.value = {
        name: "tickets",
        config: { url: `https://mcp.tickets.example.com/mcp?token=${KEY}`, headers: { Authorization: `Bearer ${KEY}`, "X-Api-Key": KEY } },
      };
  }
}

/** A chat memory kept in an outside database, with a password and a token in its connection URL. */
const externalMemory = {
  id: "CassandraChatMemory-k3Y01",
  type: "genericNode",
  position: { x: 0, y: 0 },
  data: {
    id: "CassandraChatMemory-k3Y01",
    type: "CassandraChatMemory",
    node: {
      display_name: "Cassandra Chat Memory",
      template: {
        _type: "Component",
        database_ref: { type: "str", value: `https://admin:${KEY}@db.example.com:9042`, display_name: "Contact Points / Astra Database ID" },
        username: { type: "str", value: "admin", display_name: "Username" },
        token: { type: "str", value: KEY, password: true, display_name: "Password / AstraDB Token" },
      },
      outputs: [{ name: "memory", types: ["Memory"] }],
    },
  },
};

function planted(text: string): string {
  const value = JSON.parse(text) as Json;
  const flows = Array.isArray(value.flows) ? (value.flows as Json[]) : [value];
  for (const flow of flows) {
    const graph = flow.data as { nodes: Json[] };
    for (const node of graph.nodes) {
      const template = ((node.data as Json).node as Json | undefined)?.template;
      if (isObject(template)) plant(template);
    }
    graph.nodes.push(structuredClone(externalMemory));
  }
  return JSON.stringify(value);
}

describe("credentials in Langflow exports", () => {
  const files = readdirSync(FIXTURES).filter((f) => f.endsWith(".json"));
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("imports every fixture without fetching anything", () => {
    const fetch = vi.spyOn(globalThis, "fetch");
    for (const file of files) {
      const text = planted(readFileSync(path.join(FIXTURES, file), "utf8"));
      for (const flow of readForeignFile(text).flows) importForeign(text, { ...context, flow: flow.name });
    }
    expect(fetch).not.toHaveBeenCalled();
  });

  it.each(files)("%s: a planted key reaches neither the graph nor the report", (file) => {
    const text = planted(readFileSync(path.join(FIXTURES, file), "utf8"));
    expect(text.split(KEY).length).toBeGreaterThan(5);
    for (const flow of readForeignFile(text).flows) {
      const { document, report } = importForeign(text, { ...context, flow: flow.name });
      const written = JSON.stringify({ document, report });
      expect(written).not.toContain(KEY);
      expect(written).not.toContain(KEY.slice(3, 20));
      expect(report.nodes.find((n) => n.id === "CassandraChatMemory-k3Y01")?.status).toBe("unmapped");
      expect(report.notes.some((note) => note.includes("Password / AstraDB Token") && note.includes("not copied"))).toBe(true);
    }
  });

  it("turns header and query credentials into named secrets and says which to add", () => {
    const text = planted(readFileSync(path.join(FIXTURES, "agent-tools.json"), "utf8"));
    const { document, report } = importForeign(text, context);
    const http = document.tools.find((t) => t.kind === "http");
    expect(http?.config).toMatchObject({
      url: "https://api.orders.example.com/v2/orders",
      query: { token: "{{ secrets.GET_ORDERS_TOKEN }}", region: "eu", api_key: "{{ secrets.GET_ORDERS_API_KEY }}" },
      headers: {
        Authorization: "{{ secrets.GET_ORDERS_AUTHORIZATION }}",
        Accept: "{{ secrets.GET_ORDERS_ACCEPT }}",
        "X-Api-Key": "{{ secrets.GET_ORDERS_X_API_KEY }}",
      },
    });
    expect(document.mcp_servers).toEqual([
      {
        name: "tickets",
        url: "https://mcp.tickets.example.com/mcp",
        headers: { Authorization: "{{ secrets.TICKETS_AUTHORIZATION }}", "X-Api-Key": "{{ secrets.TICKETS_X_API_KEY }}" },
      },
    ]);
    expect(document.models[0]?.base_url).toBe("https://llm.example.com/v1");
    expect(report.notes).toContain(
      'Tool "get_orders" reads the secrets GET_ORDERS_TOKEN, GET_ORDERS_API_KEY, GET_ORDERS_AUTHORIZATION, GET_ORDERS_ACCEPT, GET_ORDERS_X_API_KEY: add them in Settings → Secrets (their values were not copied from Langflow)',
    );
    expect(report.notes).toContain('Support Agent (Agent) had a credential in "OpenAI API Key"; it was not copied: set the OpenAI key in Settings');
  });
});
