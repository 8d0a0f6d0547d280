import { describe, expect, it } from "vitest";
import { imageFrame } from "./png";

describe("imageFrame", () => {
  it("frames every box with padding, moving the top-left box to the padding corner", () => {
    const frame = imageFrame(
      [
        { x: 100, y: 50, width: 200, height: 80 },
        { x: -40, y: 300, width: 100, height: 60 },
      ],
      { padding: 20 },
    );
    expect(frame).toEqual({ width: 380, height: 350, transform: "translate(60px, -30px) scale(1)", pixelRatio: 2 });
  });

  it("lowers the pixel ratio of huge graphs so the image stays within the size limit", () => {
    const frame = imageFrame([{ x: 0, y: 0, width: 20_000, height: 100 }], { padding: 0, maxPixels: 8000 });
    expect(frame.width * frame.pixelRatio).toBeLessThanOrEqual(8000);
  });

  it("gives an empty frame for no boxes", () => {
    expect(imageFrame([], { padding: 10 })).toMatchObject({ width: 20, height: 20 });
  });
});
