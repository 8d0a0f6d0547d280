/** The real app's production build, served by `vite preview` for the UI figures of `npm run bench`. */
import { rm } from "node:fs/promises";
import path from "node:path";
import { build, preview, type PreviewServer } from "vite";

export interface AppServer {
  url: string;
  outDir: string;
  close(): Promise<void>;
}

/** Builds the app with the project's vite config (no e2e harness pages) and serves it on a free port. */
export async function serveProductionApp(root: string): Promise<AppServer> {
  // One build per bench process: a second bench on the machine must not empty the directory this one serves.
  const outDir = path.join(root, "tmp", `bench-app-dist-${process.pid}`);
  delete process.env.GRAPHWRIGHT_E2E_HARNESS;
  await build({ root, logLevel: "warn", mode: "production", build: { outDir, emptyOutDir: true } });
  const server: PreviewServer = await preview({ root, logLevel: "warn", build: { outDir }, preview: { port: 0, host: "127.0.0.1", strictPort: false } });
  const url = server.resolvedUrls?.local[0];
  if (!url) throw new Error("BENCH_SERVER: vite preview did not report a URL");
  return {
    url,
    outDir,
    close: async () => {
      await new Promise<void>((resolve) => server.httpServer.close(() => resolve()));
      await rm(outDir, { recursive: true, force: true });
    },
  };
}
