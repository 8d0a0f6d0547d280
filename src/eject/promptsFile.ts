/** src/prompts.ts of the generated project: each agent's system prompt as written in the graph. */
import { docComment, templateLiteral } from "./escape.js";
import type { EjectPlan } from "./plan.js";

export const PROMPTS_PATH = "src/prompts.ts";

export function promptsFile(plan: EjectPlan): string {
  const blocks = plan.agents.map((agent) => `${docComment(`${agent.name}.`)}export const ${agent.prompt} = ${templateLiteral(agent.node.data.system_prompt)};`);
  return `/**
 * The system prompt of each agent. \`{{ input }}\`, \`{{ state.<channel> }}\`, \`{{ agent }}\` and
 * \`{{ date }}\` are filled when its turn starts; the current date is added when a prompt does not say it.
 */

${blocks.join("\n\n")}
`;
}
