/**
 * Graphwright graphs as MCP tools: the one mapping used by the runtime server's `/mcp`,
 * `npm run cli -- mcp <graph.json>` (stdio) and a server bundle's `npm run mcp`. Each graph is a
 * tool named by `meta.id` taking `{ message, thread_id? }`; its result is the final reply as text
 * plus structured content with the thread to continue and, when the run paused for a person,
 * what it asks and how to answer (a second call with `thread_id` and `answer`, the same JSON the
 * CLI's `--resume` takes). Where the run happens (this process or the runtime server) is the
 * caller's `GraphTurns`.
 */
import { randomUUID } from "node:crypto";
import { McpServer, type RegisteredTool } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { z } from "zod";
import { readResumeAnswer, type RunEvent, type RunInput } from "../../engine/index.js";
import { describeInterrupt, mcpToolName, type GraphDocument, type InterruptPayload } from "../../schema/index.js";

/** The longest message a tool call takes, in characters (a person's message, not a document). */
export const MAX_MESSAGE_CHARS = 32_000;

/** A graph that can run turns: in this process, or on the runtime server. */
export interface GraphTurns {
  meta: Pick<GraphDocument["meta"], "id" | "name" | "description" | "examples">;
  /** One turn's events, ending with `run_end`; failures are `error` events. */
  run(input: RunInput, threadId: string, signal: AbortSignal): AsyncIterable<RunEvent>;
}

/**
 * A graph's tool name: its `meta.id` in the characters MCP tool names allow (`mcpToolName`, which
 * the app's `Use from other agents` panel shows too).
 * @example toolName({ id: "weather-assistant" }) // "weather-assistant"
 */
export function toolName(meta: Pick<GraphDocument["meta"], "id">): string {
  return mcpToolName(meta.id);
}

/**
 * What a client's model reads to decide when to call the graph: its description and example messages.
 * @example toolDescription(weather.meta) // "Weather assistant: One agent with two tools … Example messages: …"
 */
export function toolDescription(meta: GraphTurns["meta"]): string {
  const examples = (meta.examples ?? []).map((e) => JSON.stringify(e)).join(", ");
  return [
    `${meta.name}${meta.description ? `: ${meta.description}` : ""}`,
    examples ? `Example messages: ${examples}.` : "",
    "Pass thread_id from a result to continue that conversation. When a result says the run paused, call again with its thread_id and an answer.",
  ]
    .filter(Boolean)
    .join("\n");
}

const inputShape = {
  message: z
    .string()
    .max(MAX_MESSAGE_CHARS, `message is longer than ${MAX_MESSAGE_CHARS} characters`)
    .optional()
    .describe(`The user's message to the graph (at most ${MAX_MESSAGE_CHARS} characters).`),
  thread_id: z.string().min(1).max(200).optional().describe("Continue this conversation (from an earlier result's structured content)."),
  answer: z
    .union([z.record(z.string(), z.unknown()), z.string()])
    .optional()
    .describe(
      'Answer to a paused run, with its thread_id: JSON such as {"decision":"approve"} or {"option_id":"…"}, as the result\'s pending.answer_example shows.',
    ),
  interrupt_id: z.string().optional().describe("Which pause the answer is for, when the run waits on more than one."),
};
type ToolInput = { message?: string; thread_id?: string; answer?: Record<string, unknown> | string; interrupt_id?: string };

/** A pause as a client sees it: what it asks and a valid answer to copy. */
export interface PendingAnswer {
  interrupt_id: string;
  kind: InterruptPayload["kind"];
  asks: string;
  options?: { id: string; label: string }[];
  answer_example: Record<string, unknown>;
}

function answerExample(payload: InterruptPayload): Record<string, unknown> {
  switch (payload.kind) {
    case "approval":
      return { decision: "approve" };
    case "question":
      return { option_id: payload.options[0]?.id ?? "" };
    case "secret":
      return { decision: "once", secret: payload.secret, origin: payload.origin };
    case "breakpoint":
      return { action: "continue" };
    default:
      return payload satisfies never;
  }
}

/** What a turn came to, read from its events. */
interface TurnOutcome {
  status: "completed" | "cancelled" | "error" | "interrupted";
  reply: string;
  errors: string[];
  pending: Map<string, InterruptPayload>;
}

/** Short words for progress notifications: which agent works, which tool runs. */
function progressMessage(event: RunEvent): string | null {
  if (event.type === "agent_start" && event.agent) return `${event.agent} is working`;
  if (event.type === "node_start" && event.node) return `Running ${event.node}`;
  if (event.type === "tool_call") return `Calling ${event.tool}`;
  if (event.type === "handoff") return `${event.from} hands over to ${event.to}`;
  return null;
}

async function collectTurn(events: AsyncIterable<RunEvent>, onProgress: (message: string) => Promise<void>): Promise<TurnOutcome> {
  const outcome: TurnOutcome = { status: "completed", reply: "", errors: [], pending: new Map() };
  for await (const event of events) {
    if (event.type === "ai_message" && event.content) outcome.reply = event.content;
    else if (event.type === "interrupt") outcome.pending.set(event.interrupt_id, event.payload);
    else if (event.type === "interrupt_resolved") outcome.pending.delete(event.interrupt_id);
    else if (event.type === "error") outcome.errors.push(`${event.code}: ${event.message}`);
    else if (event.type === "run_end") outcome.status = event.status;
    const progress = progressMessage(event);
    if (progress) await onProgress(progress);
  }
  return outcome;
}

function failure(text: string): CallToolResult {
  return { isError: true, content: [{ type: "text", text }] };
}

/** The tool's answer: the reply (or what the pause asks) as text, the thread and the pause as structured content. */
function toolResult(outcome: TurnOutcome, threadId: string): CallToolResult {
  const pending: PendingAnswer[] = [...outcome.pending].map(([id, payload]) => ({
    interrupt_id: id,
    kind: payload.kind,
    asks: describeInterrupt(payload),
    ...(payload.kind === "question" ? { options: payload.options } : {}),
    answer_example: answerExample(payload),
  }));
  const paused = outcome.status === "interrupted";
  const lines = [outcome.reply, ...outcome.errors];
  if (paused) {
    for (const p of pending) lines.push(`Paused: ${p.asks}. Answer with thread_id "${threadId}" and answer ${JSON.stringify(p.answer_example)}.`);
  }
  if (outcome.status === "cancelled") lines.push("The run was cancelled.");
  return {
    isError: outcome.status === "error" || (outcome.errors.length > 0 && !paused),
    content: [{ type: "text", text: lines.filter(Boolean).join("\n") || "(no reply)" }],
    structuredContent: {
      thread_id: threadId,
      status: paused ? "paused" : outcome.status,
      reply: outcome.reply,
      ...(paused ? { pending } : {}),
      ...(outcome.errors.length > 0 ? { errors: outcome.errors } : {}),
    },
  };
}

/** The run input a call asks for, or why the call cannot run. */
function turnInput(args: ToolInput): { input: RunInput } | { error: string } {
  if (args.answer !== undefined) {
    if (!args.thread_id) return { error: "answer continues a paused run: pass the thread_id of the result that paused" };
    if (args.message) return { error: "Give either a message (a new turn) or an answer (to a paused run), not both" };
    const read = readResumeAnswer(args.answer, args.interrupt_id);
    return read.ok ? { input: { message: "", resume: read.request } } : { error: read.message };
  }
  if (!args.message?.trim()) return { error: "message is required: the user's message to the graph (or answer, to continue a paused run)" };
  return { input: { message: args.message } };
}

/**
 * Registers one graph as a tool. `current` is read at each call, so a holder that keeps the server
 * (a `/mcp` session) can swap in the graph as published now without registering it again.
 * @example const tool = registerGraphTool(server, () => turns); // tool.remove() when it is unpublished
 */
export function registerGraphTool(server: McpServer, current: () => GraphTurns): RegisteredTool {
  const { meta } = current();
  return server.registerTool(toolName(meta), { title: meta.name, description: toolDescription(meta), inputSchema: inputShape }, async (args, extra) => {
    const asked = turnInput(args as ToolInput);
    if ("error" in asked) return failure(asked.error);
    const threadId = (args as ToolInput).thread_id ?? randomUUID();
    const token = extra._meta?.progressToken;
    let step = 0;
    const onProgress = async (message: string) => {
      if (token === undefined) return;
      step += 1;
      // A client that went away cannot take it; the run goes on (MCP: a disconnect is not a cancellation).
      await extra.sendNotification({ method: "notifications/progress", params: { progressToken: token, progress: step, message } }).catch(() => undefined);
    };
    // A client's cancel (notifications/cancelled) aborts extra.signal: the run stops.
    return toolResult(await collectTurn(current().run(asked.input, threadId, extra.signal), onProgress), threadId);
  });
}

/**
 * Registers one tool per graph on an MCP server.
 * @example
 * const server = new McpServer({ name: "graphwright", version: "1" });
 * registerGraphTools(server, [localTurns(document)]);
 * await server.connect(new StdioServerTransport());
 */
export function registerGraphTools(server: McpServer, graphs: readonly GraphTurns[]): void {
  for (const graph of graphs) registerGraphTool(server, () => graph);
}

/**
 * An MCP server offering `graphs` as tools.
 * @example const server = graphMcpServer([localTurns(document)]);
 */
export function graphMcpServer(graphs: readonly GraphTurns[]): McpServer {
  const server = new McpServer({ name: "graphwright", version: "1.0.0" }, { capabilities: { tools: {} } });
  registerGraphTools(server, graphs);
  return server;
}
