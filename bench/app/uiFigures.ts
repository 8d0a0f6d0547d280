/**
 * The UI figures of `npm run bench` (issue 4, item 8), measured on the real app's production
 * build in headless Chromium: each with its target and whether it met it.
 */
import type { Browser } from "@playwright/test";
import { measureColdOpen } from "./coldOpen.js";
import { measureDrag, type DragResult } from "./drag.js";
import { evaluationFigure, evaluationFigures, measureEvaluation } from "./evaluation.js";
import { atMost, round, type Figure } from "./figure.js";
import { measureInitialJs, type InitialJsResult } from "./initialJs.js";
import { javascriptToolFigures } from "./javascriptTools.js";
import { mcpRoundTripFigure } from "./mcpRoundTrip.js";
import { markdown1mbFigure, markdown300kbFigure } from "./markdownStream.js";
import { measureReloadSoak, reloadSoakFigure, soakOptions } from "./reloadSoak.js";
import type { AppServer } from "./server.js";
import { measureStopWhenStuck } from "./stopWhenStuck.js";
import { measureStreaming, type StreamingResult } from "./streaming.js";
import { TEAM_SOAK_SCENARIOS } from "./teamReloadSoak.js";
import { measureTimelineScroll } from "./timelineScroll.js";
import { measureWorkFigures, WORK_SCENARIOS } from "./workFigures.js";
import { isFailed, measureEach, type Scenario } from "../measureEach.js";

export type UiFigures = Record<string, Figure>;

type Log = (line: string) => void;

/** Figures that can also run alone (`npm run bench -- --only=<name>`), by name. */
export const UI_SCENARIOS: Record<string, (browser: Browser, server: AppServer) => Promise<Figure>> = {
  // A markdown-heavy reply streamed from a local OpenAI-protocol server in 600 chunks.
  markdown_stream_300kb: (browser, server) => markdown300kbFigure(browser, server.url),
  markdown_stream_1mb: (browser, server) => markdown1mbFigure(browser, server.url),
  stop_when_stuck: async (browser, server) => {
    const stop = await measureStopWhenStuck(browser, server.url);
    return atMost(stop.max_ms / 1000, 1.5, "s", { measure: "Stop click → status no longer Running, worker stuck in a loop; max of samples", ...stop });
  },
  // Reloads at random moments during runs; `--reloads=N` for a shorter soak, `--seed=` to replay one.
  reload_soak: async (browser, server) => {
    const options = soakOptions();
    const soak = await measureReloadSoak(browser, server.url, options, (line) => process.stdout.write(`${line}\n`));
    return reloadSoakFigure(soak, options.reloads);
  },
  // Tools (issue 13): an MCP call's overhead over loopback (in Node), JavaScript tool calls in the page's sandbox.
  mcp_round_trip: () => mcpRoundTripFigure(),
  javascript_tool_first_call: async (browser, server) => (await javascriptToolFigures(browser, server.url)).first,
  javascript_tool_warm_call: async (browser, server) => (await javascriptToolFigures(browser, server.url)).warm,
  // Drag and streaming with the canvas's run overlay on (issue 15): `--only=drag_frame_p95_300_nodes`, …
  drag_frame_p95_300_nodes: async (browser, server) => dragFigure(await measureDrag(browser, server.url, 300)),
  drag_p95_ratio_1000_vs_100: async (browser, server) =>
    dragRatioFigure(await measureDrag(browser, server.url, 100), await measureDrag(browser, server.url, 1000)),
  // The first load's JavaScript, gzipped (`--only=initial_js_gzip`).
  initial_js_gzip: async (browser, server) => initialJsFigure(await measureInitialJs(browser, server.url, server.outDir)),
  streaming_commits_per_frame: async (browser, server) => streamingFigures(await measureStreaming(browser, server.url)).commits,
  streaming_long_tasks: async (browser, server) => streamingFigures(await measureStreaming(browser, server.url)).longTasks,
  // Main-thread work per frame, the bare React Flow baseline and 5,000 nodes (issue 17), in their own unthrottled browser.
  ...WORK_SCENARIOS,
  // Reloads during MainAgent runs with background tasks (issue 26): `--only=team_reload_soak --reloads=N`.
  ...TEAM_SOAK_SCENARIOS,
  // Evaluate (issue 28): 200 cases × 2 variants on the scripted model, time and longest main-thread task in one figure.
  evaluation_200x2: (browser, server) => evaluationFigure(browser, server.url),
};

const dragFigure = (drag300: DragResult): Figure => atMost(drag300.p95_ms, 17, "ms", { drag: drag300 });
const dragRatioFigure = (drag100: DragResult, drag1000: DragResult): Figure =>
  atMost(drag1000.p95_ms / drag100.p95_ms, 1.5, "ratio", { p95_100_ms: drag100.p95_ms, p95_1000_ms: drag1000.p95_ms, drag_100: drag100, drag_1000: drag1000 });
const streamingFigures = (stream: StreamingResult): { commits: Figure; longTasks: Figure } => ({
  commits: atMost(stream.commits_per_frame_max, 1, "commits/frame (max between the stream's first and last frame)", { ...stream }),
  longTasks: atMost(stream.long_tasks, 0, "tasks > 50 ms", { long_task_max_ms: stream.long_task_max_ms }),
});

/** Every UI figure, one scenario after another; a scenario that throws is recorded as failed and the rest still run. */
export async function measureUiFigures(browser: Browser, server: AppServer, log: Log): Promise<UiFigures> {
  return {
    ...(await measureEach(
      [
        {
          label: "  (d) initial JS of the production build…",
          figures: ["initial_js_gzip"],
          measure: async () => ({ initial_js_gzip: initialJsFigure(await measureInitialJs(browser, server.url, server.outDir)) }),
        },
        {
          label: "  (a, b) drag frames at 100, 300 and 1,000 nodes…",
          figures: ["drag_frame_p95_300_nodes", "drag_p95_ratio_1000_vs_100"],
          measure: async () => {
            const drag100 = await measureDrag(browser, server.url, 100);
            const drag300 = await measureDrag(browser, server.url, 300);
            const drag1000 = await measureDrag(browser, server.url, 1000);
            return { drag_frame_p95_300_nodes: dragFigure(drag300), drag_p95_ratio_1000_vs_100: dragRatioFigure(drag100, drag1000) };
          },
        },
        {
          label: "  (c) cold open of 500 nodes from IndexedDB…",
          figures: ["cold_open_500_nodes"],
          measure: async () => {
            const cold = await measureColdOpen(browser, server.url, 500);
            return {
              cold_open_500_nodes: atMost(cold.median_ms / 1000, 1.5, "s", { measure: "navigation start → all 500 nodes shown, median of 3 reloads", ...cold }),
            };
          },
        },
        {
          label: "  (e) streaming at 200 tok/s…",
          figures: ["streaming_commits_per_frame", "streaming_long_tasks"],
          measure: async () => {
            const stream = streamingFigures(await measureStreaming(browser, server.url));
            return { streaming_commits_per_frame: stream.commits, streaming_long_tasks: stream.longTasks };
          },
        },
        {
          label: "  (f) timeline scroll through 100k events…",
          figures: ["timeline_scroll_frame_p95_100k"],
          measure: async () => {
            const timeline = await measureTimelineScroll(browser, server.url, 100_000);
            return {
              timeline_scroll_frame_p95_100k: atMost(timeline.p95_ms, 17, "ms", {
                target_note: "no budget in the issue; 60 fps like the drag budget",
                ...timeline,
              }),
            };
          },
        },
        alone("stop_when_stuck", "  (g) Stop with the engine worker stuck in a loop…"),
        alone("markdown_stream_300kb", "  (h) markdown replies of 300 KB and 1 MB streamed in 600 chunks…"),
        alone("markdown_stream_1mb"),
        alone("reload_soak", "  (i) reload soak: reloads at random moments during runs…"),
        alone("team_reload_soak", "  (i2) team reload soak: reloads during MainAgent runs with background tasks…"),
        {
          label: "  (k) evaluation of 200 cases × 2 variants…",
          figures: ["evaluation_200x2_s", "evaluation_longest_main_task_ms"],
          measure: async () => {
            const { time, longestTask } = evaluationFigures(await measureEvaluation(browser, server.url));
            return { evaluation_200x2_s: time, evaluation_longest_main_task_ms: longestTask };
          },
        },
        {
          label: "  (j) tools: MCP round trip over loopback, JavaScript tool calls in the sandbox…",
          figures: ["mcp_round_trip"],
          measure: async () => ({ mcp_round_trip: await mcpRoundTripFigure() }),
        },
        {
          figures: ["javascript_tool_first_call", "javascript_tool_warm_call"],
          measure: async () => {
            const javascriptTools = await javascriptToolFigures(browser, server.url);
            return { javascript_tool_first_call: javascriptTools.first, javascript_tool_warm_call: javascriptTools.warm };
          },
        },
      ],
      log,
    )),
    ...(await measureWorkFigures(server, log)),
  };

  function alone(name: keyof typeof UI_SCENARIOS & string, label?: string): Scenario {
    return { ...(label ? { label } : {}), figures: [name], measure: async () => ({ [name]: await UI_SCENARIOS[name]!(browser, server) }) };
  }
}

const initialJsFigure = (js: InitialJsResult): Figure =>
  engineLazy(
    atMost(js.initial_gzip_kib, 350, "KiB", {
      measure: "JS requested until the shell and canvas rendered, gzipped at zlib's default level",
      files: js.initial,
      sources_kib: js.initial_sources_kib,
      later: js.later,
    }),
    js.engine_in_initial,
  );

/** The budget also requires the engine to load lazily: engine packages in the first load are a miss. */
function engineLazy(figure: Figure, engineInInitial: string[]): Figure {
  return { ...figure, target: `${figure.target}, engine lazy-loaded`, pass: figure.pass && engineInInitial.length === 0, engine_in_initial: engineInInitial };
}

/** One line per figure: name, value, target, PASS or MISS; FAIL and the error for a scenario that threw. */
export function summarize(figures: UiFigures): string {
  return Object.entries(figures)
    .map(([name, f]) =>
      isFailed(f)
        ? `  FAIL  ${name.padEnd(34)} ${f.error.split("\n")[0] ?? ""}`
        : `  ${f.pass ? "PASS" : "MISS"}  ${name.padEnd(34)} ${String(round(f.value)).padStart(8)} ${f.unit}  (target ${f.target})`,
    )
    .join("\n");
}
