/**
 * The page's host of the JavaScript tool sandbox: a hidden frame with `sandbox="allow-scripts"`
 * (an opaque origin: no cookies, storage or access to this page) and a CSP that allows no
 * network (`connect-src 'none'`), which runs QuickJS in a worker started from the bundled
 * script text. The page hands over the WebAssembly bytes, since the frame can fetch nothing.
 * QuickJS's interrupt deadline ends a runaway; if no answer comes by shortly after the
 * deadline, the frame is removed (which kills its worker) and the next run gets a new one.
 */
import wasmUrl from "@jitl/quickjs-wasmfile-release-sync/wasm?url";
import workerSource from "virtual:graphwright/sandbox-worker-source";
import type { SandboxOutcome, SandboxRequest } from "../../worker/protocol";

/** How long after the deadline the frame is removed when QuickJS has not answered. */
const BACKSTOP_MS = 400;
/** How long the frame may take to start QuickJS before a run gives up. */
const BOOT_MS = 15_000;

/**
 * The frame's own script: it starts the worker from the text it is given and hands the worker
 * the page's data port, so runs go page ⇄ worker directly; it keeps the control port only to
 * say the worker failed to start. It has no other way out.
 */
const FRAME_SCRIPT = `
addEventListener("message", (event) => {
  const [data, control] = event.ports;
  if (!data || !control || typeof event.data?.source !== "string") return;
  const url = URL.createObjectURL(new Blob([event.data.source], { type: "text/javascript" }));
  const worker = new Worker(url, { name: "graphwright-sandbox" });
  worker.onerror = (error) => control.postMessage({ type: "load_failed", message: error.message || "the sandbox worker failed to start" });
  worker.postMessage({ type: "load", wasm: event.data.wasm, port: data }, [event.data.wasm, data]);
}, { once: true });`;

const FRAME_HTML = `<!doctype html><meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="default-src 'none'; script-src 'unsafe-inline' blob: 'wasm-unsafe-eval'; worker-src blob:; connect-src 'none'"><script>${FRAME_SCRIPT}</script>`;

type FromFrame = { type: "ready" } | { type: "load_failed"; message: string } | { type: "result"; id: number; outcome: SandboxOutcome };

interface Frame {
  element: HTMLIFrameElement;
  /** Runs and their results, straight to and from the frame's worker. */
  port: MessagePort;
  /** The frame's word that its worker failed to start. */
  control: MessagePort;
  ready: Promise<void>;
  pending: Map<number, (outcome: SandboxOutcome) => void>;
}

export interface FrameSandbox {
  run(request: SandboxRequest): Promise<SandboxOutcome>;
  /** Starts the frame and QuickJS ahead of the first run; a failure is left for that run to report. */
  warm(): Promise<void>;
}

/** The User Timing entry each run leaves (call to outcome), which `npm run bench` reads. */
export const SANDBOX_RUN_MEASURE = "graphwright:sandbox-run";
/** The User Timing entry of a frame's start (created → QuickJS ready). */
export const SANDBOX_BOOT_MEASURE = "graphwright:sandbox-boot";

const failed = (message: string): SandboxOutcome => ({ ok: false, code: "SANDBOX_FAILED", message });

let wasmBytes: Promise<ArrayBuffer> | undefined;
function loadWasm(): Promise<ArrayBuffer> {
  wasmBytes ??= fetch(wasmUrl).then((response) => {
    if (!response.ok) throw new Error(`loading QuickJS failed (HTTP ${response.status})`);
    return response.arrayBuffer();
  });
  wasmBytes.catch(() => (wasmBytes = undefined));
  return wasmBytes;
}

/**
 * @example
 * const sandbox = createFrameSandbox();
 * await sandbox.run({ code: "return args.n + 1", args: { n: 1 }, timeoutMs: 1000, memoryLimitBytes: 32 << 20 }) // { ok: true, value: 2 }
 */
export function createFrameSandbox(host: () => HTMLElement = () => document.body): FrameSandbox {
  let frame: Frame | null = null;
  let nextId = 0;
  // One run at a time: each run's backstop then measures its own code, never a queue.
  let queue: Promise<unknown> = Promise.resolve();

  const remove = (victim: Frame, reason: SandboxOutcome) => {
    if (frame === victim) frame = null;
    victim.port.close();
    victim.control.close();
    victim.element.remove();
    for (const resolve of victim.pending.values()) resolve(reason);
    victim.pending.clear();
  };

  const open = (): Frame => {
    if (frame) return frame;
    const element = document.createElement("iframe");
    element.setAttribute("sandbox", "allow-scripts");
    element.setAttribute("title", "JavaScript tool sandbox");
    element.setAttribute("aria-hidden", "true");
    element.tabIndex = -1;
    element.style.display = "none";
    element.srcdoc = FRAME_HTML;
    const channel = new MessageChannel();
    const control = new MessageChannel();
    const pending = new Map<number, (outcome: SandboxOutcome) => void>();
    let booted: () => void = () => undefined;
    let bootFailed: (error: Error) => void = () => undefined;
    const ready = new Promise<void>((resolve, reject) => ((booted = resolve), (bootFailed = reject)));
    // Each run awaits `ready`; this only keeps a failure before the first run from reading as unhandled.
    const openedAt = performance.now();
    ready.then(() => performance.measure(SANDBOX_BOOT_MEASURE, { start: openedAt, end: performance.now() })).catch(() => undefined);
    const opened: Frame = { element, port: channel.port1, control: control.port1, ready, pending };
    control.port1.onmessage = channel.port1.onmessage = ({ data }: MessageEvent<FromFrame>) => {
      if (data.type === "ready") booted();
      else if (data.type === "load_failed") {
        bootFailed(new Error(data.message));
        remove(opened, failed(`The JavaScript sandbox failed to start: ${data.message}`));
      } else {
        pending.get(data.id)?.(data.outcome);
        pending.delete(data.id);
      }
    };
    element.addEventListener(
      "load",
      () => {
        loadWasm().then(
          (bytes) => element.contentWindow?.postMessage({ source: workerSource, wasm: bytes.slice(0) }, "*", [channel.port2, control.port2]),
          (error: unknown) => bootFailed(error instanceof Error ? error : new Error(String(error))),
        );
      },
      { once: true },
    );
    host().append(element);
    frame = opened;
    return opened;
  };

  const runOne = async (request: SandboxRequest): Promise<SandboxOutcome> => {
    const current = open();
    let bootTimer: ReturnType<typeof setTimeout> | undefined;
    try {
      await Promise.race([current.ready, new Promise((_, reject) => (bootTimer = setTimeout(() => reject(new Error("it did not start in time")), BOOT_MS)))]);
    } catch (error) {
      remove(current, failed(""));
      return failed(`The JavaScript sandbox failed to start: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      clearTimeout(bootTimer);
    }
    const id = nextId++;
    return new Promise<SandboxOutcome>((resolve) => {
      const backstop = setTimeout(
        () =>
          remove(current, {
            ok: false,
            code: "TIMEOUT",
            message: `The JavaScript code did not finish within ${request.timeoutMs} ms; its sandbox was shut down.`,
          }),
        request.timeoutMs + BACKSTOP_MS,
      );
      current.pending.set(id, (outcome) => {
        clearTimeout(backstop);
        resolve(outcome);
      });
      current.port.postMessage({ type: "run", id, request });
    });
  };

  return {
    run(request) {
      const start = performance.now();
      const result = queue.then(() => runOne(request));
      queue = result.catch(() => undefined);
      return result.finally(() => performance.measure(SANDBOX_RUN_MEASURE, { start, end: performance.now() }));
    },
    warm: () => open().ready.catch(() => undefined),
  };
}
