/**
 * Runs one tool call with timing, reporting `tool_call` and `tool_result` events.
 * Destructive tools first pause the run for a person's approval (see requestApproval).
 */
import { isGraphBubbleUp, type LangGraphRunnableConfig } from "@langchain/langgraph/web";
import { toolTarget, type ToolDefinition } from "../schema/index.js";
import type { RunnableTool, SecretUseRequest, ToolContext, ToolSpec } from "./ports.js";
import type { SecretDecision } from "./interrupts.js";
import type { Clock } from "./ports.js";
import { rejectionNote, requestApproval, type ApprovalResult } from "./approval.js";
import { emit, resultText } from "./runtime.js";
import { badArgsError } from "./toolArgs.js";
import { askSecretUse } from "./secretUse.js";
import { errorMessage } from "../schema/errorMessage.js";

/** A tool an agent can call: a catalog tool or one of the engine's defaults. */
export interface CallableTool {
  spec: ToolSpec;
  returnDirect: boolean;
  /** Pauses the run for a person's approval before each call. */
  destructive?: boolean;
  /** Where a call goes (an origin, a server), shown on the tool card. */
  target?: string;
  invoke(args: Record<string, unknown>, context: Omit<ToolContext, "agent">): Promise<unknown>;
  secretsToAsk?: RunnableTool["secretsToAsk"];
}

export function toolSpecOf(definition: ToolDefinition): ToolSpec {
  return { name: definition.name, description: definition.description, parameters: definition.input_schema };
}

function withTarget(target: string | undefined): { target?: string } {
  return target ? { target } : {};
}

export function catalogTool(runnable: RunnableTool, agent: string | undefined): CallableTool {
  return {
    spec: toolSpecOf(runnable.definition),
    returnDirect: runnable.definition.return_direct,
    destructive: runnable.definition.destructive,
    ...withTarget(toolTarget(runnable.definition)),
    invoke: (args, context) => runnable.invoke(args, { ...context, ...(agent ? { agent } : {}) }),
    ...(runnable.secretsToAsk ? { secretsToAsk: runnable.secretsToAsk.bind(runnable) } : {}),
  };
}

/** Names of required arguments that are missing, from the tool's JSON Schema. */
export function missingArguments(spec: ToolSpec, args: Record<string, unknown>): string[] {
  const required = spec.parameters.required;
  if (!Array.isArray(required)) return [];
  return required.filter((name): name is string => typeof name === "string" && !(name in args));
}

export interface ToolOutcome {
  text: string;
  error: string | null;
  /** A person rejected the call: it did not run and `error` says so to the model. */
  rejected?: boolean;
}

/** Where a tool call runs, and the approvals already given for the calls of its turn. */
export interface ToolCallSite {
  agent: string | null;
  clock: Clock;
  node?: string | null;
  /** Decisions from approveCalls, by call id; calls not in it ask for themselves. */
  approvals?: ReadonlyMap<string, ApprovalResult>;
  /** Decisions from askSecretsFirst, by secretKey; secret uses not in it ask for themselves. */
  secretDecisions?: ReadonlyMap<string, SecretDecision>;
}

/** The key of one call's use of one secret at one origin. */
export function secretKey(callId: string, request: Pick<SecretUseRequest, "secret" | "origin">): string {
  return JSON.stringify([callId, request.secret, request.origin]);
}

/**
 * Asks about every secret the calls of a model turn would send to an origin not allowed for
 * it, before any tool of the turn runs (as approveCalls does for destructive tools).
 * @example
 * const secretDecisions = await askSecretsFirst(calls, (name) => tools.get(name), where, config);
 * for (const call of calls) await executeTool(tools.get(call.name), call, { ...where, secretDecisions }, config);
 */
export async function askSecretsFirst(
  calls: readonly { id?: string; name: string; args: Record<string, unknown> }[],
  toolFor: (name: string) => object | undefined,
  where: Omit<ToolCallSite, "approvals" | "secretDecisions">,
  config: LangGraphRunnableConfig,
): Promise<Map<string, SecretDecision>> {
  const asks: { id: string; request: SecretUseRequest }[] = [];
  for (const call of calls) {
    const tool = toolFor(call.name) as Partial<CallableTool> | undefined;
    if (!call.id || typeof tool?.secretsToAsk !== "function") continue;
    // Read first, then ask in order: interrupt() calls must come in the same order on every replay.
    for (const request of await tool.secretsToAsk(call.args)) asks.push({ id: call.id, request });
  }
  const out = new Map<string, SecretDecision>();
  const node = where.node ?? where.agent;
  for (const { id, request } of asks) {
    const key = secretKey(id, request);
    if (!out.has(key)) out.set(key, askSecretUse(request, { agent: where.agent, node }, config));
  }
  return out;
}

/**
 * Asks for every destructive call of a model turn before any tool of the turn runs. A
 * resumed node replays from its start, so asking one call at a time would run the turn's
 * earlier tools again; asking first keeps each tool to one run.
 * @example
 * const approvals = approveCalls(calls, (name) => tools.get(name), where, config);
 * for (const call of calls) await executeTool(tools.get(call.name), call, { ...where, approvals }, config);
 */
export function approveCalls(
  calls: readonly { id?: string; name: string; args: Record<string, unknown> }[],
  toolFor: (name: string) => object | undefined,
  where: Omit<ToolCallSite, "approvals">,
  config: LangGraphRunnableConfig,
): Map<string, ApprovalResult> {
  const out = new Map<string, ApprovalResult>();
  for (const call of calls) {
    const tool = toolFor(call.name);
    if (!call.id || !tool || !("destructive" in tool) || tool.destructive !== true) continue;
    out.set(call.id, requestApproval({ tool: call.name, args: call.args, agent: where.agent, node: where.node ?? where.agent }, config));
  }
  return out;
}

/**
 * Executes a tool; a thrown error becomes an error outcome (never a crash) so the
 * model can read it and try again. A destructive tool pauses the run first (the node
 * replays up to here when resumed); it then runs with the approved, possibly edited,
 * arguments, or not at all when rejected.
 */
export async function executeTool(
  tool: CallableTool | undefined,
  request: { id: string; name: string; args: Record<string, unknown>; badArgs?: string },
  where: ToolCallSite,
  config: LangGraphRunnableConfig,
): Promise<ToolOutcome> {
  const target = { agent: where.agent, callId: request.id };
  const { badArgs, ...asked } = request;
  let call = asked;
  let rejection: string | null = null;
  if (badArgs !== undefined) {
    // Not run, not even offered for approval: there are no arguments to approve.
    rejection = badArgsError(call.name, badArgs);
    emit(config, { type: "error", code: "TOOL_ARGS_NOT_JSON", message: rejection }, target);
  } else if (tool?.destructive) {
    const approval =
      where.approvals?.get(call.id) ?? requestApproval({ tool: call.name, args: call.args, agent: where.agent, node: where.node ?? where.agent }, config);
    if (approval.approved) call = { ...call, args: approval.args };
    else rejection = rejectionNote(call.name, approval.reason);
  }
  emit(config, { type: "tool_call", tool_call_id: call.id, tool: call.name, args: call.args, ...withTarget(tool?.target) }, target);
  const started = where.clock.now();
  let outcome: ToolOutcome;
  if (rejection !== null) {
    outcome = { text: "", error: rejection, ...(badArgs === undefined ? { rejected: true } : {}) };
  } else if (!tool) {
    outcome = { text: "", error: `Tool "${call.name}" is not available to this agent` };
  } else {
    const missing = missingArguments(tool.spec, call.args);
    if (missing.length > 0) {
      outcome = { text: "", error: `Missing required argument${missing.length > 1 ? "s" : ""}: ${missing.join(", ")}` };
    } else {
      try {
        // A secret bound for an origin not on its list pauses the run inside the tool, before any request.
        const node = where.node ?? where.agent;
        const value = await tool.invoke(call.args, {
          callId: call.id,
          ...(config.signal ? { signal: config.signal } : {}),
          askSecretUse: (request) => where.secretDecisions?.get(secretKey(call.id, request)) ?? askSecretUse(request, { agent: where.agent, node }, config),
        });
        outcome = { text: resultText(value), error: null };
      } catch (error) {
        // A pause (interrupt) or a command for the parent graph raised inside the tool is not a failure.
        if (config.signal?.aborted || isGraphBubbleUp(error)) throw error;
        outcome = { text: "", error: errorMessage(error) };
      }
    }
  }
  emit(
    config,
    {
      type: "tool_result",
      tool_call_id: call.id,
      tool: call.name,
      result: outcome.text,
      error: outcome.error,
      duration_ms: Math.max(0, where.clock.now() - started),
      return_direct: Boolean(tool?.returnDirect) && outcome.error === null,
    },
    target,
  );
  return outcome;
}
