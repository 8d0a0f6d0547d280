/** The real app's production build, served by `vite preview` for the UI figures of `npm run bench`. */
import { rm } from "node:fs/promises";
import path from "node:path";
import { build, preview, type InlineConfig, type PreviewServer } from "vite";

export interface AppServer {
  url: string;
  outDir: string;
  close(): Promise<void>;
}

/**
 * Builds `config` into a folder of this process under tmp/ (a second bench on the machine must
 * not empty the one this one serves) and serves it with `vite preview` on a free loopback port;
 * `close` stops the server and removes the folder.
 */
export async function buildAndServe(root: string, name: string, config: InlineConfig): Promise<AppServer> {
  const outDir = path.join(root, "tmp", `${name}-${process.pid}`);
  await build({ ...config, logLevel: "warn", mode: "production", build: { ...config.build, outDir, emptyOutDir: true } });
  const server: PreviewServer = await preview({
    root: config.root,
    configFile: config.configFile,
    logLevel: "warn",
    build: { outDir },
    preview: { port: 0, host: "127.0.0.1", strictPort: false },
  });
  const url = server.resolvedUrls?.local[0];
  if (!url) throw new Error(`BENCH_SERVER: vite preview did not report a URL for ${name}`);
  return {
    url,
    outDir,
    close: async () => {
      await new Promise<void>((resolve) => server.httpServer.close(() => resolve()));
      await rm(outDir, { recursive: true, force: true });
    },
  };
}

/** Builds the app with the project's vite config (no e2e harness pages) and serves it on a free port. */
export async function serveProductionApp(root: string): Promise<AppServer> {
  delete process.env.GRAPHWRIGHT_E2E_HARNESS;
  return buildAndServe(root, "bench-app-dist", { root });
}
