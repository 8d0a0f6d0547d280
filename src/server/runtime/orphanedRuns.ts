/**
 * Runs a stopped server process left marked as running. LangGraph's in-memory server (what
 * `serve` runs) writes its runs and threads to `.langgraph_api/` a few seconds after each
 * change; a process killed mid-run (a crash, an OOM kill, a reboot) can leave a run saved as
 * `running` that no process will ever finish, and the server refuses every later run of that
 * thread as busy (HTTP 422). At start no run can be running yet, so each one found is marked
 * failed and its thread freed: what its checkpoints saved stays, and the next message runs.
 */
import { readFile, rename, writeFile } from "node:fs/promises";
import path from "node:path";

/** The in-memory server's file of runs, threads and assistants (superjson: the values under `json`). */
const OPS_FILE = path.join(".langgraph_api", ".langgraphjs_ops.json");

interface OpsFile {
  json?: {
    runs?: Record<string, { status?: string; thread_id?: string }>;
    threads?: Record<string, { status?: string }>;
  };
}

/**
 * Marks the runs left `running` in `stateDir` as failed and frees their threads; returns the ids
 * of the runs it released. Call before the server starts (it reads the file once, at start).
 * @example
 * const released = await releaseOrphanedRuns(".graphwright-server"); // ["01a2…"] after a crash mid-run
 */
export async function releaseOrphanedRuns(stateDir: string): Promise<string[]> {
  const file = path.join(stateDir, OPS_FILE);
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch {
    return [];
  }
  let ops: OpsFile;
  try {
    ops = JSON.parse(text) as OpsFile;
  } catch {
    // Not ours to repair: the server says what is wrong with its own file.
    return [];
  }
  const runs = ops.json?.runs ?? {};
  const threads = ops.json?.threads ?? {};
  const released: string[] = [];
  for (const [id, run] of Object.entries(runs)) {
    if (run.status !== "running") continue;
    run.status = "error";
    released.push(id);
  }
  if (released.length === 0) return [];
  // A thread still waiting for a run that was never started stays busy: the server runs it.
  const waiting = new Set(
    Object.values(runs)
      .filter((run) => run.status === "pending")
      .map((run) => run.thread_id),
  );
  for (const id of new Set(released.map((run) => runs[run]?.thread_id))) {
    const thread = id === undefined ? undefined : threads[id];
    if (thread?.status === "busy" && !waiting.has(id)) thread.status = "idle";
  }
  const temporary = `${file}.${process.pid}.tmp`;
  await writeFile(temporary, JSON.stringify(ops), "utf8");
  await rename(temporary, file);
  return released;
}
