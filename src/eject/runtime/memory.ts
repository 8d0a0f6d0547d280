/** The generated project's long-term memory tools (src/memory.ts) over a LangGraph store. */
export const MEMORY_SOURCE = `/** Long-term memory: remember, recall and forget over a LangGraph store, one namespace per agent. */
import { randomUUID } from "node:crypto";
import { tool } from "@langchain/core/tools";
import type { BaseStore } from "@langchain/langgraph";
import { z } from "zod";

export function memoryTools(agent: string, store: BaseStore) {
  const namespace = ["memories", agent];
  const remember = tool(
    async ({ content, key }) => {
      const name = key?.trim() || \`memory_\${randomUUID()}\`;
      await store.put(namespace, name, { content });
      return \`Remembered "\${name}".\`;
    },
    {
      name: "remember",
      description:
        "Save a fact about the user or the work to long-term memory (it outlives this conversation). Give a short key to update the same fact later.",
      schema: z.object({ content: z.string().describe("The fact, in one sentence"), key: z.string().optional().describe("A short name for it (optional)") }),
    },
  );
  const recall = tool(
    async ({ query, limit }) => {
      const words = (query ?? "").toLowerCase().split(/\\s+/).filter(Boolean);
      const items = await store.search(namespace, { limit: 200 });
      const memories = items
        .map((item) => ({ key: item.key, content: String(item.value.content ?? "") }))
        .filter((m) => words.every((w) => m.content.toLowerCase().includes(w)))
        .slice(0, limit ?? 20);
      return memories.length > 0 ? JSON.stringify({ memories }) : "Nothing in long-term memory matches.";
    },
    {
      name: "recall",
      description: "Read what long-term memory holds, optionally only the facts that mention some words.",
      schema: z.object({ query: z.string().optional().describe("Words the facts should contain (optional)"), limit: z.number().int().min(1).max(50).optional() }),
    },
  );
  const forget = tool(
    async ({ key }) => {
      if (!(await store.get(namespace, key))) throw new Error(\`Long-term memory has no fact "\${key}"\`);
      await store.delete(namespace, key);
      return \`Forgot "\${key}".\`;
    },
    { name: "forget", description: "Remove one fact from long-term memory by its key.", schema: z.object({ key: z.string() }) },
  );
  return [remember, recall, forget];
}
`;
