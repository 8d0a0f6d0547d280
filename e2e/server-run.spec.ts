// Running on a LangGraph server: Settings names a Graphwright runtime server (started by this
// spec with `npm run cli -- serve` on a free loopback port), the playground's `Run on` picks it,
// and templates run there with the same chat and timeline: nested sub-agent rows, tool cards,
// an approval answered in the browser, the thread still there after a reload, a step's state read
// from the server, and a thread another client started opened here and continued.
import { expect, test } from "./fixtures";
import type { GraphControls } from "./pages/GraphControls";
import { InterruptPage } from "./pages/InterruptPage";
import { handbookGraph, REFUNDS } from "./handbookGraph";
import { readFileSync } from "node:fs";
import { Client } from "@langchain/langgraph-sdk";
import { startRuntimeProcess, type RuntimeProcess } from "../src/server/testing/runtimeProcess";

let server: RuntimeProcess;
const STREAM_TIMEOUT = 30_000;

/** A server start (the prebuilt CLI, then the LangGraph API's own start) on a loaded 2-core machine. */
const SERVER_START_MS = 90_000;

// The tests share the server started below: one worker runs them, in order.
test.describe.configure({ mode: "default" });

test.beforeAll(async ({ baseURL }) => {
  // The hook's limit is the start's own bound and a little more, so a slow start fails with the server's output, not the hook's timeout.
  test.setTimeout(SERVER_START_MS + 10_000);
  // The server answers only the origins it is told: this app's.
  server = await startRuntimeProcess({ corsOrigins: [new URL(String(baseURL)).origin], timeoutMs: SERVER_START_MS });
});

test.afterAll(async () => {
  await server?.close();
});

/** Settings → LangGraph server URL: the runtime server this spec started. */
async function useServer(controls: GraphControls): Promise<void> {
  await controls.button("Settings").click();
  const settings = controls.dialog("Settings");
  await settings.getByRole("textbox", { name: "LangGraph server URL" }).fill(server.url);
  await settings.getByRole("button", { name: "Save" }).click();
  await expect(settings).toBeHidden();
}

test.afterEach(({ consoleErrors }) => {
  expect(consoleErrors).toEqual([]);
});

test("templates run on a runtime server chosen in Run on: nested sub-agents, tool cards, an approval, and the thread after a reload", async ({
  page,
  app,
  controls,
  playground,
  timeline,
}) => {
  // Two templates, an approval and a reload, each turn through a real server: about 25 s on CI
  // beside another browser, too close to the default 30 s.
  test.setTimeout(90_000);
  await app.goto();
  await useServer(controls);

  await controls.openTemplate("MainAgent with Emails, Meetings, Tasks and Research sub-agents");
  const runOn = page.getByRole("combobox", { name: "Run on" });
  await expect(runOn.getByRole("option")).toHaveText(["This browser", `Server ${new URL(server.url).host}`]);
  await runOn.selectOption({ label: `Server ${new URL(server.url).host}` });

  await playground.sendAndWait("Any unread emails?", STREAM_TIMEOUT);
  await expect(playground.article("MainAgent: From EmailsAgent: 3 unread")).toBeVisible();
  const card = playground.toolCall("EmailsAgent");
  await card.locator("summary").click();
  await expect(card.getByRole("list", { name: "Work inside EmailsAgent" })).toContainText("EmailsAgent: called search_emails");
  await timeline.verbose.check();
  await timeline.filter.fill("type:tool_call");
  await expect(timeline.row("tool_call EmailsAgent (MainAgent)")).toHaveAttribute("aria-level", "3");
  await expect(timeline.row("tool_call search_emails (EmailsAgent)")).toHaveAttribute("aria-level", "5");
  await timeline.filter.fill("");
  // The turn published the graph: the playground lists what the server holds.
  const published = page.getByRole("region", { name: "Published graphs" });
  await expect(published).toContainText("MainAgent with Emails, Meetings, Tasks and Research sub-agents · v1");

  // An approval on the server, answered here.
  await controls.openTemplate("Personal assistant");
  await playground.send("delete task 7");
  const approval = new InterruptPage(page);
  await expect(approval.approval).toContainText("delete_task", { timeout: STREAM_TIMEOUT });
  await approval.approveButton.click();
  await expect(playground.status).toHaveText("Idle", { timeout: STREAM_TIMEOUT });
  await expect(playground.toolCall("delete_task")).toBeVisible();
  await expect(published).toContainText("Personal assistant · v1");
  const answer = await playground.replies.last().textContent();

  // A thread started elsewhere (here, the SDK) on the published Personal assistant.
  const client = new Client({ apiUrl: server.url, apiKey: null });
  const assistant = (await client.assistants.search({ graphId: "graphwright" })).find((a) => a.name === "Personal assistant");
  const elsewhere = await client.threads.create();
  await client.runs.wait(elsewhere.thread_id, assistant?.assistant_id ?? "", { input: { messages: [{ role: "user", content: "plan my day" }] } });

  await page.reload();
  await expect(page.getByRole("combobox", { name: "Run on" })).toHaveValue("server");
  await expect(playground.article("User: delete task 7")).toBeVisible();
  await expect(playground.replies.last()).toHaveText(answer ?? "");
  await expect(playground.toolCall("delete_task")).toBeVisible();

  // The state at a step comes from the server's history.
  await timeline.filter.fill("type:run_end");
  await timeline.rows.last().click();
  const state = timeline.details.getByRole("region", { name: "State at checkpoint" });
  await expect(state).toContainText('"content": "delete task 7"');

  // Fork from here, on the server: the fork goes on from that step; the original thread is untouched.
  const original = await playground.thread.inputValue();
  await timeline.forkButton.click();
  await expect(playground.thread.locator("option:checked")).toHaveText("delete task 7 (fork)");
  const forked = await playground.thread.inputValue();
  await timeline.filter.fill("");
  await playground.sendAndWait("remind me to buy milk", STREAM_TIMEOUT);
  const humanSaid = async (threadId: string) =>
    ((await client.threads.getState(threadId.replace(/^thread_/, ""))).values as { messages: { type: string; content: string }[] }).messages
      .filter((m) => m.type === "human")
      .map((m) => m.content);
  expect(await humanSaid(forked)).toEqual(["delete task 7", "remind me to buy milk"]);
  expect(await humanSaid(original)).toEqual(["delete task 7"]);

  // The server's thread this browser never ran: opened with its history, and it goes on here.
  await page.getByRole("region", { name: "Server threads" }).getByRole("button", { name: "Open plan my day" }).click();
  await expect(playground.thread).toHaveValue(`thread_${elsewhere.thread_id}`);
  await expect(playground.article("User: plan my day")).toBeVisible();
  await expect(playground.replies).not.toHaveCount(0);
  await playground.sendAndWait("remind me to water the plants", STREAM_TIMEOUT);
  const serverState = await client.threads.getState(elsewhere.thread_id);
  const said = (serverState.values as { messages: { type: string; content: string }[] }).messages.filter((m) => m.type === "human").map((m) => m.content);
  expect(said).toEqual(["plan my day", "remind me to water the plants"]);

  // Publishing an unchanged graph keeps its version.
  await page.getByRole("button", { name: "Publish to server" }).click();
  await expect(playground.region.getByText("Personal assistant already published (version 1)")).toBeVisible();
});

test("a reload in the middle of a turn on the server shows the turn and its answer once, nothing run again here, and the next message runs there", async ({
  page,
  app,
  controls,
  playground,
}) => {
  // Two turns through a real server at 6 tokens a second, one of them across a reload.
  test.setTimeout(90_000);
  // The Weather template with its model slowed to 6 tokens a second, so the reload lands mid-reply.
  const weather = JSON.parse(readFileSync(new URL("../examples/weather-assistant.json", import.meta.url), "utf8")) as {
    meta: { id: string; name: string };
    nodes: { id: string; data?: { script?: { tokens_per_second?: number } } }[];
  };
  weather.meta = { ...weather.meta, id: "slow-weather", name: "Slow weather" };
  for (const node of weather.nodes) if (node.data?.script) node.data.script.tokens_per_second = 6;

  await app.goto();
  await useServer(controls);
  await controls.import("slow-weather.json", JSON.stringify(weather));
  await expect(controls.graphName).toHaveValue("Slow weather");
  await page.getByRole("combobox", { name: "Run on" }).selectOption("server");

  await playground.send("What's the weather in Oslo?");
  // The second reply is streaming: the tool has run on the server.
  await expect(playground.article("Assistant: Right now")).toBeVisible({ timeout: STREAM_TIMEOUT });
  await page.reload();

  const answer = playground.article("Assistant: Right now: Partly cloudy, 18°C in Oslo.");
  await expect(answer).toBeVisible({ timeout: STREAM_TIMEOUT });
  await expect(playground.status).toHaveText("Idle");
  await expect(answer).toHaveCount(1);
  await expect(playground.toolCall("get_weather")).toHaveCount(1);
  await expect(playground.region.getByText("This turn was interrupted")).toHaveCount(0);
  await expect(playground.article("User: What's the weather in Oslo?")).toHaveCount(1);
  // The server ran the turn once: one thread, one run.
  const client = new Client({ apiUrl: server.url, apiKey: null });
  const assistant = (await client.assistants.search({ graphId: "graphwright" })).find((a) => a.name === "Slow weather");
  const threads = await client.threads.search({ metadata: { assistant_id: assistant?.assistant_id ?? "" } });
  expect(threads).toHaveLength(1);
  const serverThread = threads[0]?.thread_id ?? "";
  expect(await client.runs.list(serverThread)).toHaveLength(1);

  // The thread takes the next message, on the same server thread; the first turn is still shown once.
  await playground.sendAndWait("What's the weather in London?", STREAM_TIMEOUT);
  await expect(playground.article("Assistant: Right now: Drizzle, 14°C in London.")).toHaveCount(1);
  await expect(playground.article("User: ")).toHaveText([/What's the weather in Oslo\?/, /What's the weather in London\?/]);
  await expect(answer).toHaveCount(1);
  await expect(playground.toolCall("get_weather")).toHaveCount(2);
  expect(await client.runs.list(serverThread)).toHaveLength(2);
});

test("Fork from here on a thread that ran on the server, with Run on set to This browser, is refused saying where the thread is; on the server it forks", async ({
  page,
  app,
  controls,
  playground,
  timeline,
}) => {
  test.setTimeout(90_000);
  await app.goto();
  await useServer(controls);
  await controls.import("weather.json", readFileSync(new URL("../examples/weather-assistant.json", import.meta.url), "utf8"));
  const runOn = page.getByRole("combobox", { name: "Run on" });
  await runOn.selectOption("server");
  await playground.send("What's the weather in Oslo?");
  // The answer first: the status reads Idle before the run starts too.
  await expect(playground.article("Assistant: Right now: Partly cloudy, 18°C in Oslo.")).toBeVisible({ timeout: STREAM_TIMEOUT });
  await expect(playground.status).toHaveText("Idle", { timeout: STREAM_TIMEOUT });
  const original = await playground.thread.inputValue();
  expect(original).not.toBe("");

  // This browser holds none of the thread's checkpoints: the fork is refused, and the thread is as it was.
  await runOn.selectOption("browser");
  await timeline.filter.fill("type:run_end");
  await timeline.rows.last().click();
  await timeline.forkButton.click();
  await expect(playground.status).toHaveText(
    `Error: Could not fork the thread: it ran on the LangGraph server at ${server.url}, which holds its checkpoints. Set Run on to that server to fork it there.`,
  );
  await expect(playground.thread).toHaveValue(original);
  await expect(playground.thread.locator("option")).toHaveCount(1);
  await expect(playground.article("Assistant: Right now: Partly cloudy, 18°C in Oslo.")).toHaveCount(1);

  // The same fork with Run on back on the server: a new thread there, which takes the next message.
  await runOn.selectOption("server");
  await timeline.rows.last().click();
  await timeline.forkButton.click();
  await expect(playground.thread.locator("option:checked")).toHaveText("What's the weather in Oslo? (fork)");
  await timeline.filter.fill("");
  await playground.sendAndWait("What's the weather in London?", STREAM_TIMEOUT);
  await expect(playground.article("Assistant: Right now: Drizzle, 14°C in London.")).toHaveCount(1);
  await expect(playground.article("Assistant: Right now: Partly cloudy, 18°C in Oslo.")).toHaveCount(1);
});

const HANDBOOK = { id: "kb-on-server", name: "Handbook on a server" };

test("a graph published with a knowledge base answers from it on the server; a base whose files this browser lacks is refused by name", async ({
  page,
  app,
  controls,
  editor,
  playground,
}) => {
  await app.goto();
  await useServer(controls);
  await controls.import("kb-on-server.json", handbookGraph(HANDBOOK));
  await expect(controls.graphName).toHaveValue("Handbook on a server");
  const base = editor.inspector.getByRole("group", { name: "Knowledge base handbook", exact: true });
  await expect(base.getByText(/^Stored in this browser: .* \(1 file, \d+ chunks?\)$/)).toBeVisible();
  await page.getByRole("combobox", { name: "Run on" }).selectOption("server");

  await page.getByRole("button", { name: "Publish to server" }).click();
  await expect(playground.region.getByText(`Handbook on a server published on ${new URL(server.url).host}.`)).toBeVisible({ timeout: STREAM_TIMEOUT });
  // What the server holds carries the file's text, so it indexes the base itself.
  const client = new Client({ apiUrl: server.url, apiKey: null });
  const [assistant] = await client.assistants.search({ graphId: "graphwright", metadata: { graphwright_id: "kb-on-server" } });
  const published = (assistant?.config.configurable as { __graphwright_document: { knowledge_bases: { files: { text?: string }[] }[] } })
    .__graphwright_document;
  expect(published.knowledge_bases[0]?.files[0]?.text).toBe(REFUNDS);

  await playground.sendAndWait("When are refunds issued?", STREAM_TIMEOUT);
  await expect(playground.replies.last()).toContainText("Refunds are issued within 14 days");

  // The same graph listing a file this browser never stored: publishing says which, and sends nothing.
  const lacking = JSON.parse(handbookGraph(HANDBOOK)) as {
    meta: { id: string; name: string };
    knowledge_bases: { files: { name: string; bytes: number }[] }[];
  };
  lacking.meta = { id: "kb-lacking", name: "Handbook without files" };
  lacking.knowledge_bases[0]!.files = [{ name: "missing.md", bytes: 10 }];
  await controls.import("kb-lacking.json", JSON.stringify(lacking));
  await expect(controls.graphName).toHaveValue("Handbook without files");
  await page.getByRole("button", { name: "Publish to server" }).click();
  await expect(playground.region.getByRole("alert")).toHaveText(
    'Knowledge base "handbook" cannot be published with its files: missing.md is not stored in this browser. Add it again in graph settings, then publish again.',
  );
  expect(await client.assistants.search({ graphId: "graphwright", metadata: { graphwright_id: "kb-lacking" } })).toEqual([]);
});
