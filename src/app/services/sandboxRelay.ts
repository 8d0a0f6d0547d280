/**
 * The page's side of the JavaScript tool sandbox: the engine worker cannot create the sandboxed
 * frame, so the page hands it a port straight to the frame's worker (`sandbox_connect` →
 * `sandbox_port`) and removes the frame when the worker reports a run stuck past its backstop.
 * The frame (and QuickJS with it) loads when the open graph has a JavaScript tool (`warmFrame`,
 * at idle) or on the first call, never for graphs without one.
 */
import type {
  SandboxConnectMessage,
  SandboxLostMessage,
  SandboxOutcome,
  SandboxPort,
  SandboxPortMessage,
  SandboxRequest,
  SandboxStuckMessage,
} from "../../worker/protocol";
import type { FrameSandbox, SandboxConnection } from "./frameSandbox";
import { errorMessage } from "../../schema/errorMessage.js";

export type RunSandboxed = (request: SandboxRequest) => Promise<SandboxOutcome>;

/** What the engine client needs of the page's sandbox. */
export type SandboxHost = Pick<FrameSandbox, "connect" | "kill">;

let frameSandbox: Promise<FrameSandbox> | undefined;
const sandbox = () => (frameSandbox ??= import("./frameSandbox").then(({ createFrameSandbox }) => createFrameSandbox()));

/** Runs the code in the page's sandboxed frame (the tool form's Test button). */
export const runInFrame: RunSandboxed = (request) => sandbox().then((frame) => frame.run(request));

/** The page's frame sandbox, loaded on first use, as the engine client uses it. */
export const frameHost: SandboxHost = {
  connect: (onLost) => sandbox().then((frame) => frame.connect(onLost)),
  kill: (generation) => void sandbox().then((frame) => frame.kill(generation)),
};

/** Starts the frame and QuickJS now, so the first JavaScript tool call does not wait for them. */
export function warmFrame(): Promise<void> {
  return sandbox().then((frame) => frame.warm());
}

/** The engine worker as the bridge posts to it. */
export interface SandboxPeer {
  postMessage(message: SandboxPortMessage | SandboxLostMessage, transfer?: Transferable[]): void;
}

/**
 * The engine client's side: answers a worker's `sandbox_connect` with a port straight to the
 * sandbox worker (transferred) or with why the sandbox could not start, so a tool call never
 * hangs; tells the worker when that frame is removed; removes the frame a worker reports stuck;
 * and removes the frames a terminated worker held ports to, since a run of its may be stuck in
 * native code with no one left to stop it.
 * @example
 * const bridge = createSandboxBridge(frameHost);
 * bridge.connect(message, worker); bridge.stuck(message, worker); bridge.forget(worker);
 */
export function createSandboxBridge(host: SandboxHost) {
  const handed = new Map<SandboxPeer, Set<number>>();
  return {
    connect(message: SandboxConnectMessage, peer: SandboxPeer): void {
      let generation = -1;
      host
        .connect(() => {
          handed.get(peer)?.delete(generation);
          peer.postMessage({ type: "sandbox_lost", generation });
        })
        .then(
          (connection: SandboxConnection) => {
            generation = connection.generation;
            handed.set(peer, (handed.get(peer) ?? new Set()).add(generation));
            // The engine's typing of a port (no DOM types in the worker's protocol) for the DOM's.
            const port = connection.port as unknown as SandboxPort;
            peer.postMessage({ type: "sandbox_port", requestId: message.requestId, port, generation }, [connection.port]);
          },
          (error: unknown) => peer.postMessage({ type: "sandbox_port", requestId: message.requestId, error: errorMessage(error) }),
        );
    },
    stuck(message: SandboxStuckMessage): void {
      host.kill(message.generation);
    },
    forget(peer: SandboxPeer): void {
      for (const generation of handed.get(peer) ?? []) host.kill(generation);
      handed.delete(peer);
    },
  };
}
