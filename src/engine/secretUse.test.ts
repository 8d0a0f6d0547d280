/** A tool secret bound for a new origin pauses the run before any request; the answer decides. */
import { describe, expect, it } from "vitest";
import { useRecordingApis } from "../../tests/support/recordingApi.js";
import { ToolMessage } from "@langchain/core/messages";
import { collectRun, compileGraph } from "./index.js";
import { agentNode, chainDocument } from "./testing/documents.js";
import { ofType, statusOf } from "./testing/humanLoop.js";
import { testServices, type RecordedCall } from "../../tests/support/services.js";
import { createToolResolver, type ToolSecrets } from "../tools/index.js";

/** A loopback API that records every request, preflights included. */
const recordingApi = useRecordingApis('{"issues":3}');

function issuesGraph(origin: string) {
  const tool = {
    id: "issues",
    kind: "http" as const,
    name: "list_issues",
    config: { url: `${origin}/issues`, query: { token: "{{ secrets.GITHUB_TOKEN }}" } },
  };
  const doc = chainDocument(
    [
      agentNode("a1", {
        name: "Main",
        tools: ["issues"],
        default_tools: [],
        script: {
          rules: [
            { match: "hello", tool_calls: [{ name: "list_issues", args: {} }] },
            { on: "tool", reply: "Got it." },
          ],
        },
      }),
    ],
    { tools: [tool] },
  );
  return { ...doc, meta: { ...doc.meta, name: "Shared issues" } };
}

function compiled(origin: string, lists: Record<string, string[]>, calls?: RecordedCall[]) {
  const secrets: ToolSecrets = {
    get: async (name) => (name === "GITHUB_TOKEN" ? "ghp-7" : undefined),
    allows: async (name, o) => lists[name]?.includes(o) ?? false,
    allow: async (name, o) => void (lists[name] = [...(lists[name] ?? []), o]),
  };
  const doc = issuesGraph(origin);
  return compileGraph(doc, { ...testServices(calls ? { calls } : {}), tools: createToolResolver({ secrets, graph: doc.meta.name }) });
}

describe("a tool secret bound for an origin not on its list", () => {
  it("pauses the run naming the graph, tool, secret and origin, before any request", async () => {
    const api = await recordingApi();
    const paused = await collectRun(compiled(api.origin, {}), { message: "hello" }, { threadId: "s" });
    expect(statusOf(paused)).toBe("interrupted");
    expect(ofType(paused, "interrupt")[0]?.payload).toMatchObject({
      kind: "secret",
      graph: "Shared issues",
      tool: "list_issues",
      secret: "GITHUB_TOKEN",
      origin: api.origin,
      agent: "Main",
    });
    expect(api.seen).toEqual([]);
  });

  it("sends the request with the secret after Allow once, and asks again next time", async () => {
    const api = await recordingApi();
    const lists: Record<string, string[]> = {};
    const graph = compiled(api.origin, lists);
    await collectRun(graph, { message: "hello" }, { threadId: "s" });
    const resumed = await collectRun(
      graph,
      { message: "", resume: { value: { decision: "once", secret: "GITHUB_TOKEN", origin: api.origin } } },
      { threadId: "s" },
    );
    expect(api.seen).toEqual(["GET /issues?token=ghp-7"]);
    expect(ofType(resumed, "tool_result")[0]).toMatchObject({ tool: "list_issues", error: null });
    expect(lists).toEqual({});
    const again = await collectRun(graph, { message: "hello" }, { threadId: "s" });
    expect(statusOf(again)).toBe("interrupted");
    expect(api.seen).toHaveLength(1);
  });

  it("fails the tool call with a message the model reads after Deny, sending nothing", async () => {
    const api = await recordingApi();
    const calls: RecordedCall[] = [];
    const graph = compiled(api.origin, {}, calls);
    await collectRun(graph, { message: "hello" }, { threadId: "s" });
    const resumed = await collectRun(
      graph,
      { message: "", resume: { value: { decision: "deny", secret: "GITHUB_TOKEN", origin: api.origin } } },
      { threadId: "s" },
    );
    expect(api.seen).toEqual([]);
    expect(ofType(resumed, "tool_result")[0]).toMatchObject({ tool: "list_issues", error: expect.stringContaining("denied sending the secret GITHUB_TOKEN") });
    const seen = calls.at(-1)?.messages.find((m): m is ToolMessage => ToolMessage.isInstance(m));
    expect(seen?.status).toBe("error");
    expect(statusOf(resumed)).toBe("completed");
  });

  it("adds the origin to the secret's list after Always allow, so the next run does not ask", async () => {
    const api = await recordingApi();
    const lists: Record<string, string[]> = {};
    const graph = compiled(api.origin, lists);
    await collectRun(graph, { message: "hello" }, { threadId: "s" });
    await collectRun(graph, { message: "", resume: { value: { decision: "always", secret: "GITHUB_TOKEN", origin: api.origin } } }, { threadId: "s" });
    expect(lists).toEqual({ GITHUB_TOKEN: [api.origin] });
    const next = await collectRun(graph, { message: "hello" }, { threadId: "s" });
    expect(statusOf(next)).toBe("completed");
    expect(api.seen).toHaveLength(2);
  });

  it("refuses an answer addressed to another secret or origin and keeps asking", async () => {
    const api = await recordingApi();
    const graph = compiled(api.origin, {});
    await collectRun(graph, { message: "hello" }, { threadId: "s" });
    const resumed = await collectRun(
      graph,
      { message: "", resume: { value: { decision: "always", secret: "GITHUB_TOKEN", origin: "https://other.example" } } },
      { threadId: "s" },
    );
    expect(JSON.stringify(resumed)).toContain("That answer is for another request; answer sending GITHUB_TOKEN to");
    expect(api.seen).toEqual([]);
    const pending = await collectRun(
      graph,
      { message: "", resume: { value: { decision: "once", secret: "GITHUB_TOKEN", origin: api.origin } } },
      { threadId: "s" },
    );
    expect(statusOf(pending)).toBe("completed");
    expect(api.seen).toEqual(["GET /issues?token=ghp-7"]);
  });

  it("is asked before any tool of the model turn runs, so an earlier tool of the turn runs once", async () => {
    const api = await recordingApi();
    const ping = { id: "ping", kind: "http" as const, name: "ping", config: { url: `${api.origin}/ping` } };
    const issues = {
      id: "issues",
      kind: "http" as const,
      name: "list_issues",
      config: { url: `${api.origin}/issues`, query: { token: "{{ secrets.GITHUB_TOKEN }}" } },
    };
    const doc = chainDocument(
      [
        agentNode("a1", {
          name: "Main",
          tools: ["ping", "issues"],
          default_tools: [],
          script: {
            rules: [
              {
                match: "hello",
                tool_calls: [
                  { name: "ping", args: {} },
                  { name: "list_issues", args: {} },
                ],
              },
              { on: "tool", reply: "Done." },
            ],
          },
        }),
      ],
      { tools: [ping, issues] },
    );
    const secrets: ToolSecrets = { get: async () => "ghp-7", allows: async () => false };
    const graph = compileGraph(doc, { ...testServices(), tools: createToolResolver({ secrets, graph: "Two calls" }) });
    const paused = await collectRun(graph, { message: "hello" }, { threadId: "t" });
    expect(statusOf(paused)).toBe("interrupted");
    expect(api.seen).toEqual([]);
    const resumed = await collectRun(
      graph,
      { message: "", resume: { value: { decision: "once", secret: "GITHUB_TOKEN", origin: api.origin } } },
      { threadId: "t" },
    );
    expect(statusOf(resumed)).toBe("completed");
    expect(api.seen).toEqual(["GET /ping", "GET /issues?token=ghp-7"]);
  });
});
