/**
 * A Vite plugin that gives the app the JavaScript sandbox's worker as one self-contained
 * classic script text (`virtual:graphwright/sandbox-worker-source`), in dev and in builds alike. The
 * sandboxed frame has an opaque origin, so it cannot load a worker or module by URL from the
 * app's server; it starts this text from a blob URL instead.
 */
import { fileURLToPath } from "node:url";
import { rolldown } from "rolldown";
import type { Plugin } from "vite";

export const SANDBOX_WORKER_SOURCE_ID = "virtual:graphwright/sandbox-worker-source";
const RESOLVED_ID = `\0${SANDBOX_WORKER_SOURCE_ID}`;
const ENTRY = fileURLToPath(new URL("../src/tools/sandbox/frame.worker.ts", import.meta.url));

export function sandboxWorkerSource(): Plugin {
  return {
    name: "graphwright:sandbox-worker-source",
    resolveId: (id) => (id === SANDBOX_WORKER_SOURCE_ID ? RESOLVED_ID : null),
    async load(id) {
      if (id !== RESOLVED_ID) return null;
      // A classic script: Chromium refuses module workers from a blob URL of an opaque origin.
      // Emscripten's `import.meta.url` then reads as undefined, which it tolerates: the page hands over the module.
      const bundle = await rolldown({ input: ENTRY, platform: "browser", logLevel: "warn", transform: { define: { "import.meta": "{}" } } });
      try {
        const { output } = await bundle.generate({ format: "iife", codeSplitting: false, minify: true });
        for (const file of await bundle.watchFiles) this.addWatchFile(file);
        return `export default ${JSON.stringify(output[0].code)};`;
      } finally {
        await bundle.close();
      }
    },
  };
}
