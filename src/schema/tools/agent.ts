/**
 * Agent tools: run an agent of this document (typically a hidden one) as a tool. The call's
 * `message` argument is its task and its final answer is the result (seed 002).
 */
import { z } from "zod";
import { identifier } from "../primitives.js";
import { type ToolKindDescriptor, toolBase } from "./descriptor.js";

export const agentToolSchema = z.strictObject({ ...toolBase, kind: z.literal("agent"), config: z.strictObject({ agent: identifier }) });

export const agentToolKind: ToolKindDescriptor<z.infer<typeof agentToolSchema>> = {
  kind: "agent",
  schema: agentToolSchema,
  schemaId: "AgentTool",
  title: "Agent",
  description: "An agent of this document (often a hidden one) run as a tool.",
  defaultConfig: () => ({ agent: "Agent" }),
};
