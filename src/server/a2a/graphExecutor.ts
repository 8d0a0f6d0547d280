/**
 * Runs an A2A task as a turn of a published graph on the runtime server, through the same
 * LangGraph runs the SDK starts (runOnServer), and tells the turn in A2A's terms: the reply
 * streams as artifact chunks, tool calls as `working` updates, a pause for a person as
 * `input-required` (the task's next message answers it, read as the CLI's `--resume` JSON),
 * then `completed`, `failed` or `canceled`. The A2A context is the LangGraph thread.
 */
import { AgentEvent, type AgentExecutor, type ExecutionEventBus, type RequestContext } from "@a2a-js/sdk/server";
import { Role, TaskState, type Message, type Part } from "@a2a-js/sdk";
import type { Client } from "@langchain/langgraph-sdk";
import { readResumeAnswer, type CompiledDocument, type RunEvent, type RunInput } from "../../engine/index.js";
import { describeInterrupt, type InterruptPayload } from "../../schema/index.js";
import { runOnServer } from "../client/serverRun.js";

/** The published graph a task runs, as the routes resolved it. */
export interface TaskGraph {
  client: Client;
  url: string;
  assistantId: string;
  compiled: Pick<CompiledDocument, "nodesByName">;
}

const textPart = (text: string): Part => ({ content: { $case: "text", value: text }, metadata: undefined, filename: "", mediaType: "text/plain" });
const dataPart = (value: unknown): Part => ({ content: { $case: "data", value }, metadata: undefined, filename: "", mediaType: "application/json" });

function agentMessage(taskId: string, contextId: string, parts: Part[]): Message {
  return { messageId: crypto.randomUUID(), contextId, taskId, role: Role.ROLE_AGENT, parts, metadata: undefined, extensions: [], referenceTaskIds: [] };
}

/** A data part is the answer as is; text is read as the CLI reads `--resume`. */
function answerOf(message: Message): unknown {
  const data = message.parts.find((p) => p.content?.$case === "data")?.content;
  if (data) return data.value as unknown;
  return message.parts.map((p) => (p.content?.$case === "text" ? p.content.value : "")).join("");
}

function textOf(message: Message): string {
  return message.parts
    .map((p) => (p.content?.$case === "text" ? p.content.value : p.content?.$case === "data" ? JSON.stringify(p.content.value) : ""))
    .join("\n");
}

/** What the person is asked, and how an A2A client answers it. */
function pauseText(pending: { interrupt_id: string; payload: InterruptPayload }[]): string {
  const first = pending[0]?.payload;
  const how =
    first?.kind === "question"
      ? `Answer with the next message of this task: JSON such as {"option_id":"${first.options[0]?.id ?? "…"}"}; options: ${first.options.map((o) => `${o.id} (${o.label})`).join(", ")}.`
      : 'Answer with the next message of this task: JSON such as {"decision":"approve"}, {"decision":"reject","reason":"…"} or {"decision":"edit","args":{…}}.';
  const which = pending.length > 1 ? ` ${pending.length} pauses wait: name the one answered with "interrupt_id" in the message's metadata.` : "";
  return `${pending.map((p) => describeInterrupt(p.payload)).join("\n")}\n${how}${which}`;
}

function finalReply(events: readonly RunEvent[]): string {
  const state = events.findLast((e) => e.type === "final_state");
  const messages = state?.type === "final_state" ? ((state.state.messages ?? []) as { role?: string; content?: unknown }[]) : [];
  const last = messages.findLast((m) => m.role === "ai" && typeof m.content === "string" && m.content !== "");
  return typeof last?.content === "string" ? last.content : "";
}

/** Tasks of every graph, shared by their executors: `tasks/cancel` may come in a later request. */
export interface TaskRegistry {
  /** The runs going on, by task id. */
  running: Map<string, AbortController>;
  /** The context of each task that is not finished (a paused one is cancelled with it). */
  contexts: Map<string, string>;
}

/**
 * One executor per published graph.
 * @example new GraphExecutor(graph, { running: new Map(), contexts: new Map() }) // handed to the SDK's DefaultRequestHandler
 */
export class GraphExecutor implements AgentExecutor {
  constructor(
    private readonly graph: TaskGraph,
    private readonly tasks: TaskRegistry,
  ) {}

  async execute(context: RequestContext, bus: ExecutionEventBus): Promise<void> {
    const { taskId, contextId, userMessage } = context;
    const now = () => new Date().toISOString();
    const status = (state: TaskState, message?: Message) =>
      bus.publish(AgentEvent.statusUpdate({ taskId, contextId, status: { state, message, timestamp: now() }, metadata: undefined }));
    const answering = context.task?.status?.state === TaskState.TASK_STATE_INPUT_REQUIRED;
    bus.publish(
      AgentEvent.task(
        context.task ?? {
          id: taskId,
          contextId,
          status: { state: TaskState.TASK_STATE_SUBMITTED, message: undefined, timestamp: now() },
          artifacts: [],
          history: [userMessage],
          metadata: undefined,
        },
      ),
    );
    let input: RunInput;
    if (answering) {
      const read = readResumeAnswer(answerOf(userMessage), (userMessage.metadata?.interrupt_id as string | undefined) ?? undefined);
      if (!read.ok) {
        status(
          TaskState.TASK_STATE_INPUT_REQUIRED,
          agentMessage(taskId, contextId, [textPart(`${read.message}\n${textOf(context.task?.status?.message ?? userMessage)}`)]),
        );
        return;
      }
      input = { message: "", resume: read.request };
    } else {
      const text = textOf(userMessage).trim();
      if (!text) {
        status(TaskState.TASK_STATE_REJECTED, agentMessage(taskId, contextId, [textPart("The message has no text: send the request as a text part.")]));
        return;
      }
      input = { message: text };
    }
    status(TaskState.TASK_STATE_WORKING);
    this.tasks.contexts.set(taskId, contextId);
    const abort = new AbortController();
    this.tasks.running.set(taskId, abort);
    const events: RunEvent[] = [];
    const pending: { interrupt_id: string; payload: InterruptPayload }[] = [];
    const errors: string[] = [];
    const started = new Set<string>();
    try {
      for await (const event of runOnServer(input, {
        ...this.graph,
        threadId: contextId,
        runId: `a2a_${taskId}_${events.length}`,
        signal: abort.signal,
      })) {
        events.push(event);
        if (event.type === "message_delta") {
          bus.publish(
            AgentEvent.artifactUpdate({
              taskId,
              contextId,
              artifact: { artifactId: event.message_id, name: "reply", description: "", parts: [textPart(event.delta)], metadata: undefined, extensions: [] },
              append: started.has(event.message_id),
              lastChunk: false,
              metadata: undefined,
            }),
          );
          started.add(event.message_id);
        } else if (event.type === "tool_call") {
          status(TaskState.TASK_STATE_WORKING, agentMessage(taskId, contextId, [textPart(`Calling ${event.tool}`)]));
        } else if (event.type === "interrupt") {
          if (!pending.some((p) => p.interrupt_id === event.interrupt_id)) pending.push({ interrupt_id: event.interrupt_id, payload: event.payload });
        } else if (event.type === "error") {
          errors.push(event.message);
        } else if (event.type === "run_end") {
          this.finish(event.status, { taskId, contextId, status, events, pending, errors });
        }
      }
    } finally {
      this.tasks.running.delete(taskId);
      if (!pending.length) this.tasks.contexts.delete(taskId);
    }
  }

  private finish(
    end: "completed" | "cancelled" | "error" | "interrupted",
    turn: {
      taskId: string;
      contextId: string;
      status: (state: TaskState, message?: Message) => void;
      events: RunEvent[];
      pending: { interrupt_id: string; payload: InterruptPayload }[];
      errors: string[];
    },
  ): void {
    const say = (...parts: Part[]) => agentMessage(turn.taskId, turn.contextId, parts);
    if (end === "completed") turn.status(TaskState.TASK_STATE_COMPLETED, say(textPart(finalReply(turn.events))));
    else if (end === "cancelled") turn.status(TaskState.TASK_STATE_CANCELED, say(textPart("The run was cancelled.")));
    else if (end === "error") turn.status(TaskState.TASK_STATE_FAILED, say(textPart(turn.errors.join("\n") || "The run failed.")));
    else {
      const refused = turn.errors.length > 0 ? `${turn.errors.join("\n")}\n` : "";
      turn.status(TaskState.TASK_STATE_INPUT_REQUIRED, say(textPart(`${refused}${pauseText(turn.pending)}`), dataPart({ pending: turn.pending })));
    }
  }

  cancelTask(taskId: string, bus: ExecutionEventBus): Promise<void> {
    const run = this.tasks.running.get(taskId);
    const contextId = this.tasks.contexts.get(taskId);
    if (run) {
      // The run's own end (run_end "cancelled") publishes the canceled state.
      run.abort();
    } else if (contextId !== undefined) {
      // A task paused for a person has no run to stop: the SDK waits for the state all the same.
      this.tasks.contexts.delete(taskId);
      const message = agentMessage(taskId, contextId, [textPart("The task was cancelled while it waited for an answer.")]);
      bus.publish(
        AgentEvent.statusUpdate({
          taskId,
          contextId,
          status: { state: TaskState.TASK_STATE_CANCELED, message, timestamp: new Date().toISOString() },
          metadata: undefined,
        }),
      );
    }
    return Promise.resolve();
  }
}
