/** Golden documents in examples/ run through the public API, offline, on the scripted model (unpaced: what they do, not how fast they stream). */
import { describe, expect, it } from "vitest";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { InMemoryStore } from "@langchain/langgraph/web";
import { collectRun, compileGraph, type EngineServices, type RunEvent } from "../src/engine/index.js";
import { findTemplate, loadTemplate, templates } from "../src/app/templates/catalog.js";
import { templateDocument } from "../src/app/templates/instantiate.js";
import { validateText, type GraphDocument } from "../src/schema/index.js";
import { packedKnowledgeSearch } from "../src/tools/index.js";
import { testServices } from "./support/services.js";

const dir = path.resolve(import.meta.dirname, "../examples");
const files = readdirSync(dir).filter((f) => f.endsWith(".json"));

describe("examples", () => {
  it("has at least one example", () => {
    expect(files.length).toBeGreaterThan(0);
  });

  it.each(files)("%s validates and answers a greeting without errors", async (file) => {
    const result = validateText(readFileSync(path.join(dir, file), "utf8"));
    if (!result.ok) throw new Error(result.errors.map((e) => `${e.path}: ${e.message}`).join("\n"));
    const events = await collectRun(compileGraph(result.document, testServices({ unpaced: true })), { message: "hello" }, { threadId: file });
    expect(events.filter((e) => e.type === "error")).toEqual([]);
    expect(events.at(-1)).toMatchObject({ type: "run_end", status: "completed" });
  });

  it("weather-assistant reports a failing lookup as a tool error and apologises", async () => {
    const result = validateText(readFileSync(path.join(dir, "weather-assistant.json"), "utf8"));
    if (!result.ok) throw new Error("invalid example");
    const events = await collectRun(
      compileGraph(result.document, testServices({ unpaced: true })),
      { message: "What's the weather in Atlantis?" },
      { threadId: "x" },
    );
    const toolResult = events.find((e) => e.type === "tool_result");
    expect(toolResult).toMatchObject({ error: "No weather station found for Atlantis" });
    const reply = events.filter((e) => e.type === "ai_message").at(-1);
    expect(reply).toMatchObject({ content: "Sorry, I couldn't get that forecast (Error: No weather station found for Atlantis)." });
  });
});

describe("templates", () => {
  const loadDocument = async (id: string): Promise<GraphDocument> => {
    const template = findTemplate(id);
    if (!template) throw new Error(`no template ${id}`);
    return templateDocument(await loadTemplate(template));
  };
  // As the CLI runs a graph: knowledge bases searched from their packed text, memories in a store.
  const headless = (document: GraphDocument, store = new InMemoryStore()): EngineServices => ({
    ...testServices({ unpaced: true }),
    knowledge: packedKnowledgeSearch(document),
    store,
  });
  const runTemplate = async (id: string, message: string) => {
    const document = await loadDocument(id);
    return collectRun(compileGraph(document, headless(document)), { message }, { threadId: `${id}:${message}` });
  };
  const toolsCalled = (events: RunEvent[]) => events.flatMap((e) => (e.type === "tool_call" ? [e.tool] : []));
  const speakers = (events: RunEvent[]) => [...new Set(events.flatMap((e) => (e.type === "ai_message" && e.content ? [e.agent] : [])))];

  it("every template is an example file with a greeting and tool-calling showcase messages", () => {
    expect(templates.map((t) => `${t.id}.json`).every((f) => files.includes(f))).toBe(true);
    expect(templates.length).toBeGreaterThanOrEqual(3);
    for (const t of templates) {
      expect(t.description.length).toBeGreaterThan(40);
      expect(t.showcase[0]?.tools).toEqual([]);
      expect(t.showcase.filter((s) => s.tools.length > 0).length).toBeGreaterThanOrEqual(2);
    }
  });

  const cases = templates.flatMap((t) => t.showcase.map((s) => [t.id, s.message, s.tools] as const));
  it.each(cases)("%s answers %j calling %j without errors", async (id, message, tools) => {
    const events = await runTemplate(id, message);
    expect(events.filter((e) => e.type === "error")).toEqual([]);
    expect(events.filter((e) => e.type === "tool_result" && e.error)).toEqual([]);
    expect(events.at(-1)).toMatchObject({ type: "run_end", status: "completed" });
    expect(new Set(toolsCalled(events))).toEqual(new Set(tools));
    const last = events.filter((e) => e.type === "ai_message").at(-1);
    expect(last?.type === "ai_message" && last.content.length > 0).toBe(true);
  });

  it("supervisor-team routes a metrics question from Supervisor to Analytics", async () => {
    const events = await runTemplate("supervisor-team", "What was revenue last month?");
    expect(speakers(events)).toEqual(["Supervisor", "Analytics"]);
    const reply = events.filter((e) => e.type === "ai_message").at(-1);
    expect(reply).toMatchObject({ agent: "Analytics", content: expect.stringContaining("$1.24M") });
  });

  it("supervisor-team sends a report on a metric to Report, whose draft quotes the numbers", async () => {
    const events = await runTemplate("supervisor-team", "Can I get a report on revenue?");
    expect(speakers(events)).toEqual(["Supervisor", "Report"]);
    expect(toolsCalled(events)).toEqual(["transfer_to_Report", "query_metrics", "create_report"]);
    expect(events.find((e) => e.type === "handoff")).toMatchObject({ from: "Supervisor", to: "Report", reason: "transfer" });
    const reply = events.filter((e) => e.type === "ai_message").at(-1);
    expect(reply).toMatchObject({ agent: "Report", content: expect.stringContaining("RPT-1042") });
  });

  it("supervisor-team answers @Analytics directly, without the Supervisor", async () => {
    const events = await runTemplate("supervisor-team", "@Analytics what is our churn?");
    expect(events.find((e) => e.type === "active_agent")).toMatchObject({ to: "Analytics", reason: "mention" });
    expect(speakers(events)).toEqual(["Analytics"]);
  });

  it("supervisor-team keeps a mentioned specialist active for the next turn", async () => {
    const compiled = compileGraph(await loadDocument("supervisor-team"), testServices({ unpaced: true }));
    await collectRun(compiled, { message: "@Report hi" }, { threadId: "sticky" });
    const next = await collectRun(compiled, { message: "Write a weekly report" }, { threadId: "sticky" });
    expect(speakers(next)).toEqual(["Report"]);
    expect(toolsCalled(next)).toEqual(["query_metrics", "create_report"]);
  });

  it("number-cruncher's JavaScript tool summarises the numbers in the sandbox", async () => {
    const events = await runTemplate("number-cruncher", "Summarize 3 1 4 1 5 9 2 6");
    expect(events.find((e) => e.type === "tool_result")).toMatchObject({ tool: "summarize_numbers", error: null });
    const reply = events.filter((e) => e.type === "ai_message").at(-1);
    expect(reply).toMatchObject({ agent: "Cruncher", content: expect.stringContaining('"median":3.5') });
  });

  it("number-cruncher reports a list that is not numbers as the tool's thrown error", async () => {
    const events = await runTemplate("number-cruncher", "Summarize 1, 2,, 3.4.5");
    expect(events.find((e) => e.type === "tool_result")).toMatchObject({ error: "Not a list of numbers: 1, 2,, 3.4.5" });
  });

  it("support-desk answers a return question through PolicyAgent's search of the packed policies, citing returns.md", async () => {
    const events = await runTemplate("support-desk", "How long do I have to return an item?");
    expect(speakers(events)).toEqual(["PolicyAgent", "Support"]);
    const search = events.find((e) => e.type === "tool_result" && e.tool === "search_policies");
    const found = JSON.parse(search?.type === "tool_result" ? (search.result ?? "{}") : "{}") as { results?: { source: string; text: string }[] };
    expect(found.results?.[0]?.source).toBe("returns.md");
    expect(found.results?.[0]?.text).toContain("within 30 days of delivery");
    const reply = events.filter((e) => e.type === "ai_message").at(-1);
    expect(reply).toMatchObject({ agent: "Support", content: expect.stringContaining("Source: returns.md") });
  });

  it("support-desk recalls in a new thread the preference remembered in another", async () => {
    const document = await loadDocument("support-desk");
    const compiled = compileGraph(document, headless(document));
    await collectRun(compiled, { message: "Remember that I prefer email updates" }, { threadId: "first" });
    const later = await collectRun(compiled, { message: "What do you remember about me?" }, { threadId: "second" });
    expect(toolsCalled(later)).toEqual(["recall"]);
    const reply = later.filter((e) => e.type === "ai_message").at(-1);
    expect(reply?.type === "ai_message" && reply.content).toContain("I prefer email updates");
    const fresh = await collectRun(compileGraph(document, headless(document)), { message: "What do you remember about me?" }, { threadId: "third" });
    expect(fresh.filter((e) => e.type === "ai_message").at(-1)).toMatchObject({ content: expect.stringContaining("haven't saved any preferences") });
  });

  // routed-support (seed 004) has its own tests in routedSupport.test.ts.
});
