/**
 * A Vite plugin that gives the app the prebuilt engine of LangGraph server bundles
 * (`virtual:graphwright/server-engine`: the `ServerEngine` of src/server/bundle/buildEngine.ts
 * as JSON), in dev and in builds alike, so the browser can zip a bundle without a toolchain.
 * The app imports it lazily: the engine text (about 1.6 MB) is its own chunk, never in the first load.
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Plugin } from "vite";
import { buildServerEngine } from "../src/server/bundle/buildEngine";

export const SERVER_ENGINE_ID = "virtual:graphwright/server-engine";
const RESOLVED_ID = `\0${SERVER_ENGINE_ID}`;
const SRC = fileURLToPath(new URL("../src/", import.meta.url));
/** Folders under src/ that never end up in the server engine: the UI and the browser's engine worker. */
const NOT_IN_ENGINE = ["app", "worker"].map((folder) => path.join(SRC, folder) + path.sep);

/** Whether a changed file may be part of the server engine (a cheap over-approximation). */
function mayBeInEngine(file: string): boolean {
  const normalized = path.normalize(file);
  return normalized.startsWith(SRC) && !NOT_IN_ENGINE.some((folder) => normalized.startsWith(folder)) && !/\.test\.tsx?$/.test(normalized);
}

export function serverEngineSource(): Plugin {
  return {
    name: "graphwright:server-engine",
    resolveId: (id) => (id === SERVER_ENGINE_ID ? RESOLVED_ID : null),
    async load(id) {
      if (id !== RESOLVED_ID) return null;
      // An empty map: otherwise dev serves the 1.6 MB text a second time, as an inline source map.
      return { code: `export default ${JSON.stringify(await buildServerEngine())};`, map: { mappings: "" } };
    },
    // In dev, an edit to the engine's sources rebuilds the module the next time the app loads it.
    hotUpdate({ file, modules }) {
      if (!mayBeInEngine(file)) return;
      const engine = this.environment.moduleGraph.getModuleById(RESOLVED_ID);
      return engine ? [...modules, engine] : undefined;
    },
  };
}
