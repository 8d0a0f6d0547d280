// A runtime server started for other pages (`--cors-origin` naming another origin) refuses this
// one: the browser sees only a network error, and the app says what to pass instead of "cannot
// be reached".
import { expect, test } from "./fixtures";
import { startRuntimeProcess, type RuntimeProcess } from "../src/server/testing/runtimeProcess";

let server: RuntimeProcess;

// The tests share the server started below: one worker runs them, in order.
test.describe.configure({ mode: "default" });

test.beforeAll(async () => {
  server = await startRuntimeProcess({ corsOrigins: ["http://app.example:5000"] });
});

test.afterAll(async () => {
  await server?.close();
});

test("publishing to a server that refuses this page's origin says to start it with --cors-origin and this origin", async ({
  page,
  app,
  controls,
  playground,
  baseURL,
}) => {
  const origin = new URL(String(baseURL)).origin;
  await app.goto();
  await controls.button("Settings").click();
  const settings = controls.dialog("Settings");
  await settings.getByRole("textbox", { name: "LangGraph server URL" }).fill(server.url);
  await settings.getByRole("button", { name: "Save" }).click();
  await expect(settings).toBeHidden();

  await page.getByRole("button", { name: "Publish to server" }).click();
  await expect(playground.region.getByRole("alert")).toContainText(
    `The LangGraph server at ${server.url} is running but refused this page's origin ${origin}: start it with --cors-origin ${origin}`,
    { timeout: 30_000 },
  );
});
