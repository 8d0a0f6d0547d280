/** Mock tools: fixed responses chosen by a regex (linear-time, see userRegex.ts) over the arguments, for offline graphs and tests. */
import { compileUserRegex, type ToolDefinition } from "../schema/index.js";
import { renderTemplate, type RunnableTool } from "../engine/index.js";

type MockDefinition = Extract<ToolDefinition, { kind: "mock" }>;

function wait(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new Error("The tool call was cancelled"));
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      "abort",
      () => {
        clearTimeout(timer);
        reject(new Error("The tool call was cancelled"));
      },
      { once: true },
    );
  });
}

export function mockTool(definition: MockDefinition): RunnableTool {
  const { responses, latency_ms } = definition.config;
  const compiled = responses.map((r) => ({ ...r, pattern: r.when ? compileUserRegex(r.when, "i") : null }));
  return {
    definition,
    async invoke(args, context) {
      if (latency_ms > 0) await wait(latency_ms, context.signal);
      const json = JSON.stringify(args);
      const response = compiled.find((r) => !r.pattern || r.pattern.test(json));
      const scope = { args };
      if (response?.error) throw new Error(renderTemplate(response.error, scope));
      return renderTemplate(response?.result ?? definition.config.default, scope);
    },
  };
}
