/** Browser side of `npm run bench`: runs the scenarios (`?only=<figure>` runs one) and leaves the results on window. */
import { measureEngineOverhead } from "../scenarios/engineOverhead.js";
import { measureCheckpointStorage } from "../scenarios/storageGrowth.js";

declare global {
  interface Window {
    __benchResult?: unknown;
    __benchError?: string;
  }
}

async function all() {
  const now = () => performance.now();
  const only = new URLSearchParams(location.search).get("only");
  return {
    ...(only === null || only === "engine_overhead" ? { engine_overhead: await measureEngineOverhead(now) } : {}),
    ...(only === null || only === "checkpoint_storage" ? { checkpoint_storage: await measureCheckpointStorage(now) } : {}),
  };
}

all().then(
  (result) => {
    window.__benchResult = result;
    document.getElementById("status")!.textContent = "done";
  },
  (error: unknown) => {
    window.__benchError = error instanceof Error ? `${error.message}\n${error.stack}` : String(error);
  },
);
