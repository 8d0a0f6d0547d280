import { describe, expect, it } from "vitest";
import { graphDocumentSchema, type GraphDocument } from "../../../schema/index.js";
import { agentNode, delegationEdge, docWith, mockTool } from "../../../schema/fixtures/builders.js";
import { describeLoop } from "./describeLoop";

// Main (handoff → Analytics; blocking tool → Emails; background tool → Research).
const doc: GraphDocument = graphDocumentSchema.parse(
  docWith((d) => {
    d.tools = [mockTool("search", "web_search"), { ...mockTool("send", "send_email"), destructive: true }];
    d.nodes[1].data = { name: "Main", model: "scripted", tools: ["search"], default_tools: ["get_time_date", "request_help", "get_supervisor_agent"] };
    d.nodes.push(
      agentNode("analytics", "Analytics", { default_tools: ["request_help"] }),
      agentNode("emails", "Emails", { tools: ["send"] }),
      agentNode("research", "Research"),
    );
    d.edges.push(
      delegationEdge("d1", "assistant", "analytics"),
      { ...delegationEdge("d2", "assistant", "emails"), mode: "tool" },
      { ...delegationEdge("d3", "assistant", "research"), mode: "tool", blocking: false },
    );
  }),
);

const names = (id: string) => describeLoop(doc, id)?.tools.map((t) => `${t.kind}:${t.name}`);

describe("an agent's inner loop, described from the document", () => {
  it("lists the five loop steps of seed 000 in order", () => {
    expect(describeLoop(doc, "assistant")?.steps.map((s) => s.name)).toEqual([
      "render_system_prompt",
      "current_active_agent",
      "continue_conversation",
      "call_model",
      "call_tools",
    ]);
  });

  it("binds a transfer_to tool per handoff child, a tool per delegated child and the background helpers", () => {
    expect(names("assistant")).toEqual([
      "catalog:web_search",
      "default:get_time_date",
      "default:get_supervisor_agent",
      "handoff:transfer_to_Analytics",
      "delegation:Emails",
      "delegation:Research",
      "helper:get_background_sub_agent_result",
      "helper:fetch_sub_agent_progress",
      "helper:message_sub_agent",
    ]);
  });

  it("gives request_help only to handoff sub-agents, escalating to their supervisor", () => {
    const analytics = describeLoop(doc, "analytics");
    expect(analytics?.parents).toEqual(["Main"]);
    expect(analytics?.tools.find((t) => t.name === "request_help")?.effect).toBe("escalates to Main");
    expect(analytics?.steps[0]?.note).toContain("SUPERVISOR SYSTEM PROMPT");
    expect(names("assistant")).not.toContain("default:request_help");
    const emails = graphDocumentSchema.parse({
      ...doc,
      nodes: doc.nodes.map((n) => (n.id === "emails" && n.kind === "agent" ? { ...n, data: { ...n.data, default_tools: ["request_help"] } } : n)),
    });
    expect(describeLoop(emails, "emails")?.tools.map((t) => t.name)).toEqual(["send_email"]);
  });

  it("lets current_active_agent and call_tools jump to handoff children only", () => {
    const steps = describeLoop(doc, "assistant")?.steps;
    expect(steps?.[1]?.next).toEqual(["continue_conversation", "Analytics"]);
    expect(steps?.[4]?.next).toEqual(["call_model", "__end__", "Analytics"]);
  });

  it("names each sub-agent with its mode", () => {
    expect(describeLoop(doc, "assistant")?.subAgents.map((s) => [s.name, s.mode, s.blocking])).toEqual([
      ["Analytics", "handoff", true],
      ["Emails", "tool", true],
      ["Research", "tool", false],
    ]);
  });

  it("says which agent an agent tool runs", () => {
    const withAgentTool = graphDocumentSchema.parse({
      ...doc,
      tools: [...doc.tools, { id: "council", kind: "agent", name: "jedi_council", config: { agent: "Research" } }],
      nodes: doc.nodes.map((n) => (n.id === "emails" && n.kind === "agent" ? { ...n, data: { ...n.data, tools: ["council"] } } : n)),
    });
    expect(describeLoop(withAgentTool, "emails")?.tools[0]).toEqual({ name: "jedi_council", kind: "agent", effect: "runs Research; its answer is the result" });
  });

  it("marks destructive catalog tools and describes nothing for a node that is not an agent", () => {
    expect(describeLoop(doc, "emails")?.tools[0]).toMatchObject({ name: "send_email", effect: expect.stringContaining("needs approval") });
    expect(describeLoop(doc, "start")).toBeNull();
  });
});
