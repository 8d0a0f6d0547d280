/**
 * Replaying a recorded run: models answer with the recorded AI messages (per agent, in
 * order) and tools with the recorded results, so the graph's own logic runs again —
 * routing, loops, state updates — offline, deterministically and without keys.
 */
import { AIMessageChunk } from "@langchain/core/messages";
import { ModelError, type ChatModelPort, type ModelResolver, type RunEvent, type RunEventOf, type RunnableTool, type ToolResolver } from "../engine/index.js";

interface RecordedReply {
  content: string;
  /** The streamed pieces of the reply, to stream it the same way again. */
  tokens: string[];
  toolCalls: RunEventOf<"ai_message">["tool_calls"];
}

function isType<T extends RunEvent["type"]>(type: T) {
  return (event: RunEvent): event is RunEventOf<T> => event.type === type;
}

/** Recorded replies per agent, in the order the run produced them. */
export function recordedReplies(events: readonly RunEvent[]): Map<string, RecordedReply[]> {
  const deltas = new Map<string, string[]>();
  for (const event of events.filter(isType("message_delta"))) {
    const list = deltas.get(event.message_id) ?? [];
    list.push(event.delta);
    deltas.set(event.message_id, list);
  }
  const byAgent = new Map<string, RecordedReply[]>();
  for (const event of events.filter(isType("ai_message"))) {
    const agent = event.agent ?? event.node ?? "";
    const tokens = deltas.get(event.message_id);
    const reply = { content: event.content, tokens: tokens && tokens.join("") === event.content ? tokens : [event.content], toolCalls: event.tool_calls };
    byAgent.set(agent, [...(byAgent.get(agent) ?? []), reply]);
  }
  return byAgent;
}

function replayModel(agent: string, profileId: string, replies: RecordedReply[], supportsTools: boolean): ChatModelPort {
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
      for (const token of reply.tokens) {
        options.signal?.throwIfAborted();
        if (token) yield new AIMessageChunk({ content: token, response_metadata: meta });
      }
      if (reply.toolCalls.length > 0) {
        yield new AIMessageChunk({
          content: "",
          response_metadata: meta,
          tool_call_chunks: reply.toolCalls.map((call, index) => ({
            id: call.id,
            name: call.name,
            args: JSON.stringify(call.args),
            index,
            type: "tool_call_chunk" as const,
          })),
        });
      }
      if (!reply.content && reply.toolCalls.length === 0) yield new AIMessageChunk({ content: "", response_metadata: meta });
    },
  };
}

/**
 * Models and tools that answer from a recording.
 * @example compileGraph(document, { ...replayServices(events), checkpointer })
 */
export function replayServices(events: readonly RunEvent[]): { models: ModelResolver; tools: ToolResolver } {
  const replies = recordedReplies(events);
  const results = events.filter(isType("tool_result"));
  const byCallId = new Map(results.map((r) => [r.tool_call_id, r]));
  const used = new Set<RunEventOf<"tool_result">>();

  const models: ModelResolver = {
    resolve(request) {
      const queue = replies.get(request.agent) ?? [];
      replies.set(request.agent, queue);
      return replayModel(request.agent, request.profile.id, queue, request.profile.tool_calling);
    },
  };

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
  return { models, tools };
}
