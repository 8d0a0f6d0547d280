/**
 * The engine worker's watchdog, on the main thread. A worker stuck in a synchronous loop (a
 * pattern, a tool, a node) cannot see an abort signal or a message, so Stop alone could
 * never end its run. The watchdog decides when the worker is hung; the engine client then
 * terminates and replaces it. Hung means: a Stop not acknowledged (`stopped`) within 1 s, a
 * stopped run that still has not ended a few seconds later, or, while work is in flight, no
 * message at all (heartbeats are answered by `pong`) for 10 s.
 */

/** Why the worker was judged hung; the engine client words its messages from it. */
export type HangReason =
  | { kind: "stop_unacknowledged"; runId: string; waitedMs: number }
  | { kind: "stop_unfinished"; runId: string; waitedMs: number }
  | { kind: "unresponsive"; silentMs: number };

export interface WatchdogTimings {
  /** How long a Stop may go unacknowledged. */
  stopAckMs: number;
  /** How long an acknowledged Stop may take to end its run. */
  stopEndMs: number;
  /** Heartbeat interval while work is in flight. */
  pingMs: number;
  /** Silence (no message of any kind) after which a busy worker is hung. */
  stallMs: number;
}

export const WATCHDOG_TIMINGS: WatchdogTimings = { stopAckMs: 1_000, stopEndMs: 5_000, pingMs: 1_000, stallMs: 10_000 };

export interface EngineWatchdog {
  /** The worker said something: it is alive. */
  heard(): void;
  /** Work is (or is no longer) in flight: heartbeats run only while it is. */
  busy(active: boolean): void;
  /** The app asked the worker to stop this run. */
  stopping(runId: string): void;
  /** The worker acknowledged the stop of this run. */
  acknowledged(runId: string): void;
  /** This run ended (done or failed). */
  ended(runId: string): void;
  /** Forget every deadline (the worker was replaced). */
  reset(): void;
}

export interface WatchdogOptions {
  timings?: Partial<WatchdogTimings>;
  /** Posts a heartbeat to the worker. */
  ping(seq: number): void;
  /** The worker is hung; called once per hang, after every deadline was cleared. */
  onHang(reason: HangReason): void;
  now?: () => number;
}

/**
 * Why the runs on a terminated worker ended: the stopped ones, and the others cut off with them.
 * @example hangTexts({ kind: "stop_unacknowledged", runId, waitedMs: 1000 }).stopped // "Stopped. The engine did not answer Stop within 1 s (…), so it was restarted."
 */
export function hangTexts(reason: HangReason): { stopped: string; cutOff: string } {
  const busy = "something in a run (a pattern, a tool or a node) kept the engine busy";
  const why =
    reason.kind === "unresponsive"
      ? `The engine did not respond for ${Math.round(reason.silentMs / 1000)} s (${busy}), so it was restarted`
      : `The engine did not ${reason.kind === "stop_unacknowledged" ? "answer" : "finish"} Stop within ${reason.waitedMs / 1000} s (${busy}), so it was restarted`;
  return { stopped: `Stopped. ${why}.`, cutOff: `${why}; this run was cut off with it. Send your message again.` };
}

type Handle = ReturnType<typeof setTimeout>;

/**
 * @example
 * const watchdog = createEngineWatchdog({ ping: (seq) => worker.postMessage({ type: "ping", seq }), onHang: restartWorker });
 * watchdog.stopping(runId); // no `stopped` within 1 s → onHang({ kind: "stop_unacknowledged", runId, waitedMs: 1000 })
 */
export function createEngineWatchdog(options: WatchdogOptions): EngineWatchdog {
  const timings = { ...WATCHDOG_TIMINGS, ...options.timings };
  const now = options.now ?? (() => Date.now());
  const stops = new Map<string, { handle: Handle; acknowledged: boolean }>();
  let pinger: ReturnType<typeof setInterval> | null = null;
  // Null until the worker first speaks: loading its chunk may take a while and is not a hang.
  let lastHeard: number | null = null;
  let seq = 0;

  const reset = () => {
    for (const { handle } of stops.values()) clearTimeout(handle);
    stops.clear();
    if (pinger !== null) clearInterval(pinger);
    pinger = null;
    lastHeard = null;
  };
  const hang = (reason: HangReason) => {
    reset();
    options.onHang(reason);
  };
  const beat = () => {
    const silentMs = lastHeard === null ? 0 : now() - lastHeard;
    if (silentMs >= timings.stallMs) hang({ kind: "unresponsive", silentMs });
    else options.ping(seq++);
  };

  return {
    heard() {
      lastHeard = now();
    },
    busy(active) {
      if (active && pinger === null) {
        if (lastHeard !== null) lastHeard = now();
        pinger = setInterval(beat, timings.pingMs);
      } else if (!active && pinger !== null) {
        clearInterval(pinger);
        pinger = null;
      }
    },
    stopping(runId) {
      if (stops.has(runId)) return;
      const handle = setTimeout(() => hang({ kind: "stop_unacknowledged", runId, waitedMs: timings.stopAckMs }), timings.stopAckMs);
      stops.set(runId, { handle, acknowledged: false });
    },
    acknowledged(runId) {
      const stop = stops.get(runId);
      if (!stop || stop.acknowledged) return;
      clearTimeout(stop.handle);
      const handle = setTimeout(() => hang({ kind: "stop_unfinished", runId, waitedMs: timings.stopEndMs }), timings.stopEndMs);
      stops.set(runId, { handle, acknowledged: true });
    },
    ended(runId) {
      const stop = stops.get(runId);
      if (stop) clearTimeout(stop.handle);
      stops.delete(runId);
    },
    reset,
  };
}
