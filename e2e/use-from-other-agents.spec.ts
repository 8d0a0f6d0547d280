// `Use from other agents`: for a graph published to a Graphwright runtime server that asks for an
// API key (started by this spec with `npm run cli -- serve` on a free loopback port), the panel
// gives the MCP URL, Claude Desktop, Claude Code and Cursor configuration, the stdio command and
// the A2A card URL for that graph, each copied by its button, with a placeholder where the key
// goes and never the key saved in Settings.
import { expect, test } from "./fixtures";
import type { AppPage } from "./pages/AppPage";
import type { GraphControls } from "./pages/GraphControls";
import { Client } from "@langchain/langgraph-sdk";
import { startRuntimeProcess, type RuntimeProcess } from "../src/server/testing/runtimeProcess";
import { mcpToolName } from "../src/schema/mcpToolName";
import { Client as McpClient } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";

let server: RuntimeProcess;
/** A server start (the prebuilt CLI, then the LangGraph API's own start) on a loaded 2-core machine. */
const SERVER_START_MS = 90_000;
const KEY = "gw-panel-key-7c1d93ab5e";

// The tests share the server started below: one worker runs them, in order.
test.describe.configure({ mode: "default" });

test.beforeAll(async ({ baseURL }) => {
  test.setTimeout(SERVER_START_MS + 10_000);
  server = await startRuntimeProcess({ corsOrigins: [new URL(String(baseURL)).origin], timeoutMs: SERVER_START_MS, apiKey: KEY });
});

test.afterAll(async () => {
  await server?.close();
});

test.afterEach(({ consoleErrors }) => {
  expect(consoleErrors).toEqual([]);
});

/** Settings → the runtime server this spec started, and its key; then a template of our own. */
async function openOnKeyedServer(app: AppPage, controls: GraphControls): Promise<void> {
  await app.goto();
  await controls.button("Settings").click();
  const settings = controls.dialog("Settings");
  await settings.getByRole("textbox", { name: "LangGraph server URL" }).fill(server.url);
  await settings.getByRole("textbox", { name: "LangGraph API key" }).fill(KEY);
  await settings.getByRole("button", { name: "Save" }).click();
  await expect(settings).toBeHidden();
  await controls.openTemplate("Personal assistant");
}

test("the panel of a graph not yet published on the server says to publish it", async ({ page, app, controls }) => {
  await openOnKeyedServer(app, controls);
  await page.getByRole("button", { name: "Use from other agents" }).click();
  const panel = page.getByRole("dialog", { name: "Use from other agents" });
  await expect(panel).toContainText(`Personal assistant is not published on ${server.url} yet: Publish to server sends it`);
  await expect(panel.getByRole("textbox")).toHaveCount(0);
});

test("a published graph's panel gives MCP, Claude, Cursor, stdio and A2A snippets with copy buttons and a key placeholder, never the saved key", async ({
  page,
  context,
  app,
  controls,
}) => {
  test.setTimeout(60_000);
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await openOnKeyedServer(app, controls);
  const opener = page.getByRole("button", { name: "Use from other agents" });
  const panel = page.getByRole("dialog", { name: "Use from other agents" });

  await page.getByRole("button", { name: "Publish to server" }).click();
  await expect(page.getByText(/Personal assistant published on/)).toBeVisible();
  const client = new Client({ apiUrl: server.url, apiKey: KEY });
  const assistant = (await client.assistants.search({ graphId: "graphwright" })).find((a) => a.name === "Personal assistant");
  const graphId = String(assistant?.metadata?.graphwright_id);
  expect(graphId).toMatch(/^g_/);

  // By keyboard: the panel opens, focus goes to its first copy button once the server has answered, and Enter copies.
  await opener.focus();
  await page.keyboard.press("Enter");
  await expect(panel.getByRole("button", { name: "Copy MCP URL" })).toBeFocused();
  await expect(panel).toContainText(`the MCP tool ${graphId} on ${server.url}`);
  await page.keyboard.press("Enter");
  await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(`${server.url}/mcp`);

  const mcpUrl = `${server.url}/mcp`;
  const expected: Record<string, string> = {
    "MCP URL": mcpUrl,
    "Claude Desktop configuration": JSON.stringify(
      {
        mcpServers: {
          graphwright: {
            command: "npx",
            args: ["-y", "mcp-remote", mcpUrl, "--header", "x-api-key:${GRAPHWRIGHT_API_KEY}"],
            env: { GRAPHWRIGHT_API_KEY: "<your key>" },
          },
        },
      },
      null,
      2,
    ),
    "Claude Code command": `claude mcp add --transport http --header "x-api-key: <your key>" graphwright ${mcpUrl}`,
    "Cursor configuration": JSON.stringify({ mcpServers: { graphwright: { url: mcpUrl, headers: { "x-api-key": "<your key>" } } } }, null, 2),
    "stdio command": "npm run --silent cli -- mcp personal-assistant.json",
    "A2A agent card URL": `${server.url}/.well-known/agent-card.json?assistant_id=${assistant?.assistant_id}`,
  };
  const copied = panel.locator("[aria-live=polite]");
  for (const [title, text] of Object.entries(expected)) {
    await expect(panel.getByRole("textbox", { name: title })).toHaveValue(text);
    await panel.getByRole("button", { name: `Copy ${title}` }).click();
    await expect(copied).toHaveText(`Copied the ${title}.`);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(text);
  }

  // What the panel names is what the server serves: the MCP tool, and the A2A card.
  const mcp = new McpClient({ name: "use-from-other-agents", version: "1.0.0" });
  await mcp.connect(new StreamableHTTPClientTransport(new URL(mcpUrl), { requestInit: { headers: { "x-api-key": KEY } } }));
  expect((await mcp.listTools()).tools.map((t) => t.name)).toContain(mcpToolName(graphId));
  await mcp.close();
  const card = await fetch(expected["A2A agent card URL"] ?? "", { headers: { "x-api-key": KEY } });
  expect(card.status).toBe(200);
  expect(((await card.json()) as { name: string }).name).toBe("Personal assistant");

  // The saved key is nowhere in the panel: not in its text, not in any field.
  expect(await panel.innerText()).not.toContain(KEY);
  const values = await panel.getByRole("textbox").evaluateAll((fields) => fields.map((f) => (f as HTMLInputElement).value));
  expect(values).toHaveLength(6);
  for (const value of values) expect(value).not.toContain(KEY);

  // Escape closes it and gives focus back to the button that opened it.
  await page.keyboard.press("Escape");
  await expect(panel).toBeHidden();
  await expect(opener).toBeFocused();
});
