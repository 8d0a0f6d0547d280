import { describe, expect, it } from "vitest";
import { eventBuilder, toolRun } from "../timeline/eventFixtures";
import { deriveChat } from "./chatMessages";
import { messageLabel } from "./messageLabel";

describe("deriveChat", () => {
  it("shows the user's message, then each reply with its tool call and result", () => {
    const chat = deriveChat(toolRun());
    expect(chat.map((m) => [m.kind, m.author, m.text])).toEqual([
      ["user", "User", "What's the weather in Paris?"],
      ["reply", "Assistant", "Let me check."],
      ["reply", "Assistant", "Sunny, 21°C."],
    ]);
    const first = chat[1];
    expect(first?.kind === "reply" && first.toolCalls).toEqual([
      {
        id: "call_1",
        key: expect.any(String),
        tool: "get_weather",
        args: { city: "Paris" },
        result: "Sunny, 21°C",
        error: null,
        durationMs: 12,
        status: "done",
      },
    ]);
  });

  it("shows the answer of a turn stored with its tool call at the run's own call (retold after a reload before calls had their own)", () => {
    const e = eventBuilder("r1", "t");
    const events = [
      e({ type: "run_start", input: "What's the weather in Paris?" }),
      e({ type: "ai_message", message_id: "m1", content: "Let me check.", tool_calls: [{ id: "c1", name: "get_weather", args: {} }], profile: null }),
      e({ type: "tool_call", tool_call_id: "c1", tool: "get_weather", args: {} }),
      e({ type: "tool_result", tool_call_id: "c1", tool: "get_weather", result: "Sunny", error: null, duration_ms: 0, return_direct: false }),
      e({ type: "ai_message", message_id: "m2", content: "Right now: Sunny.", tool_calls: [], profile: null }),
      e({ type: "run_end", status: "completed", duration_ms: 5 }),
    ];
    const chat = deriveChat(events);
    expect(chat.map((m) => `${m.author}: ${m.text}`)).toEqual([
      "User: What's the weather in Paris?",
      "Assistant: Let me check.",
      "Assistant: Right now: Sunny.",
    ]);
    expect(chat[1]?.kind === "reply" && chat[1].toolCalls).toEqual([expect.objectContaining({ id: "c1", status: "done", result: "Sunny" })]);
    expect(chat[1]?.kind === "reply" && chat[1].toolCalls[0]?.activity).toBeUndefined();
  });

  it("cancels the unanswered tool calls of the run that ended, and of a Tool node's message, not another run's", () => {
    const agent = { call_id: "a", parent_call_id: "r", depth: 1, agent: "Assistant" };
    const a = eventBuilder("ra", "t");
    const b = eventBuilder("rb", "t", 2_000);
    const tool = (id: string) => ({ ...agent, call_id: id, parent_call_id: "a", depth: 2 });
    const events = [
      a({ type: "run_start", input: "first" }),
      a({ type: "ai_message", message_id: "ma", content: "", tool_calls: [{ id: "ca", name: "slow", args: {} }], profile: null }, agent),
      a({ type: "tool_call", tool_call_id: "ca", tool: "slow", args: {} }, tool("ca")),
      b({ type: "run_start", input: "second" }),
      b({ type: "tool_call", tool_call_id: "cb", tool: "lookup", args: {} }, { ...tool("cb"), node: "Lookup" }),
      b({ type: "run_end", status: "cancelled", duration_ms: 5 }),
    ];
    const calls = deriveChat(events, "ra").flatMap((m) => (m.kind === "reply" ? m.toolCalls.map((c) => [c.id, c.status]) : []));
    expect(calls).toEqual([
      ["ca", "running"],
      ["cb", "cancelled"],
    ]);
  });

  it("keeps two runs' tool calls apart when the provider gave both the same id", () => {
    const agent = { call_id: "a", parent_call_id: "r", depth: 1, agent: "Assistant" };
    const tool = { ...agent, call_id: "c", parent_call_id: "a", depth: 2 };
    const run = (runId: string, ts: number, city: string, result: string, message: string) => {
      const e = eventBuilder(runId, "t", ts);
      return [
        e({ type: "run_start", input: `weather in ${city}` }),
        e({ type: "ai_message", message_id: message, content: "", tool_calls: [{ id: "call_0", name: "get_weather", args: { city } }], profile: null }, agent),
        e({ type: "tool_call", tool_call_id: "call_0", tool: "get_weather", args: { city } }, tool),
        e({ type: "tool_result", tool_call_id: "call_0", tool: "get_weather", result, error: null, duration_ms: 3, return_direct: false }, tool),
        e({ type: "run_end", status: "completed", duration_ms: 5 }),
      ];
    };
    // The second run's call is made before the first run's result is read: a shared id would take it.
    const [first, second] = [run("r1", 1_000, "Paris", "Sunny", "m1"), run("r2", 2_000, "Oslo", "Rain", "m2")];
    const events = [...first.slice(0, 3), ...second.slice(0, 3), first[3]!, second[3]!, first[4]!, second[4]!];
    const calls = deriveChat(events).flatMap((m) => (m.kind === "reply" ? m.toolCalls : []));
    expect(calls.map((c) => [c.args.city, c.result, c.status])).toEqual([
      ["Paris", "Sunny", "done"],
      ["Oslo", "Rain", "done"],
    ]);
    expect(new Set(calls.map((c) => c.key)).size).toBe(2);
  });

  it("shows a reply while its tokens stream, before the AI message arrives", () => {
    const events = toolRun().slice(0, 6);
    const reply = deriveChat(events, "run_1").at(-1);
    expect(reply).toMatchObject({ kind: "reply", text: "Let me check.", streaming: true });
  });

  it("shows a reply of a run cut off by a closed tab as stopped, not streaming forever", () => {
    const events = toolRun().slice(0, 6);
    expect(deriveChat(events, null).at(-1)).toMatchObject({ streaming: false, stopped: true });
  });

  it("marks a reply cut off by Stop and the tool calls that never answered", () => {
    const e = eventBuilder("r", "t");
    const agent = { call_id: "a", parent_call_id: "r", depth: 1, agent: "Assistant" };
    const events = [
      e({ type: "run_start", input: "hi" }),
      e({ type: "message_delta", message_id: "m", delta: "Hel" }, agent),
      e({ type: "run_end", status: "cancelled", duration_ms: 5 }),
    ];
    expect(deriveChat(events).at(-1)).toMatchObject({ text: "Hel", streaming: false, stopped: true });

    const withTool = [
      e({ type: "run_start", input: "hi" }),
      e({ type: "ai_message", message_id: "m2", content: "", tool_calls: [{ id: "c", name: "slow", args: {} }], profile: null }, agent),
      e({ type: "tool_call", tool_call_id: "c", tool: "slow", args: {} }, { ...agent, call_id: "c", parent_call_id: "a", depth: 2 }),
      e({ type: "run_end", status: "cancelled", duration_ms: 5 }),
    ];
    const reply = deriveChat(withTool).at(-1);
    expect(reply?.kind === "reply" && reply.toolCalls[0]?.status).toBe("cancelled");
  });

  it("reports a tool's error on its card", () => {
    const events = toolRun().map((event) => (event.type === "tool_result" ? { ...event, result: "", error: "No station" } : event));
    const reply = deriveChat(events)[1];
    expect(reply?.kind === "reply" && reply.toolCalls[0]).toMatchObject({ status: "error", error: "No station", result: null });
  });

  it("gives a Tool node's call, which no model reply made, a message of its own", () => {
    const e = eventBuilder("r", "t");
    const events = [
      e({ type: "run_start", input: "go" }),
      e({ type: "tool_call", tool_call_id: "x", tool: "lookup", args: { id: 1 } }, { call_id: "x", parent_call_id: "n", depth: 2, node: "Lookup" }),
      e(
        { type: "tool_result", tool_call_id: "x", tool: "lookup", result: "{}", error: null, duration_ms: 3, return_direct: false },
        { call_id: "x", parent_call_id: "n", depth: 2, node: "Lookup" },
      ),
    ];
    const chat = deriveChat(events);
    expect(chat[1]).toMatchObject({ kind: "reply", author: "Lookup", text: "" });
    expect(chat[1] && messageLabel(chat[1])).toBe("Lookup: called lookup");
  });

  it("keeps where a tool call went, for its card", () => {
    const e = eventBuilder("r", "t");
    const where = { call_id: "x", parent_call_id: "n", depth: 2, node: "Lookup" };
    const chat = deriveChat([
      e({ type: "run_start", input: "go" }),
      e({ type: "tool_call", tool_call_id: "x", tool: "lookup", args: {}, target: "https://api.example.com" }, where),
    ]);
    expect(chat[1]).toMatchObject({ kind: "reply", toolCalls: [{ tool: "lookup", target: "https://api.example.com" }] });
  });

  it("shows a run's error as a message", () => {
    const e = eventBuilder("r", "t");
    const chat = deriveChat([e({ type: "run_start", input: "hi" }), e({ type: "error", code: "MODEL_ERROR", message: "No API key" })]);
    expect(chat.at(-1)).toMatchObject({ kind: "error", author: "Error", text: "No API key" });
  });

  it("keeps the messages of successive runs in order", () => {
    const events = [...toolRun({ runId: "r1", input: "first" }), ...toolRun({ runId: "r2", input: "second", start: 5_000 })];
    expect(
      deriveChat(events)
        .filter((m) => m.kind === "user")
        .map((m) => m.text),
    ).toEqual(["first", "second"]);
  });
});

describe("deriveChat with sub-agents", () => {
  const e = eventBuilder("r", "t");
  const main = { call_id: "main", parent_call_id: "r", depth: 1, agent: "MainAgent" };
  const delegate = { call_id: "c_emails", parent_call_id: "main", depth: 2, agent: "MainAgent" };
  const emails = { call_id: "c_emails:EmailsAgent", parent_call_id: "c_emails", depth: 3, agent: "EmailsAgent" };
  const search = { call_id: "c_search", parent_call_id: "c_emails:EmailsAgent", depth: 4, agent: "EmailsAgent" };
  const delegated = [
    e({ type: "run_start", input: "Any unread emails?" }),
    e(
      {
        type: "ai_message",
        message_id: "m1",
        content: "",
        tool_calls: [{ id: "c_emails", name: "EmailsAgent", args: { message: "Any unread emails?" } }],
        profile: null,
      },
      main,
    ),
    e({ type: "tool_call", tool_call_id: "c_emails", tool: "EmailsAgent", args: { message: "Any unread emails?" } }, delegate),
    e({ type: "agent_start" }, emails),
    e({ type: "message_delta", message_id: "m2", delta: "Looking" }, emails),
    e({ type: "ai_message", message_id: "m2", content: "", tool_calls: [{ id: "c_search", name: "search_emails", args: {} }], profile: null }, emails),
    e({ type: "tool_call", tool_call_id: "c_search", tool: "search_emails", args: { query: "unread" } }, search),
    e({ type: "tool_result", tool_call_id: "c_search", tool: "search_emails", result: "3 unread", error: null, duration_ms: 3, return_direct: false }, search),
    e({ type: "ai_message", message_id: "m3", content: "You have 3 unread emails.", tool_calls: [], profile: null }, emails),
    e({ type: "agent_end", duration_ms: 9 }, emails),
    e(
      {
        type: "tool_result",
        tool_call_id: "c_emails",
        tool: "EmailsAgent",
        result: "You have 3 unread emails.",
        error: null,
        duration_ms: 10,
        return_direct: false,
      },
      delegate,
    ),
    e({ type: "ai_message", message_id: "m4", content: "From EmailsAgent: you have 3 unread emails.", tool_calls: [], profile: null }, main),
    e({ type: "run_end", status: "completed", duration_ms: 20 }),
  ];

  it("keeps a delegated sub-agent's replies and tool calls out of the chat, inside the parent's tool-call card", () => {
    const chat = deriveChat(delegated);
    expect(chat.map((m) => `${m.author}: ${m.text}`)).toEqual([
      "User: Any unread emails?",
      "MainAgent: ",
      "MainAgent: From EmailsAgent: you have 3 unread emails.",
    ]);
    const card = chat[1]?.kind === "reply" ? chat[1].toolCalls[0] : undefined;
    expect(card).toMatchObject({ tool: "EmailsAgent", status: "done", result: "You have 3 unread emails." });
    expect(card?.activity).toEqual([
      { author: "EmailsAgent", text: "called search_emails" },
      { author: "EmailsAgent", text: "You have 3 unread emails." },
    ]);
  });

  it("leaves a handed-off sub-agent, which answers the user itself, in the chat", () => {
    const sup = { call_id: "sup", parent_call_id: "r", depth: 1, agent: "Supervisor" };
    const analytics = { call_id: "an", parent_call_id: "sup", depth: 2, agent: "Analytics" };
    const events = [
      e({ type: "run_start", input: "revenue?" }),
      e({ type: "handoff", from: "Supervisor", to: "Analytics", reason: "transfer", tool_call_id: "t1" }, sup),
      e({ type: "ai_message", message_id: "a1", content: "Revenue was $1.24M.", tool_calls: [], profile: null }, analytics),
      e({ type: "run_end", status: "completed", duration_ms: 5 }),
    ];
    expect(deriveChat(events).map((m) => `${m.author}: ${m.text}`)).toEqual(["User: revenue?", "Analytics: Revenue was $1.24M."]);
  });
});

describe("deriveChat for background delegations", () => {
  it("hides the follow-up turn's prompt and shows the parent's report of the finished task", () => {
    const e = eventBuilder("follow", "t");
    const main = { call_id: "main", parent_call_id: "follow", depth: 1, agent: "MainAgent" };
    const events = [
      e({
        type: "run_start",
        input: '[Background task task_1] ResearchAgent finished the task "Acme news".\nResult:\nAcme launched Vault.\nReport this to the user.',
      }),
      e(
        {
          type: "delegation_completed",
          task_id: "task_1",
          sub_agent: "ResearchAgent",
          tool_call_id: "c1",
          status: "completed",
          result: "Acme launched Vault.",
          error: null,
        },
        { agent: "MainAgent" },
      ),
      e({ type: "ai_message", message_id: "m", content: "Update from ResearchAgent: Acme launched Vault.", tool_calls: [], profile: null }, main),
      e({ type: "run_end", status: "completed", duration_ms: 5 }),
    ];
    expect(deriveChat(events).map((m) => `${m.author}: ${m.text}`)).toEqual(["MainAgent: Update from ResearchAgent: Acme launched Vault."]);
  });
});
