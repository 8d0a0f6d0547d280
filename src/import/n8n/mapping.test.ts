/** n8n workflows as graphs, node by node: what each fixture's nodes became, and that the graph validates. */
import { describe, expect, it } from "vitest";
import { graphDocumentSchema, type GraphDocument, type ToolDefinition } from "../../schema/index.js";
import { detectImporter } from "../index.js";
import { dataOf, fixtureText, flows, importFixture, line, N8N_FIXTURES, node } from "./testing/fixtures.js";

const tool = (document: GraphDocument, id: string): ToolDefinition => {
  const found = document.tools.find((t) => t.id === id);
  if (!found) throw new Error(`no tool ${id}`);
  return found;
};

describe("every n8n fixture", () => {
  it.each(N8N_FIXTURES)("%s: is detected as n8n, lists each node once and gives a graph without problems", (name) => {
    const result = importFixture(name);
    expect(graphDocumentSchema.parse(result.document)).toEqual(result.document);
    expect(result.problems).toEqual([]);
    const ids = result.report.nodes.map((n) => n.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(result.report.source.format).toBe("n8n");
    expect(result.document.meta.tags).toEqual(["imported", "n8n"]);
    // Every id a report line names is a node, tool, profile or MCP server of the new graph.
    const known = new Set([
      ...result.document.nodes.map((n) => n.id),
      ...result.document.tools.map((t) => t.id),
      ...result.document.models.map((m) => m.id),
      ...(result.document.mcp_servers ?? []).map((s) => s.name),
    ]);
    for (const reported of result.report.nodes) for (const to of reported.to) expect(known, `${reported.name} → ${to}`).toContain(to);
  });

  it.each(N8N_FIXTURES)("%s: reports as many lines as the file has nodes", (name) => {
    const nodes = (JSON.parse(fixtureText(name)) as { nodes: unknown[] }).nodes;
    expect(importFixture(name).report.nodes).toHaveLength(nodes.length);
    expect(detectImporter(JSON.parse(fixtureText(name)))?.format).toBe("n8n");
  });
});

describe("agent with tools", () => {
  const result = importFixture("agent-with-tools.json");
  const { document } = result;

  it("makes the chat trigger the Start and the agent its only step before the End", () => {
    expect(line(result, "When chat message received")).toMatchObject({ status: "mapped", to: ["start"] });
    expect(flows(document)).toEqual(["start -> AI_Agent", "AI_Agent -> end"]);
    expect(node(document, "AI_Agent").position).toEqual({ x: -180, y: 0 });
  });

  it("keeps the agent's system message (with $now as the date) and max iterations, and gives it exactly its plugged-in tools", () => {
    const agent = dataOf(document, "AI_Agent", "agent");
    expect(agent.system_prompt).toBe(
      "You are a travel helper. Today is {{ date }}.\nUse the weather tool before suggesting outdoor plans, and the calculator for budgets.",
    );
    expect(agent.max_iterations).toBe(8);
    expect(agent.default_tools).toEqual([]);
    expect(agent.model).toBe("openai-gpt-4o-mini");
    expect(agent.tools).toEqual(["Calculator", "Wikipedia", "Weather", "convert_currency", "Bookings_MCP_search_hotels", "Bookings_MCP_get_booking"]);
    expect(line(result, "AI Agent")).toMatchObject({ status: "mapped", to: ["AI_Agent"] });
  });

  it("turns the chat model into a profile with its model, temperature and max tokens", () => {
    expect(document.models).toEqual([
      { id: "openai-gpt-4o-mini", provider: "openai", model: "gpt-4o-mini", temperature: 0.3, max_tokens: 800, fallbacks: [], tool_calling: true },
    ]);
    expect(line(result, "OpenAI Chat Model")).toMatchObject({ status: "mapped", to: ["openai-gpt-4o-mini"] });
    expect(result.report.notes).toContain('Node "OpenAI Chat Model" used the n8n credential "OpenAI account" (openAiApi): set an OpenAI key in Settings');
  });

  it("maps calculator to the built-in, Wikipedia to its public API, and the HTTP tool with its placeholder and credential as a secret", () => {
    expect(tool(document, "Calculator")).toMatchObject({ kind: "builtin", config: { builtin: "calculator" } });
    expect(tool(document, "Wikipedia")).toMatchObject({
      kind: "http",
      config: { url: "https://en.wikipedia.org/w/api.php", query: { srsearch: "{{ args.input }}" } },
    });
    expect(line(result, "Wikipedia").status).toBe("approximated");
    expect(tool(document, "Weather")).toMatchObject({
      kind: "http",
      description: "Get the weather forecast for a city. Call it with the city's name.",
      input_schema: { properties: { city: { type: "string", description: "City name, e.g. Lisbon" }, units: { type: "string" } }, required: ["city"] },
      config: {
        url: "https://api.weather.example.com/v1/forecast/{{ args.city }}",
        method: "GET",
        query: { days: "3", units: "{{ args.units }}" },
        headers: { Authorization: "{{ secrets.WEATHER_API_KEY }}" },
      },
    });
    expect(line(result, "Weather")).toMatchObject({ status: "approximated", to: ["Weather"], reason: expect.stringContaining("Authorization") });
    expect(result.report.notes.some((n) => n.includes("WEATHER_API_KEY"))).toBe(true);
  });

  it("keeps JavaScript code tools (n8n's query is the call's input) and leaves Python ones unmapped", () => {
    const code = tool(document, "convert_currency");
    expect(code.kind).toBe("javascript");
    expect(code.kind === "javascript" && code.config.code).toBe(
      "const query = args.input;\nconst rate = 1.08;\nconst amount = Number(query);\nreturn `${(amount * rate).toFixed(2)} USD`;",
    );
    expect(line(result, "Packing list (Python)")).toMatchObject({ status: "unmapped", to: [], reason: expect.stringContaining("Python") });
    expect(document.tools.some((t) => t.name === "packing_list")).toBe(false);
  });

  it("makes the MCP client an MCP server with a bearer secret and its selected tools", () => {
    expect(document.mcp_servers).toEqual([
      { name: "Bookings_MCP", url: "https://mcp.bookings.example.com/mcp", headers: { Authorization: "Bearer {{ secrets.BOOKINGS_MCP_TOKEN }}" } },
    ]);
    expect(tool(document, "Bookings_MCP_search_hotels")).toMatchObject({
      kind: "mcp",
      config: { server_url: "https://mcp.bookings.example.com/mcp", tool: "search_hotels", server: "Bookings_MCP" },
    });
    expect(line(result, "Bookings MCP")).toMatchObject({ status: "mapped", to: ["Bookings_MCP", "Bookings_MCP_search_hotels", "Bookings_MCP_get_booking"] });
  });

  it("reports the window memory as the thread's history and the sticky note as a Note", () => {
    expect(line(result, "Window Buffer Memory")).toMatchObject({ status: "approximated", to: ["AI_Agent"] });
    expect(dataOf(document, "Sticky_Note", "note").text).toContain("## Travel helper");
    expect(line(result, "Sticky Note")).toMatchObject({ status: "mapped", to: ["Sticky_Note"] });
  });
});

describe("branch and switch", () => {
  const result = importFixture("branch-and-switch.json");
  const { document } = result;

  it("turns If v2 into a CEL condition on the message and wires true and false", () => {
    expect(dataOf(document, "Asks_for_a_refund", "if").condition).toBe('input.contains("refund")');
    expect(flows(document)).toEqual(
      expect.arrayContaining(["start -> Asks_for_a_refund", "Asks_for_a_refund:true -> Refund_agent", "Asks_for_a_refund:false -> Topic"]),
    );
  });

  it("turns Switch v3 rules into one value naming the first matching output, with the fallback as default", () => {
    const sw = dataOf(document, "Topic", "switch");
    expect(sw.variable).toBe('(input.contains("invoice")) ? "billing" : (input.matches("^(error|bug|crash)")) ? "technical" : ""');
    expect(sw.cases).toEqual([
      { id: "billing", label: "billing", value: "billing" },
      { id: "technical", label: "technical", value: "technical" },
    ]);
    expect(flows(document)).toEqual(expect.arrayContaining(["Topic:billing -> Billing_agent", "Topic:technical -> Tech_agent", "Topic:default -> Escalate"]));
    expect(line(result, "Topic")).toMatchObject({ status: "mapped", to: ["Topic"] });
  });

  it("gives each agent the profile of the model plugged into it, one profile per model", () => {
    expect(dataOf(document, "Refund_agent", "agent").model).toBe("anthropic-claude-3-5-haiku-20241022");
    expect(dataOf(document, "Billing_agent", "agent").model).toBe("openai-gpt-4o");
    expect(dataOf(document, "Tech_agent", "agent").model).toBe("openai-gpt-4o");
    expect(document.models.map((m) => [m.provider, m.model, m.temperature])).toEqual([
      ["anthropic", "claude-3-5-haiku-20241022", 0.2],
      ["openai", "gpt-4o", undefined],
    ]);
  });

  it("adds an agent's own prompt to its system prompt, the chat message as {{ input }}", () => {
    expect(dataOf(document, "Tech_agent", "agent").system_prompt).toBe(
      "You are second-line technical support.\n\nFor each message: Customer report: {{ input }}\nReply with the first troubleshooting step.",
    );
    expect(line(result, "Tech agent").status).toBe("approximated");
    // An agent whose prompt is the chat message is mapped as is.
    expect(line(result, "Billing agent")).toMatchObject({ status: "mapped", reason: "" });
  });

  it("makes Execute Workflow a Subgraph to choose, and says so in a note", () => {
    expect(dataOf(document, "Escalate", "subgraph").graph).toBe("no_graph");
    expect(line(result, "Escalate").status).toBe("approximated");
    expect(result.report.notes.some((n) => n.includes("Escalate to a human"))).toBe(true);
  });
});

describe("loop over items", () => {
  const result = importFixture("loop-over-items.json");
  const { document } = result;

  it("makes Loop Over Items v3 a Loop: done → exit, loop → body, back through the skipped Set node", () => {
    expect(dataOf(document, "Loop_Over_Items", "loop")).toMatchObject({ condition: "passes < 1", on_limit: "exit" });
    expect(flows(document).sort()).toEqual(
      [
        "start -> Loop_Over_Items",
        "Loop_Over_Items:exit -> Join_summaries",
        "Loop_Over_Items:body -> Summarise_section",
        "Summarise_section -> Loop_Over_Items",
        "Join_summaries -> end",
      ].sort(),
    );
    expect(line(result, "Keep summary")).toMatchObject({ status: "unmapped", to: [] });
    expect(line(result, "Loop Over Items").status).toBe("approximated");
  });

  it("makes Basic LLM Chains LLM nodes and keeps item expressions visibly as text", () => {
    const llm = dataOf(document, "Summarise_section", "llm");
    expect(llm.system_prompt).toBe("You write short, neutral summaries.");
    expect(llm.prompt).toBe("Summarise this section in two sentences:\n\n[n8n: $json.section]");
    expect(line(result, "Summarise section").reason).toContain("$json.section");
  });
});

describe("human in the loop", () => {
  const result = importFixture("human-in-the-loop.json");
  const { document } = result;

  it("turns Slack's send-and-wait into an Approval whose answers both continue", () => {
    const approval = dataOf(document, "Ask_a_lead_on_Slack", "approval");
    expect(approval.message).toBe("Send this reply?\n\n[n8n: $json.output]");
    expect(flows(document)).toEqual(
      expect.arrayContaining(["Draft_reply -> Ask_a_lead_on_Slack", "Ask_a_lead_on_Slack:approved -> Approved", "Ask_a_lead_on_Slack:rejected -> Approved"]),
    );
    expect(line(result, "Ask a lead on Slack").status).toBe("approximated");
  });

  it("strips the HTML of the system message, and sends the If's open false branch to the End", () => {
    expect(dataOf(document, "Draft_reply", "agent").system_prompt).toBe("You draft polite replies to customer emails.\n\nKeep them under 120 words.");
    expect(flows(document)).toEqual(expect.arrayContaining(["Approved:true -> end", "Approved:false -> end"]));
    expect(line(result, "Approved?")).toMatchObject({ status: "approximated", reason: expect.stringContaining("$json.data.approved") });
    expect(line(result, "Send email")).toMatchObject({ status: "unmapped", to: [] });
  });
});

describe("sub-agent and sub-workflow", () => {
  const result = importFixture("sub-agent.json");
  const { document } = result;

  it("makes the agent tool a sub-agent under a delegation edge, with its own model and tools", () => {
    expect(document.edges.filter((e) => e.kind === "delegation")).toEqual([
      expect.objectContaining({ source: "Coordinator", target: "Researcher", kind: "delegation", mode: "tool", blocking: true }),
    ]);
    const researcher = dataOf(document, "Researcher", "agent");
    expect(researcher).toMatchObject({
      description: "Finds facts on a topic and returns them as bullet points.",
      system_prompt: "You are a careful researcher. Cite where each fact comes from.",
      tools: ["Wikipedia"],
      hidden: false,
      model: "openai-llama-3.3-70b-versatile",
    });
    expect(dataOf(document, "Coordinator", "agent").tools).toEqual(["Think"]);
  });

  it("reaches Groq through its OpenAI-compatible endpoint, and leaves the workflow tool unmapped with a note", () => {
    expect(document.models.find((m) => m.id === "openai-llama-3.3-70b-versatile")).toMatchObject({
      provider: "openai",
      base_url: "https://api.groq.com/openai/v1",
    });
    expect(line(result, "Groq Chat Model").status).toBe("approximated");
    expect(line(result, "CRM lookup")).toMatchObject({ status: "unmapped", to: [] });
    expect(result.report.notes.some((n) => n.includes("CRM lookup") && n.includes("Subgraph"))).toBe(true);
    expect(tool(document, "Think")).toMatchObject({ kind: "builtin", config: { builtin: "echo" } });
  });
});

describe("notes, no-ops and disabled nodes", () => {
  const result = importFixture("notes.json");
  const { document } = result;

  it("keeps both sticky notes as Notes and runs the flow past the no-op and the disabled node", () => {
    expect(document.nodes.filter((n) => n.kind === "note")).toHaveLength(2);
    expect(flows(document)).toEqual(["start -> Write_release_notes", "Write_release_notes -> end"]);
    expect(line(result, "No Operation, do nothing")).toMatchObject({ status: "mapped", to: [] });
    expect(line(result, "Clean input")).toMatchObject({ status: "unmapped", reason: expect.stringContaining("disabled") });
  });
});
