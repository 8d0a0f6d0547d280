// MCP servers: graph settings connect to MCP's reference server (server-everything, started by
// this spec on 127.0.0.1), list its tools, add two to the catalog, and an agent calls both from
// the browser; the tool cards show the server's answers.
import { expect, test } from "./fixtures";
import { startEverythingServer, type EverythingServer } from "../src/tools/testing/everythingServer";
import { scriptedAgentGraph } from "../src/tools/testing/scriptedAgentGraph";

let server: EverythingServer;

// The tests share the server started below: one worker runs them, in order.
test.describe.configure({ mode: "default" });

test.beforeAll(async () => {
  server = await startEverythingServer();
});

test.afterAll(async () => {
  await server.close();
});

/** Start → a scripted agent (no tools yet) whose rule calls `echo` and `get-sum` → End. */
const drill = JSON.stringify(
  scriptedAgentGraph({
    id: "mcp-drill",
    name: "MCP drill",
    rules: [
      {
        match: "echo (?<word>\\w+) and add",
        tool_calls: [
          { name: "echo", args: { message: "{{ match.word }}" } },
          { name: "get-sum", args: { a: 2, b: 3 } },
        ],
      },
      { on: "tool", tool: "get-sum", reply: "All done." },
    ],
  }),
);

test("tools added from a connected MCP server run when the agent calls them", async ({ app, controls, editor, page, playground }) => {
  await app.goto();
  await controls.import("mcp-drill.json", drill);
  await expect(controls.graphName).toHaveValue("MCP drill");
  const opened = server.sessionsOpened();

  await editor.inspector.getByRole("button", { name: "Add MCP server" }).click();
  const dialog = page.getByRole("dialog", { name: "MCP server" });
  await dialog.getByRole("textbox", { name: "Server name" }).fill("everything");
  await dialog.getByRole("textbox", { name: "Server URL" }).fill(server.url);
  await dialog.getByRole("button", { name: "Connect" }).click();
  const listed = dialog.getByRole("list", { name: "Server tools" });
  await expect(listed.getByRole("checkbox", { name: "echo", exact: true })).toBeVisible({ timeout: 15_000 });
  await expect(listed.getByText("Input schema of get-sum")).toBeVisible();
  await listed.getByRole("checkbox", { name: "echo", exact: true }).check();
  await listed.getByRole("checkbox", { name: "get-sum", exact: true }).check();
  await dialog.getByRole("button", { name: "Add tools" }).click();
  await expect(dialog).toBeHidden();
  await expect(editor.inspector.getByRole("group", { name: "Tool echo" })).toBeVisible();
  await expect(editor.inspector.getByRole("group", { name: "Tool get-sum" })).toBeVisible();
  await expect(editor.inspector.getByRole("group", { name: "MCP server everything" })).toBeVisible();
  // Connect opened one session and ended it once the list was read.
  expect(server.sessionsOpened()).toBe(opened + 1);

  await editor.selectWithKeyboard("Assistant");
  const agentTools = editor.inspector.getByRole("group", { name: "Tools", exact: true });
  await agentTools.getByRole("checkbox", { name: /^echo\b/ }).check();
  await agentTools.getByRole("checkbox", { name: /^get-sum\b/ }).check();
  await playground.sendAndSettle("please echo hello and add");
  await expect(playground.article("Assistant: All done.")).toBeVisible();
  await expect(playground.toolCall("echo")).toContainText("Echo: hello");
  await expect(playground.toolCall("get-sum")).toContainText("The sum of 2 and 3 is 5.");
  // The card says which server the call reached.
  await expect(playground.toolCall("echo")).toContainText(`→ ${server.url}`);
  // A second run reuses the worker's session: one for Connect, one for both runs.
  await playground.sendAndSettle("please echo again and add");
  await expect(playground.toolCall("echo").last()).toContainText("Echo: again");
  expect(server.sessionsOpened()).toBe(opened + 2);
});

test("an image an MCP tool returns shows in its card, from the schema cached in the document", async ({ app, controls, playground }) => {
  const graph = JSON.parse(drill) as { tools?: unknown[]; mcp_servers?: unknown[]; nodes: { kind: string; data?: Record<string, unknown> }[] };
  graph.mcp_servers = [{ name: "everything", url: server.url, headers: {} }];
  graph.tools = [
    {
      id: "get-tiny-image",
      kind: "mcp",
      name: "get-tiny-image",
      input_schema: { type: "object", properties: {} },
      config: { server_url: server.url, tool: "get-tiny-image", server: "everything" },
    },
  ];
  const agent = graph.nodes.find((n) => n.kind === "agent");
  agent!.data = {
    ...agent!.data,
    tools: ["get-tiny-image"],
    script: {
      rules: [
        { match: "logo", tool_calls: [{ name: "get-tiny-image", args: {} }] },
        { on: "tool", tool: "get-tiny-image", reply: "Here it is." },
      ],
    },
  };
  await app.goto();
  await controls.import("mcp-image.json", JSON.stringify(graph));
  await expect(controls.graphName).toHaveValue("MCP drill");
  await playground.sendAndSettle("show me the logo");
  await expect(playground.article("Assistant: Here it is.")).toBeVisible();
  // The card opens like a disclosure; its result shows the image inline.
  await playground.toolCall("get-tiny-image").locator("summary").click();
  await expect(playground.toolCall("get-tiny-image").getByRole("img", { name: "Image 1 from get-tiny-image" })).toHaveAttribute(
    "src",
    /^data:image\/png;base64,/,
  );
});

test("importing a graph with MCP tools never connects to their server", async ({ app, controls }) => {
  const opened = server.sessionsOpened();
  const withTools = JSON.parse(drill) as { tools?: unknown[]; mcp_servers?: unknown[] };
  withTools.mcp_servers = [{ name: "everything", url: server.url, headers: {} }];
  withTools.tools = [{ id: "echo", kind: "mcp", name: "echo", config: { server_url: server.url, tool: "echo", server: "everything" } }];
  await app.goto();
  await controls.import("mcp-import.json", JSON.stringify(withTools));
  await expect(controls.graphName).toHaveValue("MCP drill");
  expect(server.sessionsOpened()).toBe(opened);
});

test("connecting to a server that is not there says so in the dialog", async ({ app, editor, page }) => {
  const gone = await startEverythingServer();
  await gone.close();
  await app.goto();
  await editor.inspector.getByRole("button", { name: "Add MCP server" }).click();
  const dialog = page.getByRole("dialog", { name: "MCP server" });
  await dialog.getByRole("textbox", { name: "Server name" }).fill("gone");
  await dialog.getByRole("textbox", { name: "Server URL" }).fill(gone.url);
  await dialog.getByRole("button", { name: "Connect" }).click();
  await expect(dialog.getByRole("alert")).toContainText("Could not reach MCP server", { timeout: 15_000 });
  await expect(dialog.getByRole("button", { name: "Add tools" })).toBeDisabled();
});
