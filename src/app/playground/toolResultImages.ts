// Images in a tool's result (an MCP tool's `images`, as `data:` URLs): the card shows them.
// Only inline raster images are accepted, so showing one never loads anything from the network.

export interface ResultImage {
  mimeType: string;
  src: string;
}

const SAFE_IMAGE = /^data:image\/(?:png|jpeg|gif|webp);base64,[A-Za-z0-9+/]+=*$/;
/** Images past this many are not shown (the result text still lists them). */
const MAX_IMAGES = 8;

/**
 * The images a tool result's text carries, when it is JSON with `images: [{ mime_type, data_url }]`.
 * @example resultImages('{"images":[{"mime_type":"image/png","data_url":"data:image/png;base64,iVBO"}]}') // [{ mimeType: "image/png", src: "data:…" }]
 */
export function resultImages(text: string): ResultImage[] {
  if (!text.includes('"images"')) return [];
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return [];
  }
  const images = value !== null && typeof value === "object" && "images" in value ? (value as { images: unknown }).images : undefined;
  if (!Array.isArray(images)) return [];
  const out: ResultImage[] = [];
  for (const image of images.slice(0, MAX_IMAGES)) {
    if (image === null || typeof image !== "object") continue;
    const { mime_type: mimeType, data_url: src } = image as Record<string, unknown>;
    if (typeof mimeType === "string" && typeof src === "string" && SAFE_IMAGE.test(src)) out.push({ mimeType, src });
  }
  return out;
}
