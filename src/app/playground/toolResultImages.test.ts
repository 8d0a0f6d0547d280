import { describe, expect, it } from "vitest";
import { resultImages } from "./toolResultImages";

const png = "data:image/png;base64,iVBORw0KGgo=";

describe("images in a tool result", () => {
  it("reads inline images of an MCP result", () => {
    expect(resultImages(JSON.stringify({ text: "logo", images: [{ mime_type: "image/png", data_url: png }] }))).toEqual([{ mimeType: "image/png", src: png }]);
  });

  it("refuses images that would load from elsewhere or are not raster", () => {
    const images = [
      { mime_type: "image/png", data_url: "https://example.com/a.png" },
      { mime_type: "image/svg+xml", data_url: "data:image/svg+xml;base64,PHN2Zz4=" },
    ];
    expect(resultImages(JSON.stringify({ images }))).toEqual([]);
  });

  it("finds none in plain text", () => {
    expect(resultImages("no images here")).toEqual([]);
  });
});
