/**
 * Replaying a recorded run: models answer with the recorded AI messages (per agent, in
 * order) and tools with the recorded results, so the graph's own logic runs again —
 * routing, loops, state updates — offline, deterministically and without keys. A graph test
 * in `replay` mode keeps only the model replies (its recording) and runs the tools again.
 */
import { AIMessageChunk } from "@langchain/core/messages";
import { recordedReplies } from "../schema/index.js";
import type { RunEvent, RunEventOf } from "./events.js";
import { ModelError, type ChatModelPort, type ModelResolver, type RunnableTool, type ToolResolver } from "./ports.js";

/**
 * One recorded model reply: its text, tool calls and (when the run streamed it) its pieces.
 * @example const reply: ReplayedReply = { content: "Sunny in Paris", tool_calls: [], tokens: ["Sunny", " in Paris"] };
 */
export interface ReplayedReply {
  content: string;
  tool_calls: RunEventOf<"ai_message">["tool_calls"];
  /** The streamed pieces of the reply, to stream it the same way again; absent: one piece. */
  tokens?: string[];
}

function isType<T extends RunEvent["type"]>(type: T) {
  return (event: RunEvent): event is RunEventOf<T> => event.type === type;
}

function replayModel(agent: string, profileId: string, replies: ReplayedReply[], supportsTools: boolean): ChatModelPort {
  return {
    profileId,
    provider: "scripted",
    supportsTools,
    async *stream(_messages, options) {
      const reply = replies.shift();
      if (!reply) {
        throw new ModelError(
          "invalid_response",
          `The recording has no further reply from "${agent}": the graph asked its model more often than in the recorded run`,
          { profileId },
        );
      }
      const meta = { graphwright_profile: profileId };
      for (const token of reply.tokens ?? [reply.content]) {
        options.signal?.throwIfAborted();
        if (token) yield new AIMessageChunk({ content: token, response_metadata: meta });
      }
      if (reply.tool_calls.length > 0) {
        yield new AIMessageChunk({
          content: "",
          response_metadata: meta,
          tool_call_chunks: reply.tool_calls.map((call, index) => ({
            id: call.id,
            name: call.name,
            args: JSON.stringify(call.args),
            index,
            type: "tool_call_chunk" as const,
          })),
        });
      }
      if (!reply.content && reply.tool_calls.length === 0) yield new AIMessageChunk({ content: "", response_metadata: meta });
    },
  };
}

/**
 * Models that answer with recorded replies, per agent in order; a call past the recording fails.
 * @example compileGraph(document, { ...services, models: replayModels(test.recording.replies) })
 */
export function replayModels(replies: Readonly<Record<string, readonly ReplayedReply[]>> | ReadonlyMap<string, readonly ReplayedReply[]>): ModelResolver {
  const entries: [string, readonly ReplayedReply[]][] = replies instanceof Map ? [...replies] : Object.entries(replies);
  // Each agent's queue is consumed across the turns of the run, as the recorded thread did.
  const queues = new Map<string, ReplayedReply[]>(entries.map(([agent, list]) => [agent, [...list]]));
  return {
    resolve(request) {
      const queue = queues.get(request.agent) ?? [];
      queues.set(request.agent, queue);
      return replayModel(request.agent, request.profile.id, queue, request.profile.tool_calling);
    },
  };
}

/**
 * Models and tools that answer from a recording.
 * @example compileGraph(document, { ...replayServices(events), checkpointer })
 */
export function replayServices(events: readonly RunEvent[]): { models: ModelResolver; tools: ToolResolver } {
  const results = events.filter(isType("tool_result"));
  const byCallId = new Map(results.map((r) => [r.tool_call_id, r]));
  const used = new Set<RunEventOf<"tool_result">>();

  const tools: ToolResolver = {
    resolve(definition): RunnableTool {
      return {
        definition,
        async invoke(_args, context) {
          context.signal?.throwIfAborted();
          // Agent tool calls keep their recorded ids; Tool nodes get fresh ids, so fall back to order.
          let recorded = byCallId.get(context.callId);
          if (!recorded || used.has(recorded)) recorded = results.find((r) => r.tool === definition.name && !used.has(r));
          if (!recorded) throw new Error(`The recording has no result for a call of "${definition.name}"`);
          used.add(recorded);
          if (recorded.error !== null) throw new Error(recorded.error);
          return recorded.result;
        },
      };
    },
  };
  return { models: replayModels(recordedReplies(events)), tools };
}
