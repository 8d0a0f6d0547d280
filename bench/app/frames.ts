/**
 * In-page frame recording for the UI figures: requestAnimationFrame deltas (how long each frame
 * took to come), React commits per frame (through the DevTools hook React calls on every
 * commit, production builds included) and long tasks. Scripts here run inside the page.
 */
import type { Browser, BrowserContext, BrowserContextOptions, Page } from "@playwright/test";

interface Recorder extends Recording {
  stop: () => void;
}

export interface Recording {
  /** Time between consecutive frames, ms. */
  deltas: number[];
  /**
   * React commits per frame, attributed by the document timeline's time at the commit: it is set
   * when a frame starts and kept until the next, so a commit counts for the frame it was made in
   * (or after, before the next), whatever order the frame's animation-frame callbacks ran in.
   */
  commitsPerFrame: number[];
  /**
   * The same counted by the recorder's own callback: commits since its previous run. A frame whose
   * callbacks ran in another order than the one before reads 2 next to a 0 here, though each frame
   * committed once; kept to show that difference.
   */
  commitsPerFrameByCallbackOrder: number[];
  /** Durations of long tasks (> 50 ms) seen while recording. */
  longTasks: number[];
  /** Per frame, the text length of the last element matching the probe selector (if any). */
  probe: number[];
}

declare global {
  interface Window {
    __benchCommits?: number;
    /** The document timeline's time (the current frame's) at every commit. */
    __benchCommitTimes?: number[];
    __benchRecorder?: Recorder & { frameStarts: number[] };
  }
}

/**
 * Installs a stand-in for React DevTools' global hook before the app loads; React then reports
 * each commit to it. Nothing of the app changes: the hook only counts.
 */
export async function countReactCommits(page: Page): Promise<void> {
  await page.addInitScript(() => {
    window.__benchCommits = 0;
    window.__benchCommitTimes = [];
    const hook = {
      supportsFiber: true,
      isDisabled: false,
      renderers: new Map(),
      inject: () => 1,
      onCommitFiberRoot: () => {
        window.__benchCommits = (window.__benchCommits ?? 0) + 1;
        window.__benchCommitTimes?.push(Number(document.timeline.currentTime ?? -1));
      },
      onCommitFiberUnmount: () => {},
      onPostCommitFiberRoot: () => {},
      setStrictMode: () => {},
      checkDCE: () => {},
    };
    Object.defineProperty(window, "__REACT_DEVTOOLS_GLOBAL_HOOK__", { value: hook, configurable: true });
  });
}

/** Starts recording frames (and commits, long tasks, and the text length of `probe`'s last match) in the page. */
export async function startRecording(page: Page, probe?: string): Promise<void> {
  await page.evaluate((selector) => {
    const recorder: Recorder & { frameStarts: number[] } = {
      deltas: [],
      commitsPerFrame: [],
      commitsPerFrameByCallbackOrder: [],
      longTasks: [],
      probe: [],
      frameStarts: [],
      stop: () => {},
    };
    let running = true;
    let last = -1;
    let commits = window.__benchCommits ?? 0;
    const observer = new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) recorder.longTasks.push(entry.duration);
    });
    observer.observe({ type: "longtask", buffered: false });
    const tick = (time: number) => {
      if (!running) return;
      if (last >= 0) recorder.deltas.push(time - last);
      last = time;
      // The frame's time on the document timeline, which every commit of the frame also reads.
      recorder.frameStarts.push(Number(document.timeline.currentTime ?? -1));
      const now = window.__benchCommits ?? 0;
      recorder.commitsPerFrameByCallbackOrder.push(now - commits);
      commits = now;
      if (selector) {
        const matches = document.querySelectorAll(selector);
        recorder.probe.push(matches[matches.length - 1]?.textContent?.length ?? 0);
      }
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
    recorder.stop = () => {
      running = false;
      observer.disconnect();
    };
    window.__benchRecorder = recorder;
  }, probe);
}

/** Stops recording after two more frames and returns what was recorded. */
export async function stopRecording(page: Page): Promise<Recording> {
  return page.evaluate(async () => {
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const recorder = window.__benchRecorder;
    if (!recorder) throw new Error("BENCH_RECORDER: startRecording was not called");
    recorder.stop();
    // Entry i counts the commits of the frame before tick i, matching the callback-order count's indexing.
    const perFrame = new Map<number, number>();
    for (const t of window.__benchCommitTimes ?? []) perFrame.set(t, (perFrame.get(t) ?? 0) + 1);
    const starts = recorder.frameStarts;
    const commitsPerFrame = starts.map((_, i) => (i === 0 ? 0 : (perFrame.get(starts[i - 1]!) ?? 0)));
    return {
      deltas: recorder.deltas,
      commitsPerFrame,
      commitsPerFrameByCallbackOrder: recorder.commitsPerFrameByCallbackOrder,
      longTasks: recorder.longTasks,
      probe: recorder.probe,
    };
  });
}

/**
 * A fresh browser context (empty profile) for one figure. tsx compiles the functions passed to
 * `page.evaluate` with esbuild's `__name` helper, which the page lacks; a no-op stands in.
 */
export async function newBenchContext(browser: Browser, options: BrowserContextOptions = {}): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 1600, height: 1000 }, ...options });
  await context.addInitScript("globalThis.__name = (target) => target;");
  return context;
}
