/**
 * Tool call ids are unique within a thread: across its runs, its sub-agents' scoped histories and
 * background follow-ups (the scripted model), and whatever ids a provider sends (the engine).
 */
import { describe, expect, it } from "vitest";
import { AIMessageChunk } from "@langchain/core/messages";
import { collectRun, compileGraph, runFollowUp, type ChatModelPort, type RunEvent } from "../src/engine/index.js";
import { agentNode, chainDocument } from "../src/engine/testing/documents.js";
import { findTemplate } from "../src/app/templates/catalog.js";
import { templateDocument } from "../src/app/templates/instantiate.js";
import { testServices } from "./support/services.js";

/** The id of every tool call the thread's events show, once per call (its `tool_call` event). */
const callIds = (events: RunEvent[]) => events.flatMap((e) => (e.type === "tool_call" ? [e.tool_call_id] : []));
const declaredIds = (events: RunEvent[]) => events.flatMap((e) => (e.type === "ai_message" ? e.tool_calls.map((c) => c.id) : []));

describe("tool call ids in one thread", () => {
  it("are all different over several runs of MainAgent, its blocking sub-agents and a background follow-up", async () => {
    const template = findTemplate("main-agent-team");
    if (!template) throw new Error("no main-agent-team template");
    const team = compileGraph(templateDocument(template), testServices());
    const threadId = "ids-1";
    const events: RunEvent[] = [];
    for (const message of ["Any unread emails?", "What's on my calendar today?", "What tasks are open?", "Research Acme's latest news", "Any unread emails?"]) {
      events.push(...(await collectRun(team, { message }, { threadId })));
    }
    const queued = events.find((e) => e.type === "delegation_queued");
    if (!queued || queued.type !== "delegation_queued") throw new Error("no background task was queued");
    await team.team.tasks.settled(queued.task_id);
    for await (const event of runFollowUp(team, queued.task_id, { threadId })) events.push(event);

    const ids = callIds(events);
    // Emails, meetings, tasks, research (twice: the delegation and its web search), emails again.
    expect(ids.length).toBeGreaterThanOrEqual(10);
    expect(new Set(ids).size).toBe(ids.length);
    expect(new Set(declaredIds(events)).size).toBe(declaredIds(events).length);
  });

  it("replaces a provider's id that repeats an earlier call of the conversation, and the turn still completes", async () => {
    // Some OpenAI-compatible servers number the calls of each reply from zero.
    const numberedPerReply = (model: ChatModelPort): ChatModelPort => ({
      ...model,
      async *stream(messages, options) {
        for await (const chunk of model.stream(messages, options)) {
          const calls = chunk.tool_call_chunks ?? [];
          yield calls.length === 0 ? chunk : new AIMessageChunk({ content: chunk.content, tool_call_chunks: calls.map((c, i) => ({ ...c, id: `call_${i}` })) });
        }
      },
    });
    const script = {
      rules: [
        { match: "weather in (?<city>\\w+)", tool_calls: [{ name: "get_weather", args: { city: "{{ match.city }}" } }] },
        { on: "tool" as const, reply: "Here: {{ tool_result }}" },
      ],
    };
    const doc = chainDocument([agentNode("a1", { name: "Assistant", tools: ["weather"], script })], {
      tools: [{ id: "weather", kind: "mock", name: "get_weather", description: "Weather", config: { default: "Rain in {{ args.city }}" } }],
    });
    const compiled = compileGraph(doc, testServices({ wrap: numberedPerReply }));
    const first = await collectRun(compiled, { message: "weather in Paris" }, { threadId: "ids-2" });
    const second = await collectRun(compiled, { message: "weather in Oslo" }, { threadId: "ids-2" });

    expect(callIds(first)).toEqual(["call_0"]);
    const [again] = callIds(second);
    expect(again).toBeDefined();
    expect(again).not.toBe("call_0");
    expect(second.find((e) => e.type === "tool_result")).toMatchObject({ tool_call_id: again, result: "Rain in Oslo" });
    expect(second.at(-1)).toMatchObject({ type: "run_end", status: "completed" });
  });
});
