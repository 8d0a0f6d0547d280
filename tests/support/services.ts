/** Engine services for tests: the scripted model (optionally recorded), real tools, a fixed clock. */
import type { BaseMessage } from "@langchain/core/messages";
import { createScriptedModel } from "../../src/models/scripted.js";
import { createToolResolver } from "../../src/tools/index.js";
import type { ChatModelPort, EngineServices, ModelCallOptions, ModelRequest } from "../../src/engine/index.js";

export interface RecordedCall {
  agent: string;
  messages: BaseMessage[];
  options: ModelCallOptions;
}

/** 2026-03-14T15:09:26Z, a Saturday. */
export const FIXED_NOW = Date.UTC(2026, 2, 14, 15, 9, 26);

/** Shared by every services object: ids stay unique across compiles that share a checkpointer. */
let n = 0;

export function testServices(
  options: {
    calls?: RecordedCall[];
    clock?: () => number;
    wrap?: (m: ChatModelPort, r: ModelRequest) => ChatModelPort;
    /**
     * Scripted replies without their `tokens_per_second` pacing, for tests that check what a graph
     * does, not how its reply streams: a paced template's run otherwise waits in real time.
     */
    unpaced?: boolean;
  } = {},
): EngineServices {
  return {
    models: {
      resolve(request) {
        const model = createScriptedModel(options.unpaced && request.script ? { ...request, script: { ...request.script, tokens_per_second: 0 } } : request);
        const recorded: ChatModelPort = {
          ...model,
          stream(messages, callOptions) {
            options.calls?.push({ agent: request.agent, messages, options: callOptions });
            return model.stream(messages, callOptions);
          },
        };
        return options.wrap ? options.wrap(recorded, request) : recorded;
      },
    },
    tools: createToolResolver(),
    clock: { now: options.clock ?? (() => FIXED_NOW) },
    ids: { next: (prefix) => `${prefix}_${++n}` },
  };
}
