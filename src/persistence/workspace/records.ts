/**
 * Workspace records: every persisted shape has a version, a validator and a
 * migration path, so data written today stays readable after upgrades.
 */
import { z } from "zod";
import { graphDocumentSchema } from "../../schema/index.js";
import { PersistenceError } from "../errors.js";

export const RECORD_VERSION = 1 as const;

const iso = z.string().min(1);
export const graphRecordSchema = z.object({
  id: z.string().min(1),
  v: z.literal(1),
  name: z.string(),
  created: iso,
  updated: iso,
  /**
   * Bumped by every save: a tab saves only over the revision it last read, so a stale
   * document never silently overwrites another tab's change. Absent on records saved before it.
   */
  rev: z.number().int().nonnegative().optional(),
  document: graphDocumentSchema,
});
export const versionRecordSchema = z.object({
  id: z.string().min(1),
  v: z.literal(1),
  graph_id: z.string().min(1),
  name: z.string(),
  created: iso,
  document: graphDocumentSchema,
});
export const threadRecordSchema = z.object({
  id: z.string().min(1),
  v: z.literal(1),
  graph_id: z.string().min(1),
  title: z.string(),
  created: iso,
  updated: iso,
});
/**
 * A draft: a document not yet saved when its page hid or unloaded, with the revision it was
 * edited from (`base`, null for a graph whose first save had not landed) and when it was kept.
 * Keyed by [graph_id, writer] (one per page), `seq` told apart from a later draft of the same page.
 */
export const draftRecordSchema = z.object({
  graph_id: z.string().min(1),
  writer: z.string().min(1),
  v: z.literal(1),
  seq: z.number().int().nonnegative(),
  saved: iso,
  base: z.object({ rev: z.number().int().nonnegative(), document: graphDocumentSchema }).nullable(),
  document: graphDocumentSchema,
});
/** `interrupted`: the run paused for a person (approval or question) and waits to be resumed. */
export const runStatusSchema = z.enum(["running", "completed", "cancelled", "error", "interrupted"]);
export const runRecordSchema = z.object({
  id: z.string().min(1),
  v: z.literal(1),
  thread_id: z.string().min(1),
  graph_id: z.string().min(1),
  input: z.string(),
  status: runStatusSchema,
  started: z.number(),
  ended: z.number().nullable(),
  error: z.string().nullable(),
});

export type GraphRecord = z.infer<typeof graphRecordSchema>;
export type VersionRecord = z.infer<typeof versionRecordSchema>;
export type DraftRecord = z.infer<typeof draftRecordSchema>;
export type ThreadRecord = z.infer<typeof threadRecordSchema>;
export type RunRecord = z.infer<typeof runRecordSchema>;
export type RunStatus = z.infer<typeof runStatusSchema>;

/** Migrations per store, keyed by the version they upgrade from. None yet: v1 is the first. */
const migrations: Record<string, Record<number, (record: Record<string, unknown>) => Record<string, unknown>>> = {};

/**
 * Validates a stored record, upgrading older versions first. A record that is
 * neither current nor migratable is reported with its store and id.
 */
export function readRecord<T>(store: string, raw: unknown, schema: z.ZodType<T>): T {
  let record = raw as Record<string, unknown> | undefined;
  const id = String(record?.id ?? "?");
  let version = typeof record?.v === "number" ? record.v : 0;
  while (record && version < RECORD_VERSION) {
    const step = migrations[store]?.[version];
    if (!step) break;
    record = step(record);
    version = record.v as number;
  }
  const parsed = schema.safeParse(record);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new PersistenceError(
      "INVALID_DATA",
      `Stored ${store} record "${id}" is unreadable (${issue?.path.join(".") || "record"}: ${issue?.message ?? "invalid"})`,
      { store },
    );
  }
  return parsed.data;
}
