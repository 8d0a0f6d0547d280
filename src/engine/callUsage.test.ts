import { describe, expect, it } from "vitest";
import { AIMessageChunk } from "@langchain/core/messages";
import { usageMeter, USAGE_ESTIMATED_KEY } from "./callUsage.js";

const chunk = (usage?: AIMessageChunk["usage_metadata"], estimated = false) =>
  new AIMessageChunk({
    content: "",
    ...(usage ? { usage_metadata: usage } : {}),
    ...(estimated ? { response_metadata: { [USAGE_ESTIMATED_KEY]: "estimated" } } : {}),
  });

describe("a model call's usage from its chunks", () => {
  it("keeps Anthropic's final output count rather than adding message_start's first token to it", () => {
    const meter = usageMeter();
    meter.add(chunk({ input_tokens: 1300, output_tokens: 1, total_tokens: 1301, input_token_details: { cache_read: 1024, cache_creation: 200 } }));
    meter.add(chunk());
    meter.add(chunk({ input_tokens: 0, output_tokens: 42, total_tokens: 42 }));
    expect(meter.usage()).toEqual({ input_tokens: 1300, output_tokens: 42, cached_tokens: 1024, cache_write_tokens: 200 });
  });

  it("counts usage a server repeats on every chunk once", () => {
    const meter = usageMeter();
    for (const output of [1, 2, 3]) meter.add(chunk({ input_tokens: 20, output_tokens: output, total_tokens: 20 + output }));
    expect(meter.usage()).toEqual({ input_tokens: 20, output_tokens: 3 });
  });

  it("is undefined when no chunk reports usage, and estimated when the model says so", () => {
    const none = usageMeter();
    none.add(chunk());
    expect(none.usage()).toBeUndefined();
    const scripted = usageMeter();
    scripted.add(chunk({ input_tokens: 5, output_tokens: 2, total_tokens: 7 }, true));
    expect(scripted.usage()).toEqual({ input_tokens: 5, output_tokens: 2, estimated: true });
  });
});
