import { expect, it } from "vitest";
import { workPerFrame } from "./mainThreadWork.js";

const MAIN = { pid: 1, tid: 2 };
const meta = { name: "thread_name", ph: "M", ...MAIN, ts: 0, args: { name: "CrRendererMain" } };
const frame = (ts: number) => ({ name: "BeginMainThreadFrame", ph: "I", ...MAIN, ts });
const task = (ts: number, durMs: number, cpuMs: number) => ({
  name: "ThreadControllerImpl::RunTask",
  ph: "X",
  ...MAIN,
  ts,
  dur: durMs * 1000,
  tdur: cpuMs * 1000,
});

it("reports the longest task's wall-clock time and the main thread's CPU time in that same task", () => {
  // The second task is the longest by the clock; the first used more CPU in a shorter one.
  const work = workPerFrame([meta, frame(0), task(1_000, 40, 39), frame(50_000), task(60_000, 72, 48), frame(140_000)]);
  expect(work.longest_task_ms).toBe(72);
  expect(work.longest_task_cpu_ms).toBe(48);
});

it("reports no longest task when the span ran none", () => {
  const work = workPerFrame([meta, frame(0), frame(16_000)]);
  expect(work.longest_task_ms).toBe(0);
  expect(work.longest_task_cpu_ms).toBe(0);
});
