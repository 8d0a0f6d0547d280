/** The generated project's fallback models (src/fallbacks.ts): a profile's fallbacks, tried for infrastructure failures only, as the engine's resilient model does. */
export const FALLBACKS_SOURCE = `/**
 * A chat model with fallback models: LangChain's \`withFallbacks\` over the profile's model and the
 * models of its fallback profiles, in order. Only a failure of the infrastructure — no key, no
 * connection, a timeout, a rate limit or a server error — moves on to the next model, as in the
 * graph's runtime: a refused request or key surfaces at once instead of hiding behind another model.
 */
import type { BaseLanguageModelInput } from "@langchain/core/language_models/base";
import { BaseChatModel, type BaseChatModelCallOptions, type BindToolsInput } from "@langchain/core/language_models/chat_models";
import type { AIMessageChunk, BaseMessage } from "@langchain/core/messages";
import type { ChatResult } from "@langchain/core/outputs";
import { RunnableLambda, type Runnable, type RunnableConfig } from "@langchain/core/runnables";

type ChatRunnable = Runnable<BaseLanguageModelInput, AIMessageChunk>;
/** Makes a model when it is first needed: a provider without its key fails here, and the next model answers. */
export type ModelFactory = () => BaseChatModel;

const CONNECTION_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "ENOTFOUND", "EAI_AGAIN", "EHOSTUNREACH", "ENETUNREACH", "EPIPE", "ETIMEDOUT", "UND_ERR_SOCKET", "UND_ERR_CONNECT_TIMEOUT", "UND_ERR_CLOSED"]);
const CONNECTION_MESSAGES = /^(fetch failed|connection error\\.?|network error|terminated)$|other side closed|socket hang up/i;
const NO_KEY_MESSAGES = /missing credentials|api key not found|no api key/i;

/** Whether a model call failed for its infrastructure (worth another model) rather than for what was asked. */
export function isInfrastructureFailure(error: unknown): boolean {
  const status = (error as { status?: unknown } | null)?.status;
  if (typeof status === "number") return status === 408 || status === 409 || status === 429 || status >= 500;
  let current: unknown = error;
  for (let depth = 0; depth < 6 && current !== null && typeof current === "object"; depth++) {
    const { name, message, code, cause } = current as { name?: unknown; message?: unknown; code?: unknown; cause?: unknown };
    const text = typeof message === "string" ? message : "";
    if (name === "TimeoutError" || text === "Request timed out.") return true;
    if ((typeof code === "string" && CONNECTION_CODES.has(code)) || CONNECTION_MESSAGES.test(text) || NO_KEY_MESSAGES.test(text)) return true;
    current = cause;
  }
  return false;
}

/** What one model did: its reply, or the error that is not the infrastructure's (thrown again once the chain stops). */
type Outcome = { reply: AIMessageChunk } | { error: unknown };

/** The runnables in order: the next one runs only after an infrastructure failure of the one before. */
function fallbackChain(runnables: readonly (() => ChatRunnable)[]): ChatRunnable {
  const attempts = runnables.map((make) =>
    RunnableLambda.from(async (input: BaseLanguageModelInput, config?: RunnableConfig): Promise<Outcome> => {
      try {
        return { reply: await make().invoke(input, config) };
      } catch (error) {
        if (isInfrastructureFailure(error)) throw error;
        return { error };
      }
    }),
  );
  const [first, ...rest] = attempts;
  if (!first) throw new Error("A model with fallbacks needs at least one model");
  return first.withFallbacks(rest).pipe(
    RunnableLambda.from((outcome: Outcome): AIMessageChunk => {
      if ("error" in outcome) throw outcome.error;
      return outcome.reply;
    }),
  );
}

/** Each model made once, on first use. */
function once(make: ModelFactory): ModelFactory {
  let made: BaseChatModel | undefined;
  return () => (made ??= make());
}

/**
 * The models of a profile and its fallbacks as one chat model: bound to tools, each model is bound
 * to them; a model that reads the graph's state (the scripted one) gets it.
 */
export class ChatModelWithFallbacks extends BaseChatModel {
  private readonly models: ModelFactory[];

  constructor(models: readonly ModelFactory[]) {
    super({});
    this.models = models.map(once);
  }

  _llmType(): string {
    return "with_fallbacks";
  }

  override bindTools(tools: BindToolsInput[], kwargs?: Partial<BaseChatModelCallOptions>): ChatRunnable {
    return fallbackChain(
      this.models.map((make) => () => {
        const model = make();
        if (!model.bindTools) throw new Error(\`The model \${model._llmType()} cannot call tools\`);
        return model.bindTools(tools, kwargs);
      }),
    );
  }

  override invoke(input: BaseLanguageModelInput, options?: Partial<BaseChatModelCallOptions>): Promise<AIMessageChunk> {
    return fallbackChain(this.models).invoke(input, options);
  }

  withState(state: Record<string, unknown>): ChatModelWithFallbacks {
    return new ChatModelWithFallbacks(
      this.models.map((make) => () => {
        const model = make() as BaseChatModel & { withState?: (state: Record<string, unknown>) => BaseChatModel };
        return model.withState ? model.withState(state) : model;
      }),
    );
  }

  /** Calls that do not go through invoke (generate, batch) end here, and go through it. */
  async _generate(messages: BaseMessage[], options: this["ParsedCallOptions"]): Promise<ChatResult> {
    const message = await this.invoke(messages, options);
    return { generations: [{ text: message.text, message }] };
  }
}

/** A profile's model with its fallback profiles' models. */
export function withFallbacks(models: readonly ModelFactory[]): BaseChatModel {
  return new ChatModelWithFallbacks(models);
}
`;
