/**
 * Evaluation history: every evaluation run of a graph, its result (cases, summary) and the graph
 * revision it ran on, so two runs can be compared after a reload. The record is stamped with the
 * stored graph's revision and latest saved version in the same transaction that writes it.
 */
import { z } from "zod";
import type { EvaluationResult } from "../../engine/index.js";
import { STORES, type Database } from "../db.js";
import { PersistenceError } from "../errors.js";
import { readRecord } from "./records.js";

/** What the graph was when the evaluation ran: its stored revision and latest saved version (null when none). */
export const graphVersionSchema = z.object({
  rev: z.number().int().nonnegative().nullable(),
  version_id: z.string().nullable(),
  version_name: z.string().nullable(),
});

const resultSchema = z
  .object({
    graph_id: z.string(),
    dataset_id: z.string(),
    dataset_name: z.string(),
    status: z.enum(["completed", "incomplete", "stopped"]),
    started: z.number(),
    finished: z.number(),
    variants: z.array(z.object({ id: z.string() }).passthrough()),
    cases: z.array(z.object({ case_id: z.string(), variant_id: z.string(), status: z.string() }).passthrough()),
    summary: z.array(z.object({ variant_id: z.string(), pass_rate: z.number() }).passthrough()),
  })
  .passthrough();

export const evaluationRecordSchema = z.object({
  id: z.string().min(1),
  v: z.literal(1),
  graph_id: z.string().min(1),
  started: z.number(),
  graph_version: graphVersionSchema,
  result: resultSchema,
});

export type GraphVersion = z.infer<typeof graphVersionSchema>;
export interface EvaluationRecord extends Omit<z.infer<typeof evaluationRecordSchema>, "result"> {
  result: EvaluationResult;
}

/** A history row without its cases: what the history list shows. */
export interface EvaluationSummary {
  id: string;
  graph_id: string;
  started: number;
  finished: number;
  dataset_name: string;
  status: EvaluationResult["status"];
  graph_version: GraphVersion;
  /** Variant names with their pass rate, in column order. */
  pass_rates: { variant_id: string; name: string; pass_rate: number }[];
}

function readEvaluation(raw: unknown): EvaluationRecord {
  return readRecord(STORES.evaluations, raw, evaluationRecordSchema) as unknown as EvaluationRecord;
}

function summaryOf(record: EvaluationRecord): EvaluationSummary {
  const { result } = record;
  return {
    id: record.id,
    graph_id: record.graph_id,
    started: record.started,
    finished: result.finished,
    dataset_name: result.dataset_name,
    status: result.status,
    graph_version: record.graph_version,
    pass_rates: result.summary.map((s) => ({ variant_id: s.variant_id, name: s.name, pass_rate: s.pass_rate })),
  };
}

export class EvaluationStore {
  constructor(private readonly db: Database) {}

  /**
   * Keeps an evaluation's result under `id` (a resumed run keeps its id: the record is replaced),
   * stamped with the graph's stored revision and latest saved version. A full disk rejects with
   * QUOTA_EXCEEDED and writes nothing: the caller still holds the result.
   * @example await ws.evaluations.save("eval_1", result);
   */
  async save(id: string, result: EvaluationResult): Promise<EvaluationRecord> {
    const graphId = result.graph_id;
    return this.db.tx(
      [STORES.evaluations, STORES.graphs, STORES.versions],
      "readwrite",
      `keeping evaluation "${result.dataset_name}" in history`,
      async (tx) => {
        const graph = (await tx.objectStore(STORES.graphs).get(graphId)) as { rev?: unknown } | undefined;
        const cursor = await tx
          .objectStore(STORES.versions)
          .index("graph_id")
          .openCursor(IDBKeyRange.bound([graphId, ""], [graphId, "\uffff"]), "prev");
        const version = cursor?.value;
        const record: EvaluationRecord = {
          id,
          v: 1,
          graph_id: graphId,
          started: result.started,
          graph_version: {
            rev: typeof graph?.rev === "number" ? graph.rev : null,
            version_id: version?.id ?? null,
            version_name: typeof version?.name === "string" ? version.name : null,
          },
          result,
        };
        await tx.objectStore(STORES.evaluations).put(record as unknown as { id: string; graph_id: string; started: number });
        return record;
      },
    );
  }

  /** The evaluation runs of a graph, newest first, without their cases; one that cannot be read is named in `problems`. */
  async list(graphId: string): Promise<{ runs: EvaluationSummary[]; problems: string[] }> {
    const rows = await this.db.tx([STORES.evaluations], "readonly", "listing evaluation history", (tx) =>
      tx
        .objectStore(STORES.evaluations)
        .index("graph_id")
        .getAll(IDBKeyRange.bound([graphId, -Infinity], [graphId, Infinity])),
    );
    const runs: EvaluationSummary[] = [];
    const problems: string[] = [];
    for (const raw of rows.reverse()) {
      try {
        runs.push(summaryOf(readEvaluation(raw)));
      } catch (error) {
        problems.push(error instanceof PersistenceError ? error.message : String(error));
      }
    }
    return { runs, problems };
  }

  async get(id: string): Promise<EvaluationRecord | undefined> {
    const raw = await this.db.tx([STORES.evaluations], "readonly", `reading evaluation "${id}"`, (tx) => tx.objectStore(STORES.evaluations).get(id));
    return raw === undefined ? undefined : readEvaluation(raw);
  }

  /**
   * Deletes evaluation runs and the traces of their cases (runs and events of their threads), in
   * one transaction.
   */
  async delete(ids: readonly string[]): Promise<void> {
    await this.db.tx([STORES.evaluations, STORES.runs, STORES.events], "readwrite", "deleting evaluation runs", async (tx) => {
      const evaluations = tx.objectStore(STORES.evaluations);
      const runs = tx.objectStore(STORES.runs);
      const events = tx.objectStore(STORES.events);
      for (const id of ids) {
        const raw = await evaluations.get(id);
        if (raw === undefined) continue;
        const record = readEvaluation(raw);
        for (const runId of new Set(record.result.cases.flatMap((c) => c.run_ids))) {
          await Promise.all([runs.delete(runId), events.delete(IDBKeyRange.bound([runId, -Infinity], [runId, Infinity]))]);
        }
        await evaluations.delete(id);
      }
    });
  }
}
