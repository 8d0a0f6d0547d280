/**
 * Runs a document's tests in the worker, as the CLI runs them in Node: the host's models
 * (keys for `live` tests) and tools, each test on its own in-memory thread, so a test run
 * never touches the workspace's threads. One controller per request answers `stop_tests`.
 */
import { runTests } from "../engine/index.js";
import type { HostServices } from "./hostCompiler";
import type { FromWorker, RunTestsRequest, StopTestsRequest } from "./protocol";
import type { ProviderCredentials } from "./providerKeys";
import { errorMessage } from "../schema/errorMessage.js";

export interface TestRunsOptions {
  servicesFor: HostServices;
  post(message: FromWorker): void;
  /**
   * The saved keys the tests run with, read by the redactor once it has learnt the document's
   * own secrets, before anything is posted (see redaction.ts).
   */
  credentials(request: RunTestsRequest): Promise<ProviderCredentials>;
}

/**
 * @example
 * const tests = createTestRuns({ servicesFor, post, credentials: async () => redaction.refresh() });
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
        const credentials = await options.credentials(request);
        // The graph's id finds its stored knowledge bases; runTests gives each test its own tasks and memory.
        const { document, services } = options.servicesFor(request.document, {
          credentials,
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
