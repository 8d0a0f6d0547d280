/**
 * LangGraph writes a checkpoint after every step by asking each channel for its value.
 * Every node has a trigger channel (an EphemeralValue), and an empty one answers by
 * throwing a new EmptyChannelError, which `createCheckpoint` catches and skips. A graph
 * of n nodes therefore builds about n errors per step, each capturing a stack trace: in
 * an agent's loop that is the largest cost LangGraph adds per step in Chromium.
 *
 * This makes an empty EphemeralValue throw one shared EmptyChannelError instead. The
 * contract is unchanged (the same error class and name, caught and skipped the same way);
 * only the stack capture goes. It is applied once, when the engine compiles its first
 * graph, and only if LangGraph still throws there. Drop it once LangGraph stops throwing
 * for empty channels (its DeltaChannel already returns a sentinel instead).
 */
import { EphemeralValue } from "@langchain/langgraph/channels";
import { EmptyChannelError } from "@langchain/langgraph/web";

let applied = false;

/**
 * @example
 * shareEmptyChannelError();
 * new EphemeralValue().checkpoint(); // throws the one shared EmptyChannelError
 */
export function shareEmptyChannelError(): void {
  if (applied) return;
  applied = true;
  const proto = EphemeralValue.prototype as { checkpoint(): unknown };
  const original = proto.checkpoint;
  let shared: unknown;
  try {
    original.call(new EphemeralValue());
  } catch (error) {
    if (error instanceof EmptyChannelError) shared = error;
  }
  // LangGraph no longer throws for an empty channel, or throws something else: leave it be.
  if (shared === undefined) return;
  proto.checkpoint = function checkpoint(this: EphemeralValue<unknown>) {
    if (!this.isAvailable()) throw shared;
    return original.call(this);
  };
}
