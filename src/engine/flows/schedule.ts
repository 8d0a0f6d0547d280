/**
 * Running planned actions in dependency order (seed 001): topological order with a clear
 * cycle report, a bounded worker pool that starts an action once its dependencies are
 * done, and a per-action timeout.
 */

export interface Dependent {
  id: string;
  depends_on: readonly string[];
}

/**
 * Orders items so each comes after its dependencies, keeping plan order among equals.
 * Dependencies outside `items` (e.g. results known before) count as done. Returns the
 * cycle (`["a", "b", "a"]`) instead when there is one.
 * @example topologicalOrder([{ id: "b", depends_on: ["a"] }, { id: "a", depends_on: [] }]) // { order: [a, b] }
 */
export function topologicalOrder<T extends Dependent>(items: readonly T[]): { order: T[] } | { cycle: string[] } {
  const byId = new Map(items.map((item) => [item.id, item]));
  const order: T[] = [];
  const placed = new Set<string>();
  const state = new Map<string, "visiting" | "done">();
  const path: string[] = [];
  const visit = (item: T): string[] | null => {
    const mark = state.get(item.id);
    if (mark === "done") return null;
    if (mark === "visiting") return [...path.slice(path.indexOf(item.id)), item.id];
    state.set(item.id, "visiting");
    path.push(item.id);
    for (const dep of item.depends_on) {
      const next = byId.get(dep);
      const cycle = next ? visit(next) : null;
      if (cycle) return cycle;
    }
    path.pop();
    state.set(item.id, "done");
    if (!placed.has(item.id)) {
      placed.add(item.id);
      order.push(item);
    }
    return null;
  };
  for (const item of items) {
    const cycle = visit(item);
    if (cycle) return { cycle };
  }
  return { order };
}

/**
 * Runs items (in topological order) with at most `workers` at once; an item starts as
 * soon as every dependency in `items` has finished. `run` records its own failures; a
 * rejection (cancellation, an interrupt) stops scheduling and rejects.
 * @example await runScheduled(order, 5, async (action) => { results[action.id] = await call(action); });
 */
export function runScheduled<T extends Dependent>(order: readonly T[], workers: number, run: (item: T) => Promise<void>): Promise<void> {
  const inPlan = new Set(order.map((item) => item.id));
  const done = new Set<string>();
  const started = new Set<string>();
  let running = 0;
  let failed = false;
  return new Promise<void>((resolve, reject) => {
    const pump = () => {
      if (failed) return;
      if (done.size === order.length) return resolve();
      for (const item of order) {
        if (running >= workers) break;
        if (started.has(item.id) || !item.depends_on.every((d) => done.has(d) || !inPlan.has(d))) continue;
        started.add(item.id);
        running++;
        run(item).then(
          () => {
            running--;
            done.add(item.id);
            pump();
          },
          (error: unknown) => {
            failed = true;
            reject(error);
          },
        );
      }
    };
    pump();
  });
}

export type Timed<T> = { ok: true; value: T } | { ok: false; timedOut: true };

/**
 * Runs `work` with a deadline. At the deadline the work's signal aborts and the result is
 * `{ ok: false, timedOut: true }` whether or not the work stops. A parent abort aborts too.
 * @example await withTimeout((signal) => fetch(url, { signal }), 30_000)
 */
export function withTimeout<T>(work: (signal: AbortSignal) => Promise<T>, ms: number, parent?: AbortSignal): Promise<Timed<T>> {
  const controller = new AbortController();
  const onParentAbort = () => controller.abort(parent?.reason);
  parent?.addEventListener("abort", onParentAbort, { once: true });
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<Timed<T>>((resolve) => {
    timer = setTimeout(() => {
      controller.abort(new Error(`timed out after ${ms} ms`));
      resolve({ ok: false, timedOut: true });
    }, ms);
  });
  const finished = work(controller.signal).then((value): Timed<T> => ({ ok: true, value }));
  return Promise.race([finished, deadline]).finally(() => {
    clearTimeout(timer);
    parent?.removeEventListener("abort", onParentAbort);
  });
}
