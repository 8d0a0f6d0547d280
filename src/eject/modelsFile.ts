/**
 * src/models.ts (each agent's chat model from its profile: ChatOpenAI, ChatAnthropic, or the
 * scripted model, with its fallback profiles' models behind it) and src/scripts.ts (the scripted rules of each agent, so the project runs offline).
 */
import type { ModelProfile, Script } from "../schema/index.js";
import { docComment, regexExpression, stringLiteral, valueLiteral } from "./escape.js";
import { celToTypeScript, type CelName } from "./celToTs.js";
import { todo, type EjectPlan, type ModelUser } from "./plan.js";

export const MODELS_PATH = "src/models.ts";
export const SCRIPTS_PATH = "src/scripts.ts";

const DEFAULT_SCRIPT: Script = { rules: [], fallback: "I have no scripted answer for that.", tokens_per_second: 0 };

/**
 * The profiles a model user's calls may go to, in order: its own, then its fallbacks (looked up by
 * id, without repeats; fallbacks of fallbacks are not followed). A scripted profile never fails
 * for its infrastructure, so its fallbacks are never tried, as in the engine (src/models/resolver.ts).
 */
export function profileChain(plan: EjectPlan, user: ModelUser): ModelProfile[] {
  if (user.profile.provider === "scripted") return [user.profile];
  const chain = [user.profile];
  for (const id of user.profile.fallbacks) {
    const found = plan.document.models.find((m) => m.id === id);
    if (found && !chain.includes(found)) chain.push(found);
  }
  return chain;
}

/** Whether a model user's calls may reach the scripted model (its profile or a fallback): its rules then go into scripts.ts. */
export const usesScriptedModel = (plan: EjectPlan, user: ModelUser): boolean => profileChain(plan, user).some((p) => p.provider === "scripted");

function providerExpression(agent: ModelUser, profile: ModelProfile): string {
  const temperature = agent.temperature ?? profile.temperature;
  const fields = [`model: ${stringLiteral(profile.model)}`];
  if (temperature !== undefined) fields.push(`temperature: ${temperature}`);
  if (profile.max_tokens !== undefined) fields.push(`maxTokens: ${profile.max_tokens}`);
  if (profile.max_retries !== undefined) fields.push(`maxRetries: ${profile.max_retries}`);
  switch (profile.provider) {
    case "scripted":
      return `new ScriptedChatModel({ agent: ${stringLiteral(agent.name)}, profile: ${stringLiteral(profile.id)}, script: scripts.${agent.script} })`;
    case "openai":
      if (profile.base_url) fields.push(`configuration: { baseURL: ${stringLiteral(profile.base_url)} }`);
      return `new ChatOpenAI({ ${fields.join(", ")} })`;
    case "anthropic":
      if (profile.base_url) fields.push(`anthropicApiUrl: ${stringLiteral(profile.base_url)}`);
      return `new ChatAnthropic({ ${fields.join(", ")} })`;
    default: {
      const never: never = profile.provider;
      throw new Error(`Unknown provider ${String(never)}`);
    }
  }
}

const TIMEOUTS = ["timeout_ms", "first_byte_timeout_ms", "total_timeout_ms"] as const;

/** A model user's chat model: its profile's, or — with fallback profiles — each of theirs, tried in order (src/fallbacks.ts). */
function modelExpression(plan: EjectPlan, agent: ModelUser): string {
  const chain = profileChain(plan, agent);
  // The engine bounds each provider call by these; LangChain's clients have no stall or first-byte limit to map them to.
  const notes = chain.flatMap((profile) => {
    const set = profile.provider === "scripted" ? [] : TIMEOUTS.filter((name) => profile[name] !== undefined);
    if (set.length === 0) return [];
    const reason = `${set.join(", ")} of profile "${profile.id}" ${set.length === 1 ? "is" : "are"} not exported yet: the provider client's own timeouts apply`;
    return [`${todo(plan, { name: agent.name, nodeId: agent.nodeId, reason, file: MODELS_PATH })}\n`];
  });
  if (chain.length === 1) return `${notes.join("")}${providerExpression(agent, agent.profile)}`;
  return `${notes.join("")}withFallbacks([${chain.map((profile) => `() => ${providerExpression(agent, profile)}`).join(", ")}])`;
}

export function modelsFile(plan: EjectPlan): string {
  const providers = new Set(plan.modelUsers.flatMap((a) => profileChain(plan, a).map((p) => p.provider)));
  const imports = ['import type { BaseChatModel } from "@langchain/core/language_models/chat_models";'];
  if (plan.modelUsers.some((a) => profileChain(plan, a).length > 1)) imports.push('import { withFallbacks } from "./fallbacks.js";');
  if (providers.has("anthropic")) imports.push('import { ChatAnthropic } from "@langchain/anthropic";');
  if (providers.has("openai")) imports.push('import { ChatOpenAI } from "@langchain/openai";');
  if (providers.has("scripted")) imports.push('import { ScriptedChatModel } from "./scriptedModel.js";', 'import * as scripts from "./scripts.js";');
  const names = plan.modelUsers.map((a) => stringLiteral(a.name));
  const entries = plan.modelUsers.map(
    (agent) =>
      `${docComment(
        `${agent.name}: ${profileChain(plan, agent)
          .map((p, i) => `${i === 0 ? "profile" : "then"} "${p.id}" (${p.provider}, ${p.model})`)
          .join(", ")}.`,
      )}${stringLiteral(agent.name)}: () => ${modelExpression(plan, agent)},`,
  );
  return `/**
 * The chat model of each agent, from its model profile. Provider keys come from the environment
 * (OPENAI_API_KEY, ANTHROPIC_API_KEY), never from the code.
 */
${imports.join("\n")}

export type AgentName = ${names.length > 0 ? names.join(" | ") : "never"};
export type ModelFor = (agent: AgentName) => BaseChatModel;

${plan.modelUsers.length > 0 ? `const models: Record<AgentName, () => BaseChatModel> = {\n${entries.join("\n")}\n};` : ""}

/** A new chat model for an agent. */
export const chatModel: ModelFor = ${
    plan.modelUsers.length > 0
      ? "(agent) => models[agent]();"
      : "(agent) => {\n  throw new Error(`This graph has no agents, so no model for ${String(agent)}`);\n};"
  }
`;
}

/** What a rule's `when` condition reads, as the scripted model's TurnView holds it. */
const TURN_NAMES: Record<string, CelName> = {
  input: { expression: "turn.input", type: "string" },
  system: { expression: "turn.system", type: "string" },
  profile: { expression: "turn.profile", type: "string" },
  iteration: { expression: "turn.iteration", type: "number" },
  last: { expression: "turn.last", fields: { role: "string", content: "string", tool: "string" } },
};

/** A rule's condition in TypeScript, or evaluated by cel-js where it cannot be translated. */
function whenExpression(condition: string): string {
  const translated = celToTypeScript(condition, TURN_NAMES);
  return translated ? `(turn) => ${translated}` : `(turn) => cel(${stringLiteral(condition)}, turn)`;
}

function ruleExpression(rule: Script["rules"][number]): string {
  const fields = [`on: ${stringLiteral(rule.on)}`];
  if (rule.tool) fields.push(`tool: ${stringLiteral(rule.tool)}`);
  if (rule.match) fields.push(`match: ${regexExpression(rule.match, rule.flags ?? "i")}`);
  if (rule.when) fields.push(`when: ${whenExpression(rule.when)}`);
  if (rule.reply) fields.push(`reply: ${stringLiteral(rule.reply)}`);
  if (rule.tool_calls.length > 0) fields.push(`toolCalls: ${valueLiteral(rule.tool_calls)}`);
  return `{ ${fields.join(", ")} }`;
}

export function scriptsFile(plan: EjectPlan): string {
  const scripted = plan.modelUsers.filter((a) => usesScriptedModel(plan, a));
  const usesCel = scripted.some((a) => a.rules?.rules.some((r) => r.when && celToTypeScript(r.when, TURN_NAMES) === null));
  const blocks = scripted.map((agent) => {
    const script = agent.rules ?? DEFAULT_SCRIPT;
    const rules = script.rules.map((rule) => `${ruleExpression(rule)},`);
    return `${docComment(`${agent.name}'s rules: the first that matches the turn answers.`)}export const ${agent.script}: Script = {
  fallback: ${stringLiteral(script.fallback)},
  rules: [
${rules.join("\n")}
  ],
};`;
  });
  const cel = usesCel
    ? `
/** A rule's \`when\` condition: CEL over the turn, as written in the graph; one that cannot be evaluated does not match. */
function cel(expression: string, turn: TurnView): boolean {
  try {
    return evaluate(expression, { ...turn }, "a scripted rule") === true;
  } catch {
    return false;
  }
}
`
    : "";
  return `/**
 * The scripted model's rules for each agent: what it answers to which message or tool result.
 * Replace them with a provider in models.ts when the graph should talk to a real model.
 */
${usesCel ? 'import { cel as evaluate } from "./cel.js";\n' : ""}import type { Script${usesCel ? ", TurnView" : ""} } from "./scriptedModel.js";
${cel}
${blocks.join("\n\n")}
`;
}
