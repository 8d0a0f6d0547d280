/**
 * Figure (e): a reply streaming at 200 tokens a second into the Playground. Per frame, how many
 * times React committed (the app batches tokens once per animation frame, so at most one), and
 * whether any task blocked the main thread for more than 50 ms.
 */
import type { Browser } from "@playwright/test";
import { percentile } from "./figure.js";
import { countReactCommits, newBenchContext, startRecording, stopRecording } from "./frames.js";

const TOKENS_PER_SECOND = 200;
const WORDS = 800;

/** A one-agent graph whose scripted reply is `WORDS` word tokens at `TOKENS_PER_SECOND`. */
function streamingGraph(): string {
  const reply = Array.from({ length: WORDS }, (_, i) => (i % 40 === 39 ? "tokens.\n\n" : `word${i % 97}`)).join(" ");
  return JSON.stringify({
    version: 1,
    meta: { id: "bench-streaming", name: "Streaming bench", tags: [] },
    models: [{ id: "scripted", provider: "scripted", model: "scripted" }],
    nodes: [
      { id: "start", kind: "start", position: { x: 0, y: 0 }, data: { name: "Start" } },
      {
        id: "agent",
        kind: "agent",
        position: { x: 220, y: 0 },
        data: { name: "Streamer", model: "scripted", script: { rules: [], fallback: reply, tokens_per_second: TOKENS_PER_SECOND } },
      },
      { id: "end", kind: "end", position: { x: 440, y: 0 }, data: { name: "End" } },
    ],
    edges: [
      { id: "e1", kind: "flow", source: "start", target: "agent" },
      { id: "e2", kind: "flow", source: "agent", target: "end" },
    ],
  });
}

export interface StreamingResult {
  /** The Streamer node showed `running` in the run overlay while its reply streamed. */
  overlay_running_during_stream: boolean;
  /** Its run status once the run ended (`ok`). */
  overlay_status_after: string | null;
  tokens_per_second_target: number;
  /** Tokens actually streamed per second (reply words over the frames they arrived in). */
  tokens_per_second_measured: number;
  streaming_frames: number;
  /** Max commits in a frame between the stream's first and last frame. */
  commits_per_frame_max: number;
  /** The same over every streaming frame, the first (reply appears) and last (run ends) included. */
  commits_per_frame_max_including_start_end: number;
  commits_per_frame_p95: number;
  frames_with_more_than_one_commit: number;
  /** Where in the stream (frame index from its first token) frames had more than one commit. */
  frames_with_more_than_one_commit_at: number[];
  /** The same frames counted by the recorder's callback order (see `Recording`), for comparison. */
  by_callback_order: { commits_per_frame_max: number; frames_with_more_than_one_commit_at: number[]; frames_with_no_commit_at: number[] };
  long_tasks: number;
  long_task_max_ms: number;
}

export async function measureStreaming(browser: Browser, url: string): Promise<StreamingResult> {
  const context = await newBenchContext(browser);
  try {
    const page = await context.newPage();
    await countReactCommits(page);
    await page.goto(url);
    await page.getByRole("heading", { level: 1, name: "Graphwright" }).waitFor();
    await page.getByLabel("Import graph file").setInputFiles({ name: "streaming.json", mimeType: "application/json", buffer: Buffer.from(streamingGraph()) });
    const playground = page.getByRole("region", { name: "Playground", exact: true });
    const status = playground.getByRole("status");
    await page.locator('[aria-label="Streamer"]').first().waitFor();
    // A warm-up run compiles the graph and starts the worker, so the measured run is the stream alone.
    const message = playground.getByRole("textbox", { name: "Message", exact: true });
    await message.fill("warm up");
    await message.press("Enter");
    await status.filter({ hasText: /^Idle$/ }).waitFor({ timeout: 60_000 });

    await startRecording(page, "article");
    await message.fill("stream please");
    await message.press("Enter");
    await status.filter({ hasText: /^Running$/ }).waitFor({ timeout: 30_000 });
    // The canvas's run overlay follows the stream: the agent is marked running while it replies.
    const overlayRunning = await page
      .locator('.react-flow__node[aria-label="Streamer"] [data-status="running"]')
      .waitFor({ timeout: 30_000 })
      .then(() => true)
      .catch(() => false);
    await status
      .filter({ hasText: /^Idle$/ })
      .waitFor({ timeout: 120_000 })
      .catch(async (error: unknown) => {
        // Say what the page showed instead of Idle, so a stuck run can be told from a failed one.
        const shown = await status.textContent().catch(() => null);
        const replies = await playground.getByRole("article").count();
        throw new Error(`BENCH_STREAM: the status read ${JSON.stringify(shown)} 120 s after the stream started (${replies} messages shown): ${String(error)}`);
      });
    const recording = await stopRecording(page);
    const overlayAfter = await page.locator('.react-flow__node[aria-label="Streamer"] [data-status]').getAttribute("data-status");

    // Streaming frames: from the first frame the reply grew to the last.
    const grew = recording.probe.map((length, i) => i > 0 && length > recording.probe[i - 1]!);
    const first = grew.indexOf(true);
    const last = grew.lastIndexOf(true);
    const commits = first < 0 ? [] : recording.commitsPerFrame.slice(first, last + 1);
    // The first and last streaming frames also carry the run's own changes (the reply appears, the
    // run ends); the frames between them are the token stream proper.
    const inner = commits.slice(1, -1);
    const byOrder = first < 0 ? [] : recording.commitsPerFrameByCallbackOrder.slice(first, last + 1);
    const seconds = first < 0 ? 0 : recording.deltas.slice(first - 1, last).reduce((sum, d) => sum + d, 0) / 1000;
    return {
      overlay_running_during_stream: overlayRunning,
      overlay_status_after: overlayAfter,
      tokens_per_second_target: TOKENS_PER_SECOND,
      tokens_per_second_measured: seconds > 0 ? Math.round(WORDS / seconds) : 0,
      streaming_frames: commits.length,
      commits_per_frame_max: Math.max(0, ...inner),
      commits_per_frame_max_including_start_end: Math.max(0, ...commits),
      commits_per_frame_p95: percentile(commits, 95),
      frames_with_more_than_one_commit: commits.filter((c) => c > 1).length,
      frames_with_more_than_one_commit_at: commits.flatMap((c, i) => (c > 1 ? [i] : [])),
      by_callback_order: {
        commits_per_frame_max: Math.max(0, ...byOrder.slice(1, -1)),
        frames_with_more_than_one_commit_at: byOrder.flatMap((c, i) => (c > 1 ? [i] : [])),
        frames_with_no_commit_at: byOrder.flatMap((c, i) => (c === 0 ? [i] : [])),
      },
      long_tasks: recording.longTasks.length,
      long_task_max_ms: Math.round(Math.max(0, ...recording.longTasks)),
    };
  } finally {
    await context.close();
  }
}
