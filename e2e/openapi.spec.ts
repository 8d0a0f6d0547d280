// OpenAPI import: a document pasted into graph settings becomes HTTP tools; an agent given one
// calls the API (a local server with CORS) from the browser, and the card shows its answer.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test } from "./fixtures";
import { scriptedAgentGraph } from "../src/tools/testing/scriptedAgentGraph";

let api: Server;
let apiUrl: string;
const calls: string[] = [];

// The tests share the server started below: one worker runs them, in order.
test.describe.configure({ mode: "default" });

test.beforeAll(async () => {
  api = createServer((req, res) => {
    const cors = { "access-control-allow-origin": "*", "access-control-allow-headers": "*" };
    if (req.method === "OPTIONS") return void res.writeHead(204, cors).end();
    calls.push(req.url ?? "");
    const city = new URL(req.url ?? "/", "http://x").searchParams.get("city");
    res.writeHead(200, { ...cors, "content-type": "application/json" }).end(JSON.stringify({ city, sky: "sunny spells" }));
  });
  await new Promise<void>((resolve) => api.listen(0, "127.0.0.1", resolve));
  apiUrl = `http://127.0.0.1:${(api.address() as AddressInfo).port}`;
});

test.afterAll(async () => {
  api.closeAllConnections();
  await new Promise<void>((resolve) => api.close(() => resolve()));
});

function openApiDocument(): string {
  return JSON.stringify({
    openapi: "3.0.3",
    info: { title: "Forecasts", version: "1" },
    servers: [{ url: apiUrl }],
    paths: {
      "/forecast": {
        get: {
          operationId: "forecast",
          summary: "The forecast for a city",
          parameters: [{ name: "city", in: "query", required: true, schema: { type: "string" } }],
          responses: { "200": { description: "ok" } },
        },
      },
      "/alerts": { get: { operationId: "alerts", responses: { "200": { description: "ok" } } } },
    },
  });
}

/** Start → a scripted agent (no tools yet) whose rule calls `forecast` → End. */
const drill = JSON.stringify(
  scriptedAgentGraph({
    id: "openapi-drill",
    name: "OpenAPI drill",
    rules: [
      { match: "forecast for (?<city>\\w+)", tool_calls: [{ name: "forecast", args: { city: "{{ match.city }}" } }] },
      { on: "tool", tool: "forecast", reply: "Here it is." },
    ],
  }),
);

test("an operation imported from an OpenAPI document runs as a tool the agent calls", async ({ app, controls, editor, page, playground }) => {
  await app.goto();
  await controls.import("openapi-drill.json", drill);
  await expect(controls.graphName).toHaveValue("OpenAPI drill");

  await editor.inspector.getByRole("button", { name: "Import OpenAPI" }).click();
  const dialog = page.getByRole("dialog", { name: "Import OpenAPI" });
  await dialog.getByRole("textbox", { name: "OpenAPI document" }).fill(openApiDocument());
  await dialog.getByRole("button", { name: "Read operations" }).click();
  await expect(dialog.getByRole("list", { name: "Operations" }).getByRole("listitem")).toHaveCount(2);
  await dialog.getByRole("checkbox", { name: "GET /forecast" }).check();
  await dialog.getByRole("button", { name: "Add tools" }).click();
  await expect(dialog).toBeHidden();
  const forecast = editor.inspector.getByRole("group", { name: "Tool forecast" });
  // The HTTP tool's own form shows what the operation became.
  await expect(forecast.getByRole("textbox", { name: "URL" })).toHaveValue(`${apiUrl}/forecast`);
  await expect(forecast.getByRole("combobox", { name: "Method" })).toHaveValue("GET");
  await expect(forecast.getByRole("textbox", { name: "Query" })).toContainText('"city": "{{ args.city }}"');

  await editor.selectWithKeyboard("Assistant");
  await editor.inspector
    .getByRole("group", { name: "Tools", exact: true })
    .getByRole("checkbox", { name: /forecast/ })
    .check();
  await playground.sendAndSettle("forecast for Oslo");
  await expect(playground.article("Assistant: Here it is.")).toBeVisible();
  await expect(playground.toolCall("forecast")).toContainText("sunny spells");
  // The card says where the call went.
  await expect(playground.toolCall("forecast")).toContainText(`→ ${apiUrl}`);
  expect(calls).toEqual(["/forecast?city=Oslo"]);
});

test("a document that is not OpenAPI says why, and adds nothing", async ({ app, editor, page }) => {
  await app.goto();
  await editor.inspector.getByRole("button", { name: "Import OpenAPI" }).click();
  const dialog = page.getByRole("dialog", { name: "Import OpenAPI" });
  await dialog.getByRole("textbox", { name: "OpenAPI document" }).fill('{ "hello": "world" }');
  await dialog.getByRole("button", { name: "Read operations" }).click();
  await expect(dialog.getByRole("alert")).toHaveText(/no `paths`/);
  await expect(dialog.getByRole("button", { name: "Add tools" })).toBeDisabled();
});
