/**
 * The page's host of the JavaScript tool sandbox: a hidden frame with `sandbox="allow-scripts"`
 * (an opaque origin: no cookies, storage or access to this page) and a CSP that allows no
 * network (`connect-src 'none'`), which runs QuickJS in a worker started from the bundled
 * script text. The page hands over the WebAssembly bytes, since the frame can fetch nothing.
 * QuickJS's interrupt deadline ends a runaway; if no answer comes by shortly after the
 * deadline, the frame is removed (which kills its worker) and the next run gets a new one.
 * Other callers (the engine worker) get a port of their own straight to the frame's worker
 * (`connect`), so their runs never wait on this page's main thread; they keep the same backstop
 * and ask for the frame's removal (`kill`), and hear when it is removed (`connect`'s `onLost`).
 */
import wasmUrl from "@jitl/quickjs-wasmfile-release-sync/wasm?url";
import workerSource from "virtual:graphwright/sandbox-worker-source";
import { backstopOutcome, SANDBOX_BACKSTOP_MS, type SandboxOutcome, type SandboxRequest } from "../../worker/protocol";
import type { FromSandboxPort } from "../../tools/sandbox/types";
import { FRAME_HTML } from "../sandbox/frameDocument";
import { errorMessage } from "../../schema/errorMessage.js";

/** How long the frame may take to start QuickJS before a run gives up. */
const BOOT_MS = 15_000;

type FromFrame = { type: "ready" } | { type: "load_failed"; message: string } | FromSandboxPort;

/** A run waiting for its outcome: `started` arms its backstop when the worker begins it. */
interface Pending {
  started(): void;
  settle(outcome: SandboxOutcome): void;
}

interface Frame {
  /** Counts the frames of this sandbox, so a caller's `kill` never removes a newer one. */
  generation: number;
  element: HTMLIFrameElement;
  /** Runs and their results, straight to and from the frame's worker. */
  port: MessagePort;
  /** The frame's word that its worker failed to start. */
  control: MessagePort;
  ready: Promise<void>;
  pending: Map<number, Pending>;
  /** Told when the frame is removed: the callers holding ports to its worker. */
  lost: Set<() => void>;
}

/** A port straight to the frame's worker (runs as `ToSandboxPort`, answers as `FromSandboxPort`) and its frame's generation. */
export interface SandboxConnection {
  port: MessagePort;
  generation: number;
}

export interface FrameSandbox {
  run(request: SandboxRequest): Promise<SandboxOutcome>;
  /** Starts the frame and QuickJS ahead of the first run; a failure is left for that run to report. */
  warm(): Promise<void>;
  /** A port of the caller's own to the started frame's worker; `onLost` is called once the frame is removed. Rejects if it cannot start. */
  connect(onLost: () => void): Promise<SandboxConnection>;
  /** Removes the frame of `generation` (a caller's run missed its backstop), if it is still the current one. */
  kill(generation: number): void;
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
  let generations = 0;

  const remove = (victim: Frame, reason: SandboxOutcome) => {
    if (frame === victim) frame = null;
    victim.port.close();
    victim.control.close();
    victim.element.remove();
    for (const pending of victim.pending.values()) pending.settle(reason);
    victim.pending.clear();
    for (const onLost of victim.lost) onLost();
    victim.lost.clear();
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
    const pending = new Map<number, Pending>();
    let booted: () => void = () => undefined;
    let bootFailed: (error: Error) => void = () => undefined;
    const ready = new Promise<void>((resolve, reject) => ((booted = resolve), (bootFailed = reject)));
    // Each run awaits `ready`; this only keeps a failure before the first run from reading as unhandled.
    const openedAt = performance.now();
    ready.then(() => performance.measure(SANDBOX_BOOT_MEASURE, { start: openedAt, end: performance.now() })).catch(() => undefined);
    const opened: Frame = { generation: ++generations, element, port: channel.port1, control: control.port1, ready, pending, lost: new Set() };
    control.port1.onmessage = channel.port1.onmessage = ({ data }: MessageEvent<FromFrame>) => {
      if (data.type === "ready") booted();
      else if (data.type === "load_failed") {
        bootFailed(new Error(data.message));
        remove(opened, failed(`The JavaScript sandbox failed to start: ${data.message}`));
      } else if (data.type === "started") pending.get(data.id)?.started();
      else {
        pending.get(data.id)?.settle(data.outcome);
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

  /** The started frame, or why it could not start (the frame is then removed). */
  const started = async (): Promise<Frame> => {
    const current = open();
    let bootTimer: ReturnType<typeof setTimeout> | undefined;
    try {
      await Promise.race([current.ready, new Promise((_, reject) => (bootTimer = setTimeout(() => reject(new Error("it did not start in time")), BOOT_MS)))]);
      return current;
    } catch (error) {
      remove(current, failed(""));
      throw error;
    } finally {
      clearTimeout(bootTimer);
    }
  };

  const runOne = async (request: SandboxRequest): Promise<SandboxOutcome> => {
    let current: Frame;
    try {
      current = await started();
    } catch (error) {
      return failed(`The JavaScript sandbox failed to start: ${errorMessage(error)}`);
    }
    const id = nextId++;
    return new Promise<SandboxOutcome>((resolve) => {
      let backstop: ReturnType<typeof setTimeout> | undefined;
      current.pending.set(id, {
        // Counted from the worker's start of this run: time queued behind another caller's run is not this code's.
        started: () => (backstop = setTimeout(() => remove(current, backstopOutcome(request)), request.timeoutMs + SANDBOX_BACKSTOP_MS)),
        settle: (outcome) => {
          clearTimeout(backstop);
          resolve(outcome);
        },
      });
      current.port.postMessage({ type: "run", id, request });
    });
  };

  return {
    run(request) {
      const start = performance.now();
      return runOne(request).finally(() => performance.measure(SANDBOX_RUN_MEASURE, { start, end: performance.now() }));
    },
    warm: () => open().ready.catch(() => undefined),
    async connect(onLost) {
      const current = await started();
      const channel = new MessageChannel();
      current.lost.add(onLost);
      current.port.postMessage({ type: "connect", port: channel.port2 }, [channel.port2]);
      return { port: channel.port1, generation: current.generation };
    },
    kill(generation) {
      if (frame?.generation === generation) remove(frame, failed("The JavaScript sandbox was shut down: another call's code did not finish in time."));
    },
  };
}
