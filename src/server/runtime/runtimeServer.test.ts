import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compileGraph, type RunEvent, type RunInput } from "../../engine/index.js";
import { askingTeamDoc } from "../../engine/testing/delegatedPauses.js";
import { calendarQuestionDoc } from "../../engine/testing/humanLoop.js";
import { validate, type GraphDocument } from "../../schema/index.js";
import { listPublished, publishDocument, publishedVersions } from "../client/publish.js";
import { serverClient } from "../client/serverClient.js";
import { runOnServer } from "../client/serverRun.js";
import { historyEvents, listServerThreads } from "../client/serverThreads.js";
import { nodeServices } from "../graph/nodeServices.js";
import { reservedPort } from "../../../tests/support/ports.js";
import { startRuntimeServer, type RuntimeServer } from "./serve.js";

const EXAMPLES = path.resolve(import.meta.dirname, "../../../examples");
const PREFERENCES = path.resolve(import.meta.dirname, "../../../tests/support/preferences-memory.json");

async function example(file: string): Promise<GraphDocument> {
  const checked = validate(JSON.parse(await readFile(path.join(EXAMPLES, file), "utf8")));
  if (!checked.ok) throw new Error(file);
  return checked.document;
}

describe("the Graphwright runtime server", () => {
  let dir: string;
  let server: RuntimeServer;

  beforeAll(async () => {
    process.env.LOG_LEVEL = "warn";
    dir = await mkdtemp(path.join(tmpdir(), "gw-runtime-"));
    server = await startRuntimeServer({ port: await reservedPort(), stateDir: dir });
  }, 120_000);

  afterAll(async () => {
    await server?.close();
    await rm(dir, { recursive: true, force: true });
  });

  async function turn(document: GraphDocument, assistantId: string, threadId: string, input: RunInput, url = server.url): Promise<RunEvent[]> {
    const compiled = compileGraph(document, nodeServices(document, { env: {} }));
    const events: RunEvent[] = [];
    const client = serverClient({ url });
    for await (const event of runOnServer(input, { client, url, assistantId, threadId, runId: `run_${events.length}_${Date.now()}`, compiled }))
      events.push(event);
    return events;
  }

  it("runs two documents published as two assistants, each with its own graph", async () => {
    const client = serverClient({ url: server.url });
    const weather = await publishDocument(client, await example("weather-assistant.json"));
    const team = await publishDocument(client, await example("main-agent-team.json"));
    expect([weather.outcome, team.outcome]).toEqual(["created", "created"]);
    expect((await listPublished(client)).map((a) => a.name).sort()).toEqual([
      "MainAgent with Emails, Meetings, Tasks and Research sub-agents",
      "Weather assistant",
    ]);

    const first = await turn(await example("weather-assistant.json"), weather.assistant_id, "thread_w1", { message: "What's the weather in Paris?" });
    expect(first.map((e) => e.type)).toContain("agent_start");
    expect(first.find((e) => e.type === "tool_call")).toMatchObject({ tool: "get_weather", args: { city: "Paris" }, agent: "Assistant", depth: 2 });
    expect(first.at(-1)).toMatchObject({ type: "run_end", status: "completed" });
    const reply = first.filter((e) => e.type === "ai_message").at(-1);
    expect(reply).toMatchObject({ content: "Right now: Sunny, 21°C, light wind in Paris." });
    // Token usage comes back from the server's run too (the scripted model's estimate).
    expect(reply).toMatchObject({ profile: expect.any(String) as string, usage: { estimated: true, output_tokens: expect.any(Number) as number } });
    expect(first.filter((e) => e.type === "message_delta").length).toBeGreaterThan(3);
    expect(first.find((e) => e.type === "checkpoint_saved")).toBeDefined();
    // Events after the first checkpoint carry the server's checkpoint id, so a step can be inspected there.
    expect(first.at(-1)?.checkpoint_id).toMatch(/^[0-9a-f-]{36}$/);

    const second = await turn(await example("weather-assistant.json"), weather.assistant_id, "thread_w1", { message: "And the weather in Oslo?" });
    const state = second.find((e) => e.type === "final_state");
    const messages = (state as unknown as { state: { messages: { role: string; content: string }[] } }).state.messages;
    expect(messages[0]).toMatchObject({ role: "human", content: "What's the weather in Paris?" });
    expect(messages.at(-1)).toMatchObject({ role: "ai", content: "Right now: Partly cloudy, 18°C in Oslo." });

    const delegated = await turn(await example("main-agent-team.json"), team.assistant_id, "thread_t1", {
      message: "Schedule a meeting with ana@example.com tomorrow",
    });
    expect(delegated.at(-1)).toMatchObject({ type: "run_end" });
    const nested = delegated.filter((e) => e.depth > 2 && e.agent !== "MainAgent");
    expect(nested.length, JSON.stringify(delegated.map((e) => [e.type, e.agent, e.depth]))).toBeGreaterThan(0);
  });

  it("keeps a new version when a published document changes, and none when it does not", async () => {
    const client = serverClient({ url: server.url });
    const document = await example("supervisor-team.json");
    const created = await publishDocument(client, document);
    expect(created.version).toBe(1);
    expect((await publishDocument(client, document)).outcome).toBe("unchanged");
    const changed = { ...document, meta: { ...document.meta, description: "Now with a second version" } };
    const updated = await publishDocument(client, changed);
    expect(updated).toMatchObject({ outcome: "updated", assistant_id: created.assistant_id, version: 2 });
    expect((await publishedVersions(client, created.assistant_id)).map((v) => v.version)).toEqual([2, 1]);
  });

  it("pauses for approval on the server and resumes with the person's answer", async () => {
    const client = serverClient({ url: server.url });
    const document = await example("personal-assistant.json");
    const { assistant_id } = await publishDocument(client, document);
    const paused = await turn(document, assistant_id, "thread_p1", { message: "delete task 7" });
    const pause = paused.find((e) => e.type === "interrupt");
    expect(pause).toMatchObject({ kind: "approval", payload: { tool: "delete_task", args: { id: "7" } } });
    expect(paused.at(-1)).toMatchObject({ type: "run_end", status: "interrupted" });

    const refused = await turn(document, assistant_id, "thread_p1", { message: "", resume: { value: { decision: "maybe" } } });
    expect(refused.find((e) => e.type === "error")).toMatchObject({ code: "INVALID_RESUME" });
    expect(refused.at(-1)).toMatchObject({ type: "run_end", status: "interrupted" });

    const resumed = await turn(document, assistant_id, "thread_p1", { message: "", resume: { value: { decision: "approve" } } });
    expect(resumed.find((e) => e.type === "interrupt_resolved")).toMatchObject({ resume: { decision: "approve" } });
    expect(resumed.at(-1)).toMatchObject({ type: "run_end", status: "completed" });
  });

  it("says which server failed and what to do when it is down, lacks the assistant or refuses the document", async () => {
    const document = await example("weather-assistant.json");
    const downUrl = `http://127.0.0.1:${await reservedPort()}`;
    const down = await turn(document, "00000000-0000-4000-8000-000000000000", "thread_x", { message: "hi" }, downUrl);
    expect(down.find((e) => e.type === "error")).toMatchObject({ code: "SERVER_UNREACHABLE" });
    expect((down.find((e) => e.type === "error") as { message: string }).message).toContain(`The LangGraph server at ${downUrl} cannot be reached`);
    expect(down.at(-1)).toMatchObject({ type: "run_end", status: "error" });

    const missing = await turn(document, "00000000-0000-4000-8000-000000000000", "thread_x", { message: "hi" });
    expect(missing.find((e) => e.type === "error")).toMatchObject({ code: "SERVER_NOT_FOUND" });

    const client = serverClient({ url: server.url });
    const broken = await client.assistants.create({
      graphId: "graphwright",
      name: "Broken",
      config: { configurable: { __graphwright_document: { nodes: "no" } } },
    });
    const refused = await turn(document, broken.assistant_id, "thread_y", { message: "hi" });
    const error = refused.find((e) => e.type === "error") as { message: string } | undefined;
    expect(error?.message).toMatch(/not valid|document/i);
    expect(refused.at(-1)).toMatchObject({ type: "run_end", status: "error" });
  });

  it("lists a thread another client started, tells its history as run events, and goes on with it", async () => {
    const client = serverClient({ url: server.url });
    const document = await example("weather-assistant.json");
    const { assistant_id } = await publishDocument(client, document);
    const thread = await client.threads.create();
    await client.runs.wait(thread.thread_id, assistant_id, { input: { messages: [{ role: "user", content: "What's the weather in Lima?" }] } });

    const listed = (await listServerThreads(client, assistant_id)).find((t) => t.thread_id === thread.thread_id);
    expect(listed).toMatchObject({ local_thread_id: `thread_${thread.thread_id}`, title: "What's the weather in Lima?" });
    const state = await client.threads.getState(thread.thread_id);
    const history = historyEvents((state.values as { messages: unknown }).messages, { threadId: `thread_${thread.thread_id}`, now: 1_000 });
    expect(history.map((e) => e.type)).toEqual(["run_start", "ai_message", "tool_call", "tool_result", "ai_message", "run_end"]);
    expect(history[3]).toMatchObject({ tool: "get_weather", result: expect.stringContaining("Lima"), agent: "Assistant" });

    const next = await turn(document, assistant_id, `thread_${thread.thread_id}`, { message: "And the weather in Oslo?" });
    const messages = (next.find((e) => e.type === "final_state") as unknown as { state: { messages: { content: string }[] } }).state.messages;
    expect(messages[0]?.content).toBe("What's the weather in Lima?");
    expect(messages.at(-1)?.content).toContain("Oslo");
  });

  it("asks a Question node's question on the server and takes the chosen option", async () => {
    const client = serverClient({ url: server.url });
    const checked = validate(calendarQuestionDoc());
    if (!checked.ok) throw new Error(JSON.stringify(checked.errors));
    const { assistant_id } = await publishDocument(client, checked.document);
    const asked = await turn(checked.document, assistant_id, "thread_q1", { message: "add a dentist visit" });
    expect(asked.find((e) => e.type === "interrupt")).toMatchObject({ kind: "question", payload: { question: "Which calendar?" } });
    const answered = await turn(checked.document, assistant_id, "thread_q1", { message: "", resume: { value: { option_id: "home" } } });
    expect(answered.find((e) => e.type === "interrupt_resolved")).toMatchObject({ resume: { option_id: "home" } });
    expect(answered.at(-1)).toMatchObject({ type: "run_end", status: "completed" });
  });

  it("asks a blocking sub-agent's question on the server, saying which sub-agent asks, and resumes the sub-agent with the answer", async () => {
    const checked = validate({ ...askingTeamDoc(), meta: { id: "asking-team", name: "Asking team" } });
    if (!checked.ok) throw new Error(JSON.stringify(checked.errors));
    const { assistant_id } = await publishDocument(serverClient({ url: server.url }), checked.document);
    const asked = await turn(checked.document, assistant_id, "thread_d1", { message: "email find invoices" });
    expect(asked.find((e) => e.type === "interrupt")).toMatchObject({ kind: "question", payload: { question: "Which folder?", via: ["Emails"] } });
    const answered = await turn(checked.document, assistant_id, "thread_d1", { message: "", resume: { value: { option_id: "archive" } } });
    expect(answered.at(-1)).toMatchObject({ type: "run_end", status: "completed" });
    expect(answered.filter((e) => e.type === "ai_message").at(-1)).toMatchObject({
      content: 'Main heard: Emails did: {"option_id":"archive","label":"Archive folder"}',
    });
  });

  it("keeps an agent's long-term memories in the server's store: a second thread recalls what the first saved", async () => {
    const checked = validate(JSON.parse(await readFile(PREFERENCES, "utf8")));
    if (!checked.ok) throw new Error("preferences-memory.json is not valid");
    const { assistant_id } = await publishDocument(serverClient({ url: server.url }), checked.document);
    const reply = (events: RunEvent[]) => events.filter((e) => e.type === "ai_message").at(-1);
    const saved = await turn(checked.document, assistant_id, "thread_m1", { message: "I prefer oolong" });
    expect(reply(saved)).toMatchObject({ content: expect.stringContaining('Remembered "preference"') as string });
    const recalled = await turn(checked.document, assistant_id, "thread_m2", { message: "What do I prefer?" });
    expect(reply(recalled)).toMatchObject({ content: expect.stringContaining("The user prefers oolong") as string });
    // In the server's own store, which it saves in its state folder (a few seconds after a write).
    const storeText = async () => {
      const file = (await readdir(dir, { recursive: true })).find((name) => name.endsWith(".langgraphjs_api.store.json"));
      return file ? readFile(path.join(dir, file), "utf8") : "";
    };
    await expect.poll(storeText, { timeout: 15_000 }).toContain("The user prefers oolong");
  });
});
