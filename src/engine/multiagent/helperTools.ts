/**
 * The helper tools a parent with background sub-agents gets (seed 002):
 * get_background_sub_agent_result, fetch_sub_agent_progress (read-only) and
 * message_sub_agent (`send` | `send_and_wait`).
 */
import { HumanMessage, SystemMessage, type BaseMessage } from "@langchain/core/messages";
import type { GraphDocument } from "../../schema/index.js";
import { EngineError } from "../errors.js";
import type { ResolvedServices } from "../nodes/context.js";
import type { BackgroundTask } from "../ports.js";
import { textOf } from "../runtime.js";
import { scopedThreadId } from "./hierarchy.js";
import { rootThreadOf } from "./keys.js";
import type { Team } from "./team.js";
import { textArgument, type TurnContext, type TurnTool } from "./turnTool.js";

const HISTORY_LINES = 12;
const DEFAULT_WAIT_MS = 60_000;
const MAX_WAIT_MS = 300_000;

async function taskOfThread(team: Team, args: Record<string, unknown>, turn: TurnContext): Promise<BackgroundTask> {
  const id = textArgument(args, "task_id");
  const task = await team.tasks.get(id);
  if (!task || task.thread_id !== rootThreadOf(turn.config))
    throw new EngineError("TASK_NOT_FOUND", `There is no background task "${id}" in this conversation`);
  return task;
}

function outcome(task: BackgroundTask, includeOutput = true) {
  return {
    task_id: task.id,
    sub_agent: task.agent,
    status: task.status,
    ...(includeOutput && task.status === "completed" ? { result: task.result } : {}),
    ...(task.status === "failed" ? { error: task.error } : {}),
  };
}

function line(message: BaseMessage): string {
  return `${message.getType() === "human" ? "task" : (message.name ?? message.getType())}: ${textOf(message)}`.slice(0, 1_000);
}

const taskIdProperty = { task_id: { type: "string", description: "The task_id of a queued delegation" } };

/**
 * @example backgroundHelperTools(team, document, services).map((t) => t.spec.name)
 * // ["get_background_sub_agent_result", "fetch_sub_agent_progress", "message_sub_agent"]
 */
export function backgroundHelperTools(team: Team, document: GraphDocument, services: ResolvedServices): TurnTool[] {
  const getResult: TurnTool = {
    spec: {
      name: "get_background_sub_agent_result",
      description: "Status of a background sub-agent task, with its output once it has finished.",
      parameters: { type: "object", properties: { ...taskIdProperty, include_output: { type: "boolean", default: true } }, required: ["task_id"] },
    },
    returnDirect: false,
    run: async (args, turn) => outcome(await taskOfThread(team, args, turn), args.include_output !== false),
  };

  const progress: TurnTool = {
    spec: {
      name: "fetch_sub_agent_progress",
      description: "Ask how a background sub-agent task is going. Read-only: it does not interrupt or change the sub-agent's work.",
      parameters: { type: "object", properties: { ...taskIdProperty, question: { type: "string" } }, required: ["task_id", "question"] },
    },
    returnDirect: false,
    async run(args, turn) {
      const task = await taskOfThread(team, args, turn);
      const question = textArgument(args, "question");
      // Read, never write: the agent's persisted history plus its live progress lines.
      const snapshot = await team.rootGraph(task.agent).getState({ configurable: { thread_id: scopedThreadId(task.thread_id, task.agent) } });
      const history = ((snapshot.values as { messages?: BaseMessage[] }).messages ?? []).slice(-HISTORY_LINES).map(line);
      const recent = [...history, ...task.progress].join("\n") || "(nothing yet)";
      const node = team.hierarchy.agents.get(task.agent);
      const profile = document.models.find((m) => m.id === node?.data.model);
      if (!node || !profile) throw new EngineError("UNKNOWN_AGENT", `Agent "${task.agent}" of task ${task.id} is not in this graph`);
      const model = services.models.resolve({
        profile,
        profiles: document.models,
        agent: task.agent,
        ...(node.data.script ? { script: node.data.script } : {}),
      });
      const prompt = `You report on the progress of ${task.agent}, which is working on: "${task.message}". Answer only from its recent history below; do not do the work yourself.`;
      let answer = "";
      for await (const chunk of model.stream(
        [new SystemMessage(prompt), new HumanMessage(`${question}\n\nRecent history of ${task.agent} (status: ${task.status}):\n${recent}`)],
        {
          tools: [],
          state: {},
          ...(turn.signal ? { signal: turn.signal } : {}),
        },
      )) {
        answer += textOf(chunk);
      }
      return { task_id: task.id, status: task.status, answer };
    },
  };

  const message: TurnTool = {
    spec: {
      name: "message_sub_agent",
      description:
        "Send a message to a running background sub-agent; it reads it at its next turn boundary. mode send returns at once; send_and_wait waits for its next reply.",
      parameters: {
        type: "object",
        properties: {
          ...taskIdProperty,
          message: { type: "string" },
          mode: { type: "string", enum: ["send", "send_and_wait"], default: "send" },
          timeout_ms: { type: "number" },
        },
        required: ["task_id", "message"],
      },
    },
    returnDirect: false,
    async run(args, turn) {
      const task = await taskOfThread(team, args, turn);
      const sent = await team.tasks.send(task.id, textArgument(args, "message"));
      if (args.mode !== "send_and_wait") return { status: "sent", task_id: task.id, message_id: sent.id };
      const wait = typeof args.timeout_ms === "number" && args.timeout_ms > 0 ? Math.min(args.timeout_ms, MAX_WAIT_MS) : DEFAULT_WAIT_MS;
      const result = await team.tasks.waitForReply(task.id, sent.id, wait);
      if (result.kind === "reply") return { status: "replied", task_id: task.id, message_id: sent.id, reply: result.text };
      if (result.kind === "settled") return { ...outcome(result.task), message_id: sent.id, note: "The task ended before replying to the message." };
      return { status: "no_reply_yet", task_id: task.id, message_id: sent.id };
    },
  };
  return [getResult, progress, message];
}
