/**
 * The engine worker's sandbox for JavaScript tools: a worker cannot create the sandboxed frame
 * the code must run in, so it asks the page once for a port straight to the frame's worker
 * (`sandbox_connect`) and then runs code on that port, with no hop through the page's main
 * thread (which may be busy drawing the run). The deadline is QuickJS's; if no answer comes by
 * shortly after it (counted from the worker's `started`), the run ends with a timeout and the
 * page is asked to remove the frame. An aborted call stops waiting here at once.
 */
import type { CodeSandbox, SandboxOutcome, SandboxRequest } from "../tools/sandbox/types.js";
import { backstopOutcome, SANDBOX_BACKSTOP_MS, type FromWorker } from "./protocol";
import type { SandboxLostMessage, SandboxPort, SandboxPortMessage } from "./sandboxMessages";
import { errorMessage } from "../schema/errorMessage.js";

export interface PageSandbox {
  /** The sandbox tool runners are given. */
  sandbox: CodeSandbox;
  /** Delivers the page's answer to `sandbox_connect`. */
  connected(message: SandboxPortMessage): void;
  /** The page removed a frame: runs waiting on its port fail, and the next run connects again. */
  lost(message: SandboxLostMessage): void;
}

/** The User Timing entry each call leaves in the engine worker (call → outcome), which `npm run bench` reads. */
export const SANDBOX_CALL_MEASURE = "graphwright:sandbox-call";

interface Connection {
  port: SandboxPort;
  generation: number;
  pending: Map<number, { started(): void; settle(outcome: SandboxOutcome): void }>;
}

export interface PageSandboxOptions {
  /** Applied to each request before it enters the sandbox (the worker's redactor: no key goes in). */
  redact?: (request: SandboxRequest) => SandboxRequest;
  setTimeout?: (callback: () => void, ms: number) => unknown;
  clearTimeout?: (handle: unknown) => void;
}

const failed = (message: string): SandboxOutcome => ({ ok: false, code: "SANDBOX_FAILED", message });

/**
 * @example
 * const page = createPageSandbox((message) => self.postMessage(message));
 * createToolResolver({ sandbox: page.sandbox }); // and route `sandbox_port` to page.connected, `sandbox_lost` to page.lost
 */
export function createPageSandbox(post: (message: FromWorker) => void, options: PageSandboxOptions = {}): PageSandbox {
  const { redact = (request) => request } = options;
  const arm = options.setTimeout ?? ((callback, ms) => setTimeout(callback, ms));
  const disarm = options.clearTimeout ?? ((handle) => clearTimeout(handle as ReturnType<typeof setTimeout>));
  const asked = new Map<string, (message: SandboxPortMessage) => void>();
  let connection: Promise<Connection> | null = null;
  /** The connection once the page answered, while its frame lives. */
  let current: Connection | null = null;
  let counter = 0;
  let nextId = 0;

  const drop = (gone: Connection, reason: SandboxOutcome) => {
    if (current === gone) {
      current = null;
      connection = null;
    }
    gone.port.onmessage = null;
    gone.port.close();
    for (const pending of gone.pending.values()) pending.settle(reason);
    gone.pending.clear();
  };

  const connect = (): Promise<Connection> => {
    connection ??= new Promise<Connection>((resolve, reject) => {
      const requestId = `sbx_${(counter++).toString(36)}`;
      asked.set(requestId, (answer) => {
        if ("error" in answer) return reject(new Error(answer.error));
        const opened: Connection = { port: answer.port, generation: answer.generation, pending: new Map() };
        opened.port.onmessage = ({ data }) => {
          const pending = opened.pending.get(data.id);
          if (data.type === "started") return pending?.started();
          opened.pending.delete(data.id);
          pending?.settle(data.outcome);
        };
        current = opened;
        resolve(opened);
      });
      post({ type: "sandbox_connect", requestId });
    });
    // A sandbox that could not start is asked for again by the next run.
    connection.catch(() => (connection = null));
    return connection;
  };

  const runOn = (on: Connection, request: SandboxRequest, signal?: AbortSignal): Promise<SandboxOutcome> =>
    new Promise((resolve, reject) => {
      const id = nextId++;
      let backstop: unknown;
      const onAbort = () => {
        disarm(backstop);
        on.pending.delete(id);
        reject(signal?.reason instanceof Error ? signal.reason : new Error("The JavaScript tool was cancelled."));
      };
      signal?.addEventListener("abort", onAbort, { once: true });
      on.pending.set(id, {
        // Counted from the worker's start of this run, so a run queued behind another's is not cut short.
        started: () =>
          (backstop = arm(() => {
            on.pending.delete(id);
            resolve(backstopOutcome(request));
            drop(on, failed("The JavaScript sandbox was shut down: another call's code did not finish in time."));
            post({ type: "sandbox_stuck", generation: on.generation });
          }, request.timeoutMs + SANDBOX_BACKSTOP_MS)),
        settle: (outcome) => {
          disarm(backstop);
          signal?.removeEventListener("abort", onAbort);
          resolve(outcome);
        },
      });
      on.port.postMessage({ type: "run", id, request: redact(request) });
    });

  return {
    sandbox: {
      prepare() {
        // A failure is left for the first run to report (and that run asks again).
        connect().catch(() => undefined);
      },
      async run(request, signal) {
        signal?.throwIfAborted();
        const start = performance.now();
        let on: Connection;
        try {
          on = await connect();
        } catch (error) {
          return failed(`The JavaScript sandbox failed to start: ${errorMessage(error)}`);
        }
        signal?.throwIfAborted();
        const outcome = await runOn(on, request, signal);
        performance.measure?.(SANDBOX_CALL_MEASURE, { start, end: performance.now() });
        return outcome;
      },
    },
    connected(message) {
      const resolve = asked.get(message.requestId);
      asked.delete(message.requestId);
      if (resolve) resolve(message);
      else if ("port" in message) message.port.close();
    },
    lost({ generation }) {
      if (current?.generation === generation) drop(current, failed("The JavaScript sandbox was shut down before the code answered."));
    },
  };
}
