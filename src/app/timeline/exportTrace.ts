/** The trace file: a thread's events as JSON, with enough context to read it later. */
import type { RunEvent } from "../../engine/index.js";
import { fileNameFor } from "../io/fileName";

export const TRACE_FORMAT = "graphwright-trace";
export const TRACE_VERSION = 1;

export interface TraceFile {
  format: typeof TRACE_FORMAT;
  version: typeof TRACE_VERSION;
  exported: string;
  graph_id: string | null;
  thread: { id: string; title: string } | null;
  events: RunEvent[];
}

/**
 * @example traceFile(events, { id: "t1", title: "Weather" }, "g1", new Date())
 */
export function traceFile(events: readonly RunEvent[], thread: TraceFile["thread"], graphId: string | null, exported: Date): TraceFile {
  return { format: TRACE_FORMAT, version: TRACE_VERSION, exported: exported.toISOString(), graph_id: graphId, thread, events: [...events] };
}

export function traceFileName(threadTitle: string): string {
  return fileNameFor(`${threadTitle} trace`, "json");
}
