import { describe, expect, it } from "vitest";
import { createCheckpoint, EphemeralValue } from "@langchain/langgraph/channels";
import { EmptyChannelError, emptyCheckpoint } from "@langchain/langgraph/web";
import { shareEmptyChannelError } from "./emptyChannels.js";

function thrownBy(f: () => unknown): unknown {
  try {
    f();
  } catch (error) {
    return error;
  }
  return undefined;
}

describe("empty trigger channels", () => {
  shareEmptyChannelError();

  it("still report empty with an EmptyChannelError, one shared instance instead of a new one each time", () => {
    const first = thrownBy(() => new EphemeralValue().checkpoint());
    const second = thrownBy(() => new EphemeralValue().checkpoint());
    expect(first).toBeInstanceOf(EmptyChannelError);
    expect(second).toBe(first);
  });

  it("still hand over their value when they hold one", () => {
    const channel = new EphemeralValue<string>();
    channel.update(["go"]);
    expect(channel.checkpoint()).toBe("go");
    channel.update([]);
    expect(thrownBy(() => channel.checkpoint())).toBeInstanceOf(EmptyChannelError);
  });

  it("are left out of LangGraph's checkpoints, as before", () => {
    const filled = new EphemeralValue<string>();
    filled.update(["x"]);
    const checkpoint = createCheckpoint(emptyCheckpoint(), { empty: new EphemeralValue<string>(), filled }, 1);
    expect(checkpoint.channel_values).toEqual({ filled: "x" });
  });
});
