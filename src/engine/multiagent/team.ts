/**
 * The agents of one compiled document working together: the hierarchy, the graphs that
 * run an agent as the root of its own scoped thread (delegations, agent tools, direct
 * runs), and the background tasks of non-blocking delegations.
 */
import { END, START, StateGraph, isGraphInterrupt, type BaseCheckpointSaver, type LangGraphRunnableConfig } from "@langchain/langgraph/web";
import { AIMessage, HumanMessage, type BaseMessage } from "@langchain/core/messages";
import type { GraphDocument, NodeOfKind } from "../../schema/index.js";
import { answersOf, childPause, nextChildStep, readChildState, type PlainAnswer } from "../delegatedPause.js";
import { EngineError } from "../errors.js";
import { asOwnRun } from "../ownRun.js";
import { isNodeEmission, type CallLink, type NodeEmission, type RunEventBody } from "../events.js";
import type { ResolvedServices } from "../nodes/context.js";
import type { BackgroundTaskStore } from "../ports.js";
import { CALL_PATH_KEY, textOf } from "../runtime.js";
import type { GraphState, GraphStateAnnotation, GraphUpdate } from "../state.js";
import { createBackgroundTasks, type BackgroundTasks } from "./background.js";
import { readHierarchy, scopedThreadId, type Hierarchy } from "./hierarchy.js";
import { DEPTH_KEY, OVERRIDES_KEY, ROOT_THREAD_KEY, TASK_KEY, type CallOverrides } from "./keys.js";
import { ownTurn } from "./ownTurn.js";
import { CONTINUED_RUN_KEY } from "../nodes/agent/continuedTurn.js";
import { createMemoryTaskStore } from "./taskStore.js";
import { errorMessage } from "../../schema/errorMessage.js";

const threadQueues = new WeakMap<BaseCheckpointSaver, Map<string, Promise<unknown>>>();

/** The run queues of the scoped threads kept by one saver. */
function queuesOf(checkpointer: BaseCheckpointSaver): Map<string, Promise<unknown>> {
  let queues = threadQueues.get(checkpointer);
  if (!queues) {
    queues = new Map();
    threadQueues.set(checkpointer, queues);
  }
  return queues;
}

type AgentRun = (state: GraphState, config: LangGraphRunnableConfig) => Promise<GraphUpdate>;

/** One delegated run of an agent on its scoped thread. */
export interface AgentRunRequest {
  agent: string;
  message: string;
  /** The user's thread; the agent's own history lives in a thread scoped to it. */
  rootThread: string;
  /** The agent's depth below the turn's root agent. */
  depth: number;
  /** Calls above the sub-agent's own (the tool call that started it, and everything above). */
  callPath: CallLink[];
  /** The sub-agent's call id. */
  callId: string;
  overrides?: Omit<CallOverrides, "agent">;
  taskId?: string;
  /**
   * The id of the message the agent gets. When the scoped thread already holds it and stopped
   * before its end, that run goes on instead of starting over (so the sub-agent never sees its
   * task twice): cut off by a reload, its steps run again; paused, it resumes with the answer
   * in `inherited` (see delegatedPause.ts) or raises its pause again. Without one, a new id.
   */
  messageId?: string;
  /** Run-config values the agent's run takes from its caller's: the run's answers and breakpoints. */
  inherited?: Record<string, unknown>;
  /** The caller's plain resume value, for a pause of this agent's that no answer names (see delegatedPause.ts). */
  plainAnswer?: PlainAnswer;
  signal?: AbortSignal;
  /** Receives every event of the run; `ns` is stamped on them so the caller's node owns them. */
  sink: (emission: NodeEmission) => void;
  ns: string;
}

export interface Team {
  hierarchy: Hierarchy;
  maxDepth: number;
  tasks: BackgroundTasks;
  /** The graph that runs `agent` alone as the root of a thread, compiled on first use. */
  rootGraph(agent: string): ReturnType<typeof compileRootGraph>;
  /**
   * Runs an agent for one message on its scoped thread and returns its final answer. A pause
   * in its run is thrown as a `GraphInterrupt` with the pause's own id (see delegatedPause.ts).
   */
  runAgent(request: AgentRunRequest): Promise<string>;
}

/** A background task's message has an id of its own, so a later attempt can find it in the scoped thread. */
export const taskMessageId = (taskId: string) => `${taskId}_message`;

function compileRootGraph(name: string, run: AgentRun, annotation: GraphStateAnnotation, checkpointer: BaseCheckpointSaver) {
  return new StateGraph(annotation)
    .addNode(name, run)
    .addEdge(START, name as never)
    .addEdge(name as never, END)
    .compile({ checkpointer, name });
}

/**
 * The answer of a turn: the text of its last AI message, or "" when the turn has none (the
 * message that asked is never handed back as its own answer).
 * @example finalAnswer([new HumanMessage("hi"), new AIMessage("hello")]) // "hello"
 */
export function finalAnswer(messages: readonly BaseMessage[]): string {
  for (let i = messages.length - 1; i >= 0; i--) {
    const m = messages[i] as BaseMessage;
    if (AIMessage.isInstance(m)) return textOf(m);
    if (HumanMessage.isInstance(m)) return "";
  }
  return textOf(messages.at(-1));
}

/**
 * @example
 * const team = createTeam({ document, services, checkpointer, annotation, compileAgentRun });
 * const answer = await team.runAgent({ agent: "Research", message: "Find Acme's news", … });
 */
export function createTeam(input: {
  document: GraphDocument;
  services: ResolvedServices;
  checkpointer: BaseCheckpointSaver;
  annotation: GraphStateAnnotation;
  tasks?: BackgroundTaskStore;
  /** Compiles an agent as a root (no supervisor): its one-turn node function. */
  compileAgentRun: (node: NodeOfKind<"agent">) => AgentRun;
}): Team {
  const { document, services, checkpointer, annotation } = input;
  const hierarchy = readHierarchy(document);
  const graphs = new Map<string, ReturnType<typeof compileRootGraph>>();
  // One run at a time per scoped thread: two writers would fork the agent's history. Shared by
  // every compile over this saver (each turn compiles anew; a reload resumes tasks in another).
  const queues = queuesOf(checkpointer);
  const serialize = <T>(key: string, work: () => Promise<T>): Promise<T> => {
    const previous = queues.get(key) ?? Promise.resolve();
    const next = previous.catch(() => undefined).then(work);
    queues.set(key, next);
    void next
      .finally(() => {
        if (queues.get(key) === next) queues.delete(key);
      })
      .catch(() => undefined);
    return next;
  };

  const rootGraph = (agent: string) => {
    const known = graphs.get(agent);
    if (known) return known;
    const node = hierarchy.agents.get(agent);
    if (!node) throw new EngineError("UNKNOWN_AGENT", `There is no agent named "${agent}" in this graph; agents: ${[...hierarchy.agents.keys()].join(", ")}`);
    const graph = compileRootGraph(agent, input.compileAgentRun(node), annotation, checkpointer);
    graphs.set(agent, graph);
    return graph;
  };

  const runAgent = (request: AgentRunRequest): Promise<string> => {
    const graph = rootGraph(request.agent);
    const path: CallLink[] = [...request.callPath, { id: request.callId, agent: request.agent }];
    const at = (body: RunEventBody): NodeEmission => ({ __graphwright: 1, body, ns: request.ns, node: request.agent, agent: request.agent, calls: path });
    const thread = scopedThreadId(request.rootThread, request.agent);
    // A run of its own, on its own thread, wherever it runs (see ownRun.ts).
    return serialize(thread, () =>
      asOwnRun(async () => {
        const started = services.clock.now();
        request.sink(at({ type: "agent_start" }));
        try {
          const configurable = {
            ...request.inherited,
            thread_id: thread,
            [ROOT_THREAD_KEY]: request.rootThread,
            [DEPTH_KEY]: request.depth,
            [CALL_PATH_KEY]: path,
            ...(request.overrides ? { [OVERRIDES_KEY]: { agent: request.agent, ...request.overrides } } : {}),
            ...(request.taskId ? { [TASK_KEY]: request.taskId } : {}),
          };
          const before = await readChildState(graph, { configurable: { thread_id: thread } });
          const own = ownTurn(
            (before.values.messages ?? []) as BaseMessage[],
            request.messageId ?? (request.taskId ? taskMessageId(request.taskId) : services.ids.next("msg")),
          );
          if (own.kind === "answered") {
            // Answered before a reload cut this call, and a later delegation has used the thread since.
            request.sink(at({ type: "agent_end", duration_ms: 0 }));
            return own.answer;
          }
          const messageId = own.messageId;
          const step = own.kind === "again" ? ({ kind: "start" } as const) : nextChildStep(before, messageId, answersOf({ configurable }), request.plainAnswer);
          // Still waiting for the person: the pause is raised again, nothing runs.
          if (step.kind === "waiting") throw childPause(request.agent, step.pending);
          if (step.kind === "done") {
            // Answered before this call was cut off: the answer stands, the agent does not run again.
            request.sink(at({ type: "agent_end", duration_ms: 0 }));
            return finalAnswer((before.values.messages ?? []) as BaseMessage[]);
          }
          const input =
            step.kind === "start"
              ? { messages: [new HumanMessage({ id: messageId, content: request.message })] }
              : step.kind === "answer"
                ? step.command
                : null;
          const stream = await graph.stream(input as never, {
            // Steps cut off are run on as a continued run: an agent whose loop had ended tells its turn (see continuedTurn.ts).
            configurable: step.kind === "continue" ? { ...configurable, [CONTINUED_RUN_KEY]: true } : configurable,
            streamMode: ["custom", "values"],
            recursionLimit: document.settings.recursion_limit,
            ...(request.signal ? { signal: request.signal } : {}),
          });
          let messages: BaseMessage[] = [];
          for await (const [mode, payload] of stream as AsyncIterable<[string, unknown]>) {
            if (mode === "custom" && isNodeEmission(payload)) request.sink({ ...payload, ns: request.ns });
            else if (mode === "values") messages = ((payload as { messages?: BaseMessage[] }).messages ?? []) as BaseMessage[];
          }
          const last = messages.at(-1);
          if (!last || !AIMessage.isInstance(last) || (last.tool_calls?.length ?? 0) > 0) {
            // The run stopped before an answer: paused at an interrupt (a question, an approval, a breakpoint).
            const after = await readChildState(graph, { configurable: { thread_id: thread } });
            if (after.pending.length > 0) throw childPause(request.agent, after.pending);
          }
          request.sink(at({ type: "agent_end", duration_ms: Math.max(0, services.clock.now() - started) }));
          return finalAnswer(messages);
        } catch (error) {
          // A pause ends this run of the agent without an error: the resumed run starts it again.
          const paused = isGraphInterrupt(error);
          request.sink(at({ type: "agent_end", duration_ms: Math.max(0, services.clock.now() - started), ...(paused ? {} : { error: errorMessage(error) }) }));
          throw error;
        }
      }),
    );
  };

  const team: Team = {
    hierarchy,
    maxDepth: document.settings.max_sub_agent_depth,
    rootGraph,
    runAgent,
    tasks: createBackgroundTasks({ store: input.tasks ?? createMemoryTaskStore(), services, runAgent: (request) => runAgent(request) }),
  };
  return team;
}
