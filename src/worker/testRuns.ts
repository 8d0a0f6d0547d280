/**
 * Runs a document's tests in the worker, as the CLI runs them in Node: the host's models
 * (keys for `live` tests) and tools, each test on its own in-memory thread, so a test run
 * never touches the workspace's threads. One controller per request answers `stop_tests`.
 */
import { runTests } from "../engine/index.js";
import type { HostServices } from "./hostCompiler";
import type { FromWorker, RunTestsRequest, StopTestsRequest } from "./protocol";
import { readCredentials, type CredentialStore } from "./providerKeys";
import { errorMessage } from "../schema/errorMessage.js";

export interface TestRunsOptions {
  servicesFor: HostServices;
  credentials: CredentialStore;
  post(message: FromWorker): void;
  /** Learns the document's own secrets before anything is posted (see redaction.ts). */
  learn?(request: RunTestsRequest): Promise<void>;
}

/**
 * @example
 * const tests = createTestRuns({ servicesFor, credentials, post });
 * await tests.run({ type: "run_tests", requestId: "r1", document });
 */
export function createTestRuns(options: TestRunsOptions) {
  const controllers = new Map<string, AbortController>();
  return {
    async run(request: RunTestsRequest): Promise<void> {
      const { requestId } = request;
      const controller = new AbortController();
      controllers.set(requestId, controller);
      try {
        await options.learn?.(request);
        // The graph's id finds its stored knowledge bases; runTests gives each test its own tasks and memory.
        const { document, services } = options.servicesFor(request.document, {
          credentials: await readCredentials(options.credentials),
          graphId: request.document.meta.id,
        });
        const report = await runTests(document, services, {
          signal: controller.signal,
          ...(request.testIds ? { only: request.testIds } : {}),
          onProgress: (progress) => options.post({ type: "tests_progress", requestId, progress }),
        });
        options.post({ type: "tests_result", requestId, ok: true, report, error: null });
      } catch (error) {
        options.post({ type: "tests_result", requestId, ok: false, report: null, error: `The tests could not run: ${errorMessage(error)}` });
      } finally {
        controllers.delete(requestId);
      }
    },
    stop(request: StopTestsRequest): void {
      controllers.get(request.requestId)?.abort();
    },
  };
}
