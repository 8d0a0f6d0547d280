import { mkdtemp, readdir, readFile, rm, writeFile, mkdir } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Client } from "@langchain/langgraph-sdk";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { collectRun, compileGraph } from "../../engine/index.js";
import { validate, type GraphDocument } from "../../schema/index.js";
import { serverMessageToJson } from "../client/serverRun.js";
import { nodeServices } from "../graph/nodeServices.js";
import { linkPackages, startLangGraphServer } from "../testing/langgraphServer.js";
import { startEverythingServer, type EverythingServer } from "../../tools/testing/everythingServer.js";
import { everythingGraph } from "../../tools/testing/everythingGraph.js";
import { buildServerEngine } from "./buildEngine.js";
import { serverBundleFiles } from "./files.js";

const EXAMPLES = path.resolve(import.meta.dirname, "../../../examples");

interface Turn {
  role: unknown;
  content: unknown;
  tool_calls?: unknown;
}

/** A transcript without ids: what a person and the model said, and which tools with which arguments. */
function transcript(messages: readonly Record<string, unknown>[]): Turn[] {
  return messages.map((m) => ({
    role: m.role,
    content: m.content,
    ...(m.tool_calls ? { tool_calls: (m.tool_calls as { name: string; args: unknown }[]).map((c) => ({ name: c.name, args: c.args })) } : {}),
  }));
}

async function loadExample(file: string): Promise<GraphDocument> {
  const checked = validate(JSON.parse(await readFile(path.join(EXAMPLES, file), "utf8")));
  if (!checked.ok) throw new Error(`${file} is not valid`);
  return checked.document;
}

/** The same turns in this process, as the browser runs them. */
async function inProcess(document: GraphDocument, messages: string[]): Promise<Turn[]> {
  const compiled = compileGraph(document, nodeServices(document, { env: {} }));
  let state: Record<string, unknown> = {};
  for (const message of messages) {
    const events = await collectRun(compiled, { message }, { threadId: "local" });
    const final = events.find((e) => e.type === "final_state");
    if (!final || final.type !== "final_state") throw new Error(`no final state: ${JSON.stringify(events.filter((e) => e.type === "error"))}`);
    state = final.state;
  }
  return transcript(state.messages as Record<string, unknown>[]);
}

describe("LangGraph server bundles of the examples", () => {
  let dir: string;
  let server: { url: string; close(): Promise<void> };
  let client: Client;
  let everything: EverythingServer;
  const graphIds: string[] = [];

  async function writeBundle(document: GraphDocument, engine: Awaited<ReturnType<typeof buildServerEngine>>): Promise<Record<string, string>> {
    const out = path.join(dir, document.meta.id);
    for (const [name, text] of Object.entries(serverBundleFiles(document, engine))) {
      await mkdir(path.dirname(path.join(out, name)), { recursive: true });
      await writeFile(path.join(out, name), text);
    }
    const config = JSON.parse(await readFile(path.join(out, "langgraph.json"), "utf8")) as { graphs: Record<string, string> };
    return Object.fromEntries(Object.entries(config.graphs).map(([id, spec]) => [id, path.join(out, spec)]));
  }

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), "gw-bundles-"));
    await linkPackages(dir);
    const engine = await buildServerEngine();
    const graphs: Record<string, string> = {};
    for (const file of (await readdir(EXAMPLES)).filter((f) => f.endsWith(".json"))) {
      const served = await writeBundle(await loadExample(file), engine);
      Object.assign(graphs, served);
      graphIds.push(...Object.keys(served));
    }
    // MCP tools from inside the bundled engine; the server reads the header's secret from its environment.
    everything = await startEverythingServer();
    process.env.GRAPHWRIGHT_SECRET_EVERYTHING_KEY = "k-1";
    process.env.GRAPHWRIGHT_SECRET_EVERYTHING_KEY_ORIGINS = everything.origin;
    const mcp = validate(everythingGraph(everything.url));
    if (!mcp.ok) throw new Error("the MCP drill graph is not valid");
    Object.assign(graphs, await writeBundle(mcp.document, engine));
    server = await startLangGraphServer({ cwd: dir, graphs });
    client = new Client({ apiUrl: server.url, apiKey: null });
  }, 120_000);

  afterAll(async () => {
    await server?.close();
    await everything?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it("serves a graph for every example, named by its meta.id", async () => {
    const assistants = await client.assistants.search({ limit: 50 });
    expect(assistants.map((a) => a.graph_id).sort()).toEqual([...graphIds, "mcp-cli"].sort());
    expect(graphIds).toContain("weather-assistant");
    for (const id of graphIds) {
      const graph = await client.assistants.getGraph(id);
      expect(graph.nodes.length, id).toBeGreaterThan(2);
    }
  });

  async function onServer(
    graphId: string,
    messages: string[],
    threadId?: string,
  ): Promise<{ turns: Turn[]; threadId: string; values: Record<string, unknown> }> {
    const thread = threadId ?? (await client.threads.create()).thread_id;
    let values: Record<string, unknown> = {};
    for (const message of messages) {
      values = (await client.runs.wait(thread, graphId, { input: { messages: [{ role: "user", content: message }] } })) as Record<string, unknown>;
    }
    return { turns: transcript((values.messages as unknown[]).map(serverMessageToJson)), threadId: thread, values };
  }

  it("answers the Weather template as the browser does: the same tool call and reply, and a second message sees the first", async () => {
    const document = await loadExample("weather-assistant.json");
    const first = await onServer("weather-assistant", ["What's the weather in Paris?"]);
    expect(first.turns).toEqual(await inProcess(document, ["What's the weather in Paris?"]));
    expect(first.turns).toContainEqual({
      role: "ai",
      content: "Let me check the weather in Paris.",
      tool_calls: [{ name: "get_weather", args: { city: "Paris" } }],
    });
    expect(first.turns.at(-1)).toEqual({ role: "ai", content: "Right now: Sunny, 21°C, light wind in Paris." });

    const second = await onServer("weather-assistant", ["And the weather in Oslo?"], first.threadId);
    expect(second.turns.slice(0, first.turns.length)).toEqual(first.turns);
    expect(second.turns).toEqual(await inProcess(document, ["What's the weather in Paris?", "And the weather in Oslo?"]));
  });

  it("answers the Supervisor template as the browser does, through its sub-agents", async () => {
    const document = await loadExample("supervisor-team.json");
    const message = "Write a report on revenue";
    const { turns } = await onServer("supervisor-team", [message]);
    expect(turns).toEqual(await inProcess(document, [message]));
    expect(JSON.stringify(turns)).toMatch(/transfer_to_|delegate|Report|Analytics/);
  });

  it("pauses the Personal assistant for approval with the server's __interrupt__ and resumes with { decision: 'approve' }", async () => {
    const thread = (await client.threads.create()).thread_id;
    const paused = (await client.runs.wait(thread, "personal-assistant", { input: { messages: [{ role: "user", content: "delete task 7" }] } })) as Record<
      string,
      unknown
    >;
    const interrupts = paused.__interrupt__ as { id: string; value: { kind: string; tool: string; args: unknown } }[];
    expect(interrupts).toHaveLength(1);
    expect(interrupts[0]?.value).toMatchObject({ kind: "approval", tool: "delete_task", args: { id: "7" } });
    const state = await client.threads.getState(thread);
    expect(state.next.length).toBeGreaterThan(0);

    const resumed = (await client.runs.wait(thread, "personal-assistant", { command: { resume: { decision: "approve" } } })) as Record<string, unknown>;
    expect(resumed.__interrupt__ ?? []).toEqual([]);
    const last = serverMessageToJson((resumed.messages as unknown[]).at(-1));
    expect(last.role).toBe("ai");
    expect(String(last.content)).toMatch(/7/);
    const after = await client.threads.getState(thread);
    expect(after.next).toEqual([]);
  });

  it("answers the Support desk from the knowledge base packed in its graph.json, the search's result naming returns.md", async () => {
    const message = "How long do I have to return an item?";
    const thread = (await client.threads.create()).thread_id;
    const stream = client.runs.stream(thread, "support-desk", { input: { messages: [{ role: "user", content: message }] }, streamMode: ["custom", "values"] });
    // The engine's own events, as the custom stream carries them: { ns, body, … }.
    const engineEvents: { type?: string; tool?: string; result?: string | null; error?: string | null }[] = [];
    let values: Record<string, unknown> = {};
    for await (const chunk of stream as AsyncIterable<{ event: string; data: unknown }>) {
      if (chunk.event.startsWith("custom")) engineEvents.push((chunk.data as { body?: (typeof engineEvents)[number] }).body ?? {});
      if (chunk.event === "values") values = chunk.data as Record<string, unknown>;
    }
    const search = engineEvents.find((e) => e.type === "tool_result" && e.tool === "search_policies");
    expect(search?.error).toBeNull();
    const found = JSON.parse(search?.result ?? "{}") as { knowledge_base?: string; results?: { source: string; text: string }[] };
    expect(found.knowledge_base).toBe("policies");
    expect(found.results?.[0]?.source).toBe("returns.md");
    expect(found.results?.[0]?.text).toContain("30 days");
    const turns = transcript((values.messages as unknown[]).map(serverMessageToJson));
    expect(turns).toEqual(await inProcess(await loadExample("support-desk.json"), [message]));
    expect(turns.at(-1)).toMatchObject({ role: "ai", content: expect.stringContaining("within 30 days of delivery") });
    expect(String(turns.at(-1)?.content)).toContain("Source: returns.md");
  });

  it("calls MCP tools from the bundled engine, with the header's secret from the server's environment", async () => {
    const { turns } = await onServer("mcp-cli", ["please echo hello and add"]);
    expect(turns).toContainEqual({ role: "tool", content: "Echo: hello" });
    expect(turns.at(-1)).toEqual({ role: "ai", content: "Done: The sum of 2 and 3 is 5." });
  });
});
