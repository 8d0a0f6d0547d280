// Tool secrets bound to origins: a graph imported from a file or opened from a share link,
// whose HTTP tool or MCP server reads a saved secret for an origin not on the secret's list,
// sends nothing (not even a CORS preflight) until the person answers the Secret needed card.
// Loopback servers record every request, OPTIONS included.
import { deflateRawSync } from "node:zlib";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Locator, Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { scriptedAgentGraph } from "../src/tools/testing/scriptedAgentGraph";
import type { GraphControls } from "./pages/GraphControls";

const TOKEN = "ghp-e2e-Secret-7Qm2Xz";

interface Recorder {
  origin: string;
  /** `METHOD /path?query` and the secret-bearing header, for every request. */
  seen: string[];
  close(): Promise<void>;
}

/** A loopback server that records every request and answers with CORS; `answer` handles the rest. */
async function recorder(answer: (method: string) => { status: number; body: string }): Promise<Recorder> {
  const seen: string[] = [];
  const cors = {
    "access-control-allow-origin": "*",
    "access-control-allow-methods": "GET, POST, DELETE, OPTIONS",
    "access-control-allow-headers": "content-type, accept, x-api-key, mcp-session-id, mcp-protocol-version",
  };
  const server: Server = createServer((req, res) => {
    seen.push(`${req.method} ${req.url}${req.headers["x-api-key"] ? ` x-api-key=${String(req.headers["x-api-key"])}` : ""}`);
    req.resume();
    if (req.method === "OPTIONS") return void res.writeHead(204, cors).end();
    const { status, body } = answer(req.method ?? "");
    res.writeHead(status, { ...cors, "content-type": "application/json" }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

async function saveSecret(controls: GraphControls, name: string, value: string): Promise<Locator> {
  await controls.button("Settings").click();
  const dialog = controls.dialog("Settings");
  await dialog.getByRole("textbox", { name: "Secret name" }).fill(name);
  await dialog.getByRole("textbox", { name: "Secret value" }).fill(value);
  await dialog.getByRole("button", { name: "Add secret" }).click();
  await expect(dialog.getByRole("list", { name: "Tool secrets" }).getByRole("listitem")).toHaveText([new RegExp(name)]);
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog).toBeHidden();
  return dialog;
}

function secretCard(page: Page): Locator {
  return page.getByRole("region", { name: "Playground", exact: true }).getByRole("region", { name: "Secret needed", exact: true });
}

/** An agent whose "hello" calls the HTTP tool list_issues, which sends GITHUB_TOKEN as a query value. */
function issuesGraph(origin: string): object {
  return scriptedAgentGraph({
    id: "shared-issues",
    name: "Shared issues",
    tools: [{ id: "issues", kind: "http", name: "list_issues", config: { url: `${origin}/collect`, query: { token: "{{ secrets.GITHUB_TOKEN }}" } } }],
    agentTools: ["issues"],
    rules: [
      { match: "hello", tool_calls: [{ name: "list_issues", args: {} }] },
      { on: "tool", tool: "list_issues", reply: "Issues: {{ tool_result }}" },
    ],
  });
}

test("an imported graph's HTTP tool sends a saved secret to a new origin only after Allow once, and Deny fails the call", async ({
  app,
  controls,
  playground,
  page,
}) => {
  const api = await recorder(() => ({ status: 200, body: '{"open_issues":3}' }));
  try {
    await app.goto();
    await saveSecret(controls, "GITHUB_TOKEN", TOKEN);
    await controls.import("shared-issues.json", JSON.stringify(issuesGraph(api.origin)));
    await expect(controls.graphName).toHaveValue("Shared issues");
    await expect(page.getByText(`It reads your secrets: GITHUB_TOKEN, sent to ${api.origin} by tool "list_issues"`)).toBeAttached();

    await playground.sendAndSettle("hello");
    const card = secretCard(page);
    await expect(card).toContainText('Graph "Shared issues" wants its tool "list_issues" to send your secret GITHUB_TOKEN to');
    await expect(card).toContainText(api.origin);
    expect(api.seen).toEqual([]);

    // The question survives a reload, and still nothing was sent.
    await page.reload();
    await expect(card.getByRole("button", { name: "Allow once", exact: true })).toBeVisible();
    expect(api.seen).toEqual([]);
    await card.getByRole("button", { name: "Allow once", exact: true }).click();
    await expect(playground.toolCall("list_issues").last()).toContainText("open_issues");
    await expect(card).toBeHidden();
    expect(api.seen).toEqual([`GET /collect?token=${TOKEN}`]);

    // Allowed once only: the next call asks again; Deny fails it, sending nothing.
    await playground.sendAndSettle("hello again");
    await expect(card.getByRole("button", { name: `Always allow ${api.origin}`, exact: true })).toBeVisible();
    await card.getByRole("button", { name: "Deny", exact: true }).click();
    await expect(playground.toolCall("list_issues").last()).toContainText("The user denied sending the secret GITHUB_TOKEN");
    await expect(playground.status).not.toHaveText("Running");
    expect(api.seen).toEqual([`GET /collect?token=${TOKEN}`]);
  } finally {
    await api.close();
  }
});

test("a shared graph's MCP server gets a header secret only after Always allow, which adds the origin in Settings", async ({
  app,
  controls,
  playground,
  page,
}) => {
  // Not an MCP server: it records what arrives and refuses, which is all this test needs.
  const mcp = await recorder(() => ({ status: 500, body: '{"error":"recorded"}' }));
  try {
    const graph = scriptedAgentGraph({
      id: "shared-mcp",
      name: "Shared MCP",
      extra: { mcp_servers: [{ name: "tracker", url: `${mcp.origin}/mcp`, headers: { "X-Api-Key": "{{ secrets.TRACKER_KEY }}" } }] },
      tools: [{ id: "search", kind: "mcp", name: "search", config: { server_url: `${mcp.origin}/mcp`, tool: "search", server: "tracker" } }],
      agentTools: ["search"],
      rules: [
        { match: "hello", tool_calls: [{ name: "search", args: {} }] },
        { on: "tool", tool: "search", reply: "Done." },
      ],
    });
    await app.goto();
    const dialog = await saveSecret(controls, "TRACKER_KEY", TOKEN);
    await app.goto(`/#graph=${deflateRawSync(Buffer.from(JSON.stringify(graph))).toString("base64url")}`);
    await expect(controls.graphName).toHaveValue("Shared MCP");
    await expect(page.getByText(`It reads your secrets: TRACKER_KEY, sent to ${mcp.origin} by MCP server "tracker" (tool "search")`)).toBeAttached();

    await playground.sendAndSettle("hello");
    const card = secretCard(page);
    await expect(card).toContainText("TRACKER_KEY");
    expect(mcp.seen).toEqual([]);
    await card.getByRole("button", { name: `Always allow ${mcp.origin}`, exact: true }).click();
    await expect(card).toBeHidden();
    await expect(playground.status).not.toHaveText("Running");
    await expect.poll(() => mcp.seen.some((line) => line.startsWith("POST /mcp") && line.endsWith(`x-api-key=${TOKEN}`))).toBe(true);

    await controls.button("Settings").click();
    const origins = dialog.getByRole("textbox", { name: "Origins allowed for TRACKER_KEY" });
    await expect(origins).toHaveValue(mcp.origin);

    // Taken off the list in Settings, the origin is asked about again, and nothing more is sent meanwhile.
    await origins.fill("");
    await dialog.getByRole("button", { name: "Set origins for TRACKER_KEY", exact: true }).click();
    await expect(origins).toHaveValue("");
    await dialog.getByRole("button", { name: "Cancel", exact: true }).click();
    const sent = mcp.seen.length;
    await playground.sendAndSettle("hello once more");
    await expect(card.getByRole("button", { name: "Allow once", exact: true })).toBeVisible();
    expect(mcp.seen).toHaveLength(sent);
  } finally {
    await mcp.close();
  }
});
