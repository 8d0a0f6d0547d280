/** Browser side of `npm run bench`: runs the scenarios and leaves the results on window. */
import { measureEngineOverhead } from "../scenarios/engineOverhead.js";

declare global {
  interface Window {
    __benchResult?: unknown;
    __benchError?: string;
  }
}

measureEngineOverhead(() => performance.now()).then(
  (result) => {
    window.__benchResult = { engine_overhead: result };
    document.getElementById("status")!.textContent = "done";
  },
  (error: unknown) => {
    window.__benchError = error instanceof Error ? `${error.message}\n${error.stack}` : String(error);
  },
);
