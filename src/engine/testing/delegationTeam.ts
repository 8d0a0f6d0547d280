/** A seed-002 team for engine tests: Main delegates to sub-agents as tools; Jedi is hidden, used by a tool. */
import type { GraphDocumentInput } from "../../schema/index.js";
import { agentNode, chainDocument } from "./documents.js";
import type { BackgroundTask } from "../ports.js";

/**
 * Main ─tool(blocking)→ Emails, Main ─tool(background)→ Research ─tool→ Deep, Main ─tool→ Tasks;
 * the tool `jedi_council` runs the hidden agent Jedi.
 */
export function delegationDoc(options: { maxDepth?: number; researchSpeed?: number } = {}): GraphDocumentInput {
  return chainDocument(
    [
      agentNode("main", {
        name: "Main",
        system_prompt: "You orchestrate.",
        tools: ["jedi"],
        script: {
          rules: [
            { match: "^email (?<q>.+)", tool_calls: [{ name: "Emails", args: { message: "{{ match.q }}" } }] },
            { match: "^precise email (?<q>.+)", tool_calls: [{ name: "Emails", args: { message: "{{ match.q }}", model: "precise", temperature: 0.1 } }] },
            { match: "^research (?<q>.+)", tool_calls: [{ name: "Research", args: { message: "{{ match.q }}" } }] },
            { match: "^dig (?<q>.+)", tool_calls: [{ name: "Research", args: { message: "dig {{ match.q }}", blocking: true } }] },
            { match: "^tasks (?<q>.+)", tool_calls: [{ name: "Tasks", args: { message: "{{ match.q }}" } }] },
            { match: "^council (?<q>.+)", tool_calls: [{ name: "jedi_council", args: { message: "{{ match.q }}" } }] },
            { match: "^result (?<id>task_\\w+)", tool_calls: [{ name: "get_background_sub_agent_result", args: { task_id: "{{ match.id }}" } }] },
            {
              match: "^progress (?<id>task_\\w+)",
              tool_calls: [{ name: "fetch_sub_agent_progress", args: { task_id: "{{ match.id }}", question: "How far along are you?" } }],
            },
            {
              match: "^tell (?<id>task_\\w+) (?<mode>send_and_wait|send) (?<text>.+)",
              tool_calls: [{ name: "message_sub_agent", args: { task_id: "{{ match.id }}", mode: "{{ match.mode }}", message: "{{ match.text }}" } }],
            },
            { match: "^\\[Background task (?<id>\\S+)\\] (?<agent>\\w+) finished", reply: "Update: {{ match.agent }} finished {{ match.id }}." },
            { match: "^\\[Background task (?<id>\\S+)\\] (?<agent>\\w+) failed", reply: "Sorry: {{ match.agent }} could not finish {{ match.id }}." },
            { on: "tool", reply: "{{ tool_result }}" },
          ],
        },
      }),
    ],
    {
      models: [
        { id: "scripted", provider: "scripted", model: "scripted" },
        { id: "precise", provider: "scripted", model: "scripted-precise" },
      ],
      settings: { recursion_limit: 100, max_sub_agent_depth: options.maxDepth ?? 5 },
      tools: [
        { id: "jedi", kind: "agent", name: "jedi_council", description: "Ask the Jedi council.", config: { agent: "Jedi" } },
        {
          id: "slow_search",
          kind: "mock",
          name: "web_search",
          description: "Searches the web.",
          config: { default: "3 articles about {{ args.q }}", latency_ms: 150 },
        },
      ],
      nodes: [
        agentNode("emails", {
          name: "Emails",
          description: "Searches and drafts email.",
          system_prompt: "You handle email.",
          script: { rules: [{ match: ".", reply: "Emails found 2 messages about: {{ input }}" }] },
        }),
        agentNode("research", {
          name: "Research",
          description: "Researches the web.",
          tools: ["slow_search"],
          script: {
            tokens_per_second: options.researchSpeed ?? 0,
            rules: [
              { match: "^dig", tool_calls: [{ name: "Deep", args: { message: "deeper" } }] },
              { match: "pricing", reply: "Noted: I will include pricing." },
              { match: "How far along", reply: "Research is searching the web." },
              { match: ".", tool_calls: [{ name: "web_search", args: { q: "{{ input }}" } }] },
              { on: "tool", tool: "web_search", reply: "Research summary: {{ tool_result }}" },
              { on: "tool", reply: "Research got: {{ tool_result }}" },
            ],
          },
        }),
        agentNode("deep", { name: "Deep", description: "Goes deeper.", script: { rules: [{ match: ".", reply: "Deep result." }] } }),
        agentNode("tasks", {
          name: "Tasks",
          description: "Manages tasks.",
          script: {
            rules: [
              { match: "ask emails", tool_calls: [{ name: "Emails", args: { message: "anything" } }] },
              { match: ".", reply: "Tasks noted: {{ input }}" },
              { on: "tool", reply: "Tasks got: {{ tool_result }}" },
            ],
          },
        }),
        agentNode("jedi", {
          name: "Jedi",
          description: "Hidden council.",
          hidden: true,
          script: { rules: [{ match: ".", reply: "The council says: trust {{ input }}" }] },
        }),
      ],
      edges: [
        { id: "d-emails", kind: "delegation", source: "main", target: "emails", mode: "tool", blocking: true },
        { id: "d-research", kind: "delegation", source: "main", target: "research", mode: "tool", blocking: false },
        { id: "d-tasks", kind: "delegation", source: "main", target: "tasks", mode: "tool", blocking: true },
        { id: "d-deep", kind: "delegation", source: "research", target: "deep", mode: "tool", blocking: true },
      ],
    },
  );
}

/**
 * A background task of this team's Research agent, left running when the page went away
 * (tests of recovery after a reload).
 * @example await store.put(cutOffTask({ id: "task_lost" }))
 */
export function cutOffTask(patch: Partial<BackgroundTask> = {}): BackgroundTask {
  return {
    id: "task_cut",
    thread_id: "t1",
    parent_agent: "Main",
    agent: "Research",
    tool_call_id: "call_cut",
    call_id: "call_cut_research",
    message: "markets",
    overrides: {},
    depth: 1,
    status: "running",
    result: null,
    error: null,
    created: 1,
    updated: 1,
    attempts: 1,
    inbox: [],
    progress: [],
    reported: false,
    ...patch,
  };
}
