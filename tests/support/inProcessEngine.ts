/** Test support: the app's engine worker protocol without a worker (a main-thread stand-in for the worker). */
import type { Database } from "../../src/persistence/db.js";
import { IdbSaver } from "../../src/persistence/saver/IdbSaver.js";
import type { Workspace } from "../../src/persistence/workspace/index.js";
import { createEngineClient, type EngineClient, type WorkerLike } from "../../src/app/services/engineClient";
import { createEngineHost, type EngineHostOptions } from "../../src/worker/engineHost";
import type { FromWorker, ToWorker } from "../../src/worker/protocol";

/**
 * An engine client over an in-process host on `database`, as a page's worker would be:
 * every message is structured-cloned and delivered on a later microtask. `options` replace the
 * host's saver or add what the worker passes it (the stored graphs a cut run resumes with).
 * @example const engine = inProcessEngine(workspace, database, { loadDocument: async () => document });
 */
export function inProcessEngine(
  ws: Workspace,
  database: Database,
  options: Partial<Pick<EngineHostOptions, "checkpointer" | "loadDocument">> = {},
): EngineClient {
  const listeners: ((event: MessageEvent<FromWorker>) => void)[] = [];
  const host = createEngineHost({
    runs: ws.runs,
    credentials: ws,
    checkpointer: new IdbSaver({ database }),
    withThreadLock: (_id, work) => work(),
    post: (message) => {
      const data = structuredClone(message);
      queueMicrotask(() => listeners.forEach((l) => l({ data } as MessageEvent<FromWorker>)));
    },
    ...options,
  });
  const worker: WorkerLike = {
    postMessage: (message: ToWorker) => void host.handle(structuredClone(message)),
    addEventListener: (type: string, listener: unknown) => {
      if (type === "message") listeners.push(listener as (event: MessageEvent<FromWorker>) => void);
    },
  };
  return createEngineClient(() => worker);
}
