import { describe, expect, it } from "vitest";
import { isEveryNodeDrawn, withEveryNodeDrawn } from "./renderAll";

describe("withEveryNodeDrawn", () => {
  it("draws every node while the work runs and goes back to culling afterwards", async () => {
    expect(isEveryNodeDrawn()).toBe(false);
    const during = await withEveryNodeDrawn(
      async () => isEveryNodeDrawn(),
      async () => undefined,
    );
    expect(during).toBe(true);
    expect(isEveryNodeDrawn()).toBe(false);
  });

  it("goes back to culling when the work fails", async () => {
    await expect(
      withEveryNodeDrawn(
        async () => Promise.reject(new Error("boom")),
        async () => undefined,
      ),
    ).rejects.toThrow("boom");
    expect(isEveryNodeDrawn()).toBe(false);
  });

  it("keeps every node drawn until the last of two overlapping callers finishes", async () => {
    let release: () => void = () => undefined;
    const first = withEveryNodeDrawn(
      () => new Promise<void>((resolve) => (release = resolve)),
      async () => undefined,
    );
    await withEveryNodeDrawn(
      async () => undefined,
      async () => undefined,
    );
    expect(isEveryNodeDrawn()).toBe(true);
    release();
    await first;
    expect(isEveryNodeDrawn()).toBe(false);
  });
});
