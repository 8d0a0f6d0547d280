import { describe, expect, it } from "vitest";
import type { FrameScheduler } from "../store/frameBatcher";
import { frameCoalesced } from "./useFramedVirtualizer";

function manualFrames() {
  const queue = new Map<number, () => void>();
  let next = 1;
  const frames: FrameScheduler = {
    request: (callback) => {
      queue.set(next, callback);
      return next++;
    },
    cancel: (handle) => void queue.delete(handle),
  };
  const runFrame = () => {
    const due = [...queue.values()];
    queue.clear();
    for (const callback of due) callback();
  };
  return { frames, runFrame, pending: () => queue.size };
}

describe("frameCoalesced", () => {
  it("re-renders once in the next frame however many changes came before it", () => {
    const { frames, runFrame } = manualFrames();
    let renders = 0;
    const { change } = frameCoalesced(frames, () => renders++);
    change();
    change();
    change();
    expect(renders).toBe(0);
    runFrame();
    expect(renders).toBe(1);
  });

  it("asks for another frame for a change after the re-render", () => {
    const { frames, runFrame } = manualFrames();
    let renders = 0;
    const { change } = frameCoalesced(frames, () => renders++);
    change();
    runFrame();
    change();
    runFrame();
    expect(renders).toBe(2);
  });

  it("drops a pending re-render when disposed (the list unmounted)", () => {
    const { frames, runFrame, pending } = manualFrames();
    let renders = 0;
    const { change, dispose } = frameCoalesced(frames, () => renders++);
    change();
    dispose();
    expect(pending()).toBe(0);
    runFrame();
    expect(renders).toBe(0);
  });
});
