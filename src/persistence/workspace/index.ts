/** The workspace: graphs and versions, threads, runs and events, settings, secrets, evaluation history — one database; drafts beside it in their own. */
import type { Database } from "../db.js";
import { DraftStore } from "./drafts.js";
import { EvaluationStore } from "./evaluations.js";
import { GraphStore } from "./graphs.js";
import { RunStore } from "./runs.js";
import { SecretStore } from "./secrets.js";
import { SettingsStore } from "./settings.js";
import { TaskStore } from "./tasks.js";
import { ThreadStore } from "./threads.js";
import { systemClock, type WorkspaceClock } from "./types.js";

export interface Workspace {
  graphs: GraphStore;
  /** Unsaved documents kept as a page hid or unloaded, taken or dropped at the next start. */
  drafts: DraftStore;
  threads: ThreadStore;
  runs: RunStore;
  settings: SettingsStore;
  secrets: SecretStore;
  /** Background sub-agent tasks (non-blocking delegations). */
  tasks: TaskStore;
  /** Evaluation runs and the graph revision each ran on. */
  evaluations: EvaluationStore;
}

/**
 * The workspace stores over one database.
 * @example const ws = createWorkspace(new Database({ name: "graphwright" })); await ws.graphs.save(doc);
 */
export function createWorkspace(db: Database, clock: WorkspaceClock = systemClock): Workspace {
  const drafts = new DraftStore(db, clock);
  return {
    graphs: new GraphStore(db, clock, drafts),
    drafts,
    threads: new ThreadStore(db, clock),
    runs: new RunStore(db),
    settings: new SettingsStore(db),
    secrets: new SecretStore(db),
    tasks: new TaskStore(db),
    evaluations: new EvaluationStore(db),
  };
}

export { GraphStore, StaleGraphError, type GraphSummary, type SavedGraph } from "./graphs.js";
export { EvaluationStore, type EvaluationRecord, type EvaluationSummary, type GraphVersion } from "./evaluations.js";
export { DraftStore, DRAFTS_SCHEMA, type DraftInput, type DraftList, type DraftWrite, type DraftsSchema } from "./drafts.js";
export { ThreadStore } from "./threads.js";
export { RunStore, storedEvent } from "./runs.js";
export { SettingsStore } from "./settings.js";
export { TaskStore } from "./tasks.js";
export { SecretStore, maskSecret, type SecretSummary } from "./secrets.js";
export { systemClock, type WorkspaceClock } from "./types.js";
export type { DraftRecord, GraphRecord, VersionRecord, ThreadRecord, RunRecord, RunStatus } from "./records.js";
