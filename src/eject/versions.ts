/**
 * The versions a generated project depends on: one place, checked by a test against the
 * versions installed here, so generated code is type-checked against the APIs the engine uses.
 */
export const GENERATED_DEPENDENCIES = {
  "@langchain/anthropic": "^1.5.11",
  "@langchain/core": "^1.4.0",
  "@langchain/langgraph": "^1.7.3",
  "@langchain/openai": "1.5.8",
  "@marcbachmann/cel-js": "^8.0.0",
  "@modelcontextprotocol/sdk": "^1.32.2",
  zod: "^4.6.7",
} as const;

export const GENERATED_DEV_DEPENDENCIES = {
  "@types/node": "^20.19.43",
  tsx: "^4.23.15",
  typescript: "~7.0.2",
} as const;

export type GeneratedDependency = keyof typeof GENERATED_DEPENDENCIES;
