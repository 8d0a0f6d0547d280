/** Browser side of `npm run bench`: runs the scenarios and leaves the results on window. */
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
  return { engine_overhead: await measureEngineOverhead(now), checkpoint_storage: await measureCheckpointStorage(now) };
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
