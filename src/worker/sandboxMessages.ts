/**
 * The messages between the engine worker and the page about JavaScript tools' sandbox. A worker
 * cannot create the sandboxed frame the code runs in, so it asks the page once for a port
 * straight to the frame's worker (`sandbox_connect` → `sandbox_port`); runs then go engine ⇄
 * sandbox worker without the page. A run that outlives its backstop asks the page to remove the
 * frame (`sandbox_stuck`); the page says when a frame whose port the engine holds is gone (`sandbox_lost`).
 */
import type { FromSandboxPort, ToSandboxPort } from "../tools/sandbox/types.js";

/** A port to the sandbox worker, as the engine worker uses it (checked without DOM types). */
export interface SandboxPort {
  postMessage(message: ToSandboxPort): void;
  onmessage: ((event: { data: FromSandboxPort }) => void) | null;
  close(): void;
}

/** The engine asks the page for a port to its sandbox (starting the frame if needed). */
export interface SandboxConnectMessage {
  type: "sandbox_connect";
  requestId: string;
}

/** The page's answer: a port to the frame's worker and the frame's generation, or why the sandbox could not start. */
export type SandboxPortMessage = { type: "sandbox_port"; requestId: string } & ({ port: SandboxPort; generation: number } | { error: string });

/** A run on the frame of `generation` outlived its deadline and backstop: the page removes that frame. */
export interface SandboxStuckMessage {
  type: "sandbox_stuck";
  generation: number;
}

/** The frame of `generation` was removed: runs waiting on its port will get no answer. */
export interface SandboxLostMessage {
  type: "sandbox_lost";
  generation: number;
}
