/**
 * The bare React Flow page (bench/bareFlow), built and served beside the app for the drag
 * figures' same-run baseline. Its own Vite entry and output folder: nothing of it reaches the
 * app's build.
 */
import path from "node:path";
import react from "@vitejs/plugin-react";
import { buildAndServe, type AppServer } from "./server.js";
import type { CanvasView } from "./dragWork.js";

/** Builds bench/bareFlow (production mode, as the app) and serves it on a free port. */
export async function serveBareFlow(root: string): Promise<AppServer> {
  const pageRoot = path.join(root, "bench", "bareFlow");
  return buildAndServe(root, "bench-bare-flow", { root: pageRoot, base: "./", configFile: false, plugins: [react()], build: { target: "es2022" } });
}

/** The bare page's URL for a grid of `nodes` nodes shown as the app shows it (`view`), culling when the app does. */
export function bareFlowUrl(base: string, nodes: number, edges: number, view: CanvasView, cull: boolean): string {
  const query = new URLSearchParams({
    nodes: String(nodes),
    edges: String(edges),
    w: String(view.width),
    h: String(view.height),
    x: String(view.x),
    y: String(view.y),
    zoom: String(view.zoom),
    cull: cull ? "1" : "0",
  });
  return `${base}?${query}`;
}
