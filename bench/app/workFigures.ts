/**
 * Issue 17's UI figures: main-thread work per frame (traced, vsync and frame-rate limit off),
 * the same-run bare React Flow baseline, and the 5,000-node scale figures. They run in their own
 * unthrottled Chromium (`launchUnthrottled`), not in the browser the other UI figures share.
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Browser } from "@playwright/test";
import { measureColdOpen } from "./coldOpen.js";
import { atMost, type Figure } from "./figure.js";
import { bareFlowUrl, serveBareFlow } from "./bareFlowServer.js";
import { measureDragWork, type DragWorkResult } from "./dragWork.js";
import { launchUnthrottled } from "./mainThreadWork.js";
import { measureEach } from "../measureEach.js";
import { measureAutoLayout, measureSelectAllMove, SCALE, SCALE_FIXTURE, type AutoLayoutResult } from "./scale.js";
import type { AppServer } from "./server.js";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
/** The app culls above 200 nodes (src/app/canvas/Canvas.tsx); the bare page does the same at the same size. */
const APP_CULLS_ABOVE = 200;
const GRID_300 = { nodes: 300, edges: 400 };

const MEASURE_WORK =
  "main-thread work per frame while dragging a node: the CPU time of the renderer main thread's top-level tasks (input, script, style, layout, paint, commit) summed per frame from a Chrome trace, vsync and frame-rate limit off; p95 over 3 drags of 120 moves (wall_* = the same tasks' wall-clock time)";

/** The app's 300-node drag with the run overlay on, as drag_frame_p95_300_nodes measures it. */
function appDrag300(browser: Browser, server: AppServer): Promise<DragWorkResult> {
  return measureDragWork(browser, `${server.url}?fixture=grid-${GRID_300.nodes}&run`, GRID_300.nodes, {
    ready: (page) => page.locator(".react-flow__node [data-status]").first().waitFor({ timeout: 60_000 }),
  });
}

/** The same drag on bare React Flow: default nodes, the same grid, the app's canvas size and viewport. */
async function bareDrag300(browser: Browser, app: DragWorkResult): Promise<DragWorkResult> {
  const bare = await serveBareFlow(root);
  try {
    const url = bareFlowUrl(bare.url, GRID_300.nodes, GRID_300.edges, app.view, GRID_300.nodes > APP_CULLS_ABOVE);
    return await measureDragWork(browser, url, GRID_300.nodes);
  } finally {
    await bare.close();
  }
}

const drag300Figure = (app: DragWorkResult): Figure => atMost(app.work_p95_ms, 6, "ms", { measure: MEASURE_WORK, drag: app });
const ratioFigure = (app: DragWorkResult, bare: DragWorkResult): Figure =>
  atMost(app.work_p95_ms / bare.work_p95_ms, 1.5, "ratio", {
    measure:
      "drag work p95, Graphwright (300 nodes, 400 edges, run overlay on) ÷ bare @xyflow/react (default nodes, same grid, canvas size, viewport and culling), same run",
    app_p95_ms: app.work_p95_ms,
    bare_p95_ms: bare.work_p95_ms,
    app,
    bare,
  });

async function coldOpen5000(browser: Browser, server: AppServer): Promise<Figure> {
  const cold = await measureColdOpen(browser, server.url, SCALE.nodes, 3, SCALE.edges);
  return atMost(cold.median_ms, 1500, "ms", {
    measure: "navigation start → the graph's nodes in view drawn, stored in IndexedDB by the app's Import; median of 3 reloads",
    ...cold,
  });
}

async function drag5000(browser: Browser, server: AppServer): Promise<Figure> {
  const drag = await measureDragWork(browser, `${server.url}?fixture=${SCALE_FIXTURE}&run`, SCALE.nodes, {
    ready: (page) => page.locator(".react-flow__node [data-status]").first().waitFor({ timeout: 60_000 }),
  });
  return atMost(drag.work_p95_ms, 12, "ms", { measure: MEASURE_WORK.replace("a node", "a node of 5,000 (7,000 edges, run overlay on)"), drag });
}

async function selectAllMove5000(browser: Browser, server: AppServer): Promise<Figure> {
  const move = await measureSelectAllMove(browser, server.url);
  return {
    value: move.work_p95_ms,
    unit: "ms",
    target: "reported",
    pass: true,
    measure:
      "Ctrl+A, then main-thread work per frame while dragging one node, which moves all 5,000 selected (3 drags of 40 moves); select_all_ms is Ctrl+A until every drawn node shows selected",
    ...move,
  };
}

const layoutFigures = (layout: AutoLayoutResult): { time: Figure; longest: Figure } => ({
  time: atMost(layout.layout_ms, 3000, "ms", {
    measure: "Auto layout click → positions applied (button no longer busy), 5,000 nodes / 7,000 edges",
    ...layout,
  }),
  longest: atMost(layout.longest_task_ms, 50, "ms", {
    measure: "the longest main-thread task from the Auto layout click until the positions are applied (elkjs runs in a worker)",
    cpu_ms: layout.longest_task_cpu_ms,
    busy_ms: layout.busy_ms,
  }),
});

/** With the unthrottled browser, runs `scenario` against `server`. */
async function unthrottled<T>(scenario: (browser: Browser) => Promise<T>): Promise<T> {
  const browser = await launchUnthrottled();
  try {
    return await scenario(browser);
  } finally {
    await browser.close();
  }
}

/** Each figure alone (`npm run bench -- --only=<name>`); the browser passed in is not used. */
export const WORK_SCENARIOS: Record<string, (browser: Browser, server: AppServer) => Promise<Figure>> = {
  drag_work_p95_300_nodes_ms: (_, server) => unthrottled(async (browser) => drag300Figure(await appDrag300(browser, server))),
  drag_work_ratio_vs_bare_react_flow: (_, server) =>
    unthrottled(async (browser) => {
      const app = await appDrag300(browser, server);
      return ratioFigure(app, await bareDrag300(browser, app));
    }),
  cold_open_5000_nodes_ms: (_, server) => unthrottled((browser) => coldOpen5000(browser, server)),
  drag_work_p95_5000_nodes_ms: (_, server) => unthrottled((browser) => drag5000(browser, server)),
  select_all_move_5000_nodes_ms: (_, server) => unthrottled((browser) => selectAllMove5000(browser, server)),
  auto_layout_5000_nodes_ms: (_, server) => unthrottled(async (browser) => layoutFigures(await measureAutoLayout(browser, server.url)).time),
  auto_layout_longest_main_task_ms: (_, server) => unthrottled(async (browser) => layoutFigures(await measureAutoLayout(browser, server.url)).longest),
};

/** Every figure above in one unthrottled browser, each scenario run once; one that throws is recorded as failed. */
export async function measureWorkFigures(server: AppServer, log: (line: string) => void): Promise<Record<string, Figure>> {
  const figures = ["drag_work_p95_300_nodes_ms", "drag_work_ratio_vs_bare_react_flow", ...SCALE_FIGURES];
  // The browser's own launch can fail too: then every figure here is failed, and the run goes on.
  return measureEach(
    [
      {
        figures,
        measure: () =>
          unthrottled((browser) =>
            measureEach(
              [
                {
                  label: "  (k) main-thread work per frame: drag at 300 nodes, on the app and on bare React Flow…",
                  figures: ["drag_work_p95_300_nodes_ms", "drag_work_ratio_vs_bare_react_flow"],
                  measure: async () => {
                    const app = await appDrag300(browser, server);
                    return {
                      drag_work_p95_300_nodes_ms: drag300Figure(app),
                      drag_work_ratio_vs_bare_react_flow: ratioFigure(app, await bareDrag300(browser, app)),
                    };
                  },
                },
                {
                  label: "  (l) 5,000 nodes / 7,000 edges: cold open, drag, select all + move, auto layout…",
                  figures: ["cold_open_5000_nodes_ms"],
                  measure: async () => ({ cold_open_5000_nodes_ms: await coldOpen5000(browser, server) }),
                },
                { figures: ["drag_work_p95_5000_nodes_ms"], measure: async () => ({ drag_work_p95_5000_nodes_ms: await drag5000(browser, server) }) },
                {
                  figures: ["select_all_move_5000_nodes_ms"],
                  measure: async () => ({ select_all_move_5000_nodes_ms: await selectAllMove5000(browser, server) }),
                },
                {
                  figures: ["auto_layout_5000_nodes_ms", "auto_layout_longest_main_task_ms"],
                  measure: async () => {
                    const layout = layoutFigures(await measureAutoLayout(browser, server.url));
                    return { auto_layout_5000_nodes_ms: layout.time, auto_layout_longest_main_task_ms: layout.longest };
                  },
                },
              ],
              log,
            ),
          ),
      },
    ],
    log,
  );
}

const SCALE_FIGURES = [
  "cold_open_5000_nodes_ms",
  "drag_work_p95_5000_nodes_ms",
  "select_all_move_5000_nodes_ms",
  "auto_layout_5000_nodes_ms",
  "auto_layout_longest_main_task_ms",
];
