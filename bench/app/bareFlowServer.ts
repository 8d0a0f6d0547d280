/**
 * The bare React Flow page (bench/bareFlow), built and served beside the app for the drag
 * figures' same-run baseline. Its own Vite entry and output folder: nothing of it reaches the
 * app's build.
 */
import { rm } from "node:fs/promises";
import path from "node:path";
import react from "@vitejs/plugin-react";
import { build, preview, type PreviewServer } from "vite";
import type { AppServer } from "./server.js";
import type { CanvasView } from "./dragWork.js";

/** Builds bench/bareFlow (production mode, as the app) and serves it on a free port. */
export async function serveBareFlow(root: string): Promise<AppServer> {
  const pageRoot = path.join(root, "bench", "bareFlow");
  const outDir = path.join(root, "tmp", `bench-bare-flow-${process.pid}`);
  await build({
    root: pageRoot,
    base: "./",
    configFile: false,
    logLevel: "warn",
    mode: "production",
    plugins: [react()],
    build: { outDir, emptyOutDir: true, target: "es2022" },
  });
  const server: PreviewServer = await preview({
    root: pageRoot,
    configFile: false,
    logLevel: "warn",
    build: { outDir },
    preview: { port: 0, host: "127.0.0.1", strictPort: false },
  });
  const url = server.resolvedUrls?.local[0];
  if (!url) throw new Error("BENCH_SERVER: vite preview did not report a URL for the bare React Flow page");
  return {
    url,
    outDir,
    close: async () => {
      await new Promise<void>((resolve) => server.httpServer.close(() => resolve()));
      await rm(outDir, { recursive: true, force: true });
    },
  };
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
