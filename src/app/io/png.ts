/**
 * PNG export of the canvas: the React Flow viewport (nodes and edges) drawn by html-to-image
 * at 1:1 zoom around the graph, whatever the current pan and zoom.
 */

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface ImageFrame {
  /** Image size in CSS pixels. */
  width: number;
  height: number;
  /** Viewport transform that puts the graph at the image's top left, padded. */
  transform: string;
  /** Device pixels per CSS pixel, lowered for big graphs so the image stays under `maxPixels` a side. */
  pixelRatio: number;
}

/**
 * Where to draw boxes (in flow coordinates) so all of them fit with `padding` around them.
 * @example imageFrame([{ x: 100, y: 50, width: 200, height: 80 }], { padding: 20 })
 * // { width: 240, height: 120, transform: "translate(-80px, -30px) scale(1)", pixelRatio: 2 }
 */
export function imageFrame(boxes: readonly Box[], options: { padding?: number; pixelRatio?: number; maxPixels?: number } = {}): ImageFrame {
  const padding = options.padding ?? 32;
  const maxPixels = options.maxPixels ?? 8192;
  if (boxes.length === 0) return { width: 2 * padding, height: 2 * padding, transform: "translate(0px, 0px) scale(1)", pixelRatio: 1 };
  const minX = Math.min(...boxes.map((b) => b.x));
  const minY = Math.min(...boxes.map((b) => b.y));
  const maxX = Math.max(...boxes.map((b) => b.x + b.width));
  const maxY = Math.max(...boxes.map((b) => b.y + b.height));
  const width = Math.ceil(maxX - minX + 2 * padding);
  const height = Math.ceil(maxY - minY + 2 * padding);
  const wanted = options.pixelRatio ?? 2;
  const pixelRatio = Math.max(0.1, Math.min(wanted, maxPixels / Math.max(width, height)));
  return { width, height, transform: `translate(${padding - minX}px, ${padding - minY}px) scale(1)`, pixelRatio };
}

/** The boxes of the rendered nodes inside a React Flow viewport, in flow coordinates. */
function nodeBoxes(viewport: HTMLElement): Box[] {
  return [...viewport.querySelectorAll<HTMLElement>(".react-flow__node")].map((element) => {
    const matrix = new DOMMatrixReadOnly(getComputedStyle(element).transform);
    return { x: matrix.m41, y: matrix.m42, width: element.offsetWidth, height: element.offsetHeight };
  });
}

/** SVG paint properties that come from stylesheets (React Flow draws edges with classes). */
const SVG_PAINT = [
  "fill",
  "fill-opacity",
  "stroke",
  "stroke-width",
  "stroke-opacity",
  "stroke-dasharray",
  "stroke-linecap",
  "stroke-linejoin",
  "opacity",
  "visibility",
  "display",
];

/**
 * Writes the computed paint of every SVG shape into its style attribute and returns the undo.
 * html-to-image copies computed styles onto HTML elements only and clones SVG subtrees as they
 * are, so without this the edges, styled by React Flow's stylesheet, come out invisible.
 */
function inlineSvgPaint(root: HTMLElement): () => void {
  const shapes = [...root.querySelectorAll<SVGElement>("svg *")];
  const previous = shapes.map((shape) => shape.getAttribute("style"));
  for (const shape of shapes) {
    const computed = getComputedStyle(shape);
    for (const property of SVG_PAINT) shape.style.setProperty(property, computed.getPropertyValue(property));
  }
  return () =>
    shapes.forEach((shape, i) => {
      const style = previous[i];
      if (style === null || style === undefined) shape.removeAttribute("style");
      else shape.setAttribute("style", style);
    });
}

export class CanvasImageError extends Error {
  override readonly name = "CanvasImageError";
}

/**
 * A PNG data URL of the graph on the canvas.
 * Throws CanvasImageError when no React Flow viewport is on the page.
 */
export async function canvasPng(root: ParentNode = document): Promise<string> {
  const viewport = root.querySelector<HTMLElement>(".react-flow__viewport");
  if (!viewport) throw new CanvasImageError("The canvas is not showing a graph, so there is nothing to draw.");
  const frame = imageFrame(nodeBoxes(viewport));
  const flow = viewport.closest<HTMLElement>(".react-flow") ?? viewport;
  const backgroundColor = getComputedStyle(flow).backgroundColor;
  // Loaded on demand: most sessions never export an image.
  const { toPng } = await import("html-to-image");
  const restore = inlineSvgPaint(viewport);
  try {
    return await toPng(viewport, {
      backgroundColor: backgroundColor === "rgba(0, 0, 0, 0)" ? "#ffffff" : backgroundColor,
      width: frame.width,
      height: frame.height,
      pixelRatio: frame.pixelRatio,
      style: { width: `${frame.width}px`, height: `${frame.height}px`, transform: frame.transform },
    });
  } finally {
    restore();
  }
}
