/**
 * The CLI's `--checkpoint` option: where a thread's checkpoints live, so a thread started by one
 * CLI process resumes in the next. `memory` (one process), `sqlite:<file>`, `postgres://…`.
 * Agents' long-term memories (`remember` / `recall` / `forget`) follow it: in Postgres with a
 * Postgres store, so they outlive the process; otherwise in one store per process.
 */
import path from "node:path";
import { InMemoryStore } from "@langchain/langgraph-checkpoint";
import type { EngineServices } from "../engine/index.js";

type Saver = NonNullable<EngineServices["checkpointer"]>;
type MemoryStore = NonNullable<EngineServices["store"]>;

/** The long-term memory of runs without Postgres: every run of this process shares it. */
let processStore: InMemoryStore | undefined;
const inProcessMemory = (): MemoryStore => (processStore ??= new InMemoryStore());

export type CheckpointSpec =
  | { kind: "memory" }
  /** `file` is absolute, resolved against the working directory. */
  | { kind: "sqlite"; file: string }
  | { kind: "postgres"; url: string };

export type CheckpointErrorCode = "INVALID_CHECKPOINT_SPEC" | "CHECKPOINT_UNAVAILABLE";

/** A `--checkpoint` value that cannot be used. Messages are one line and never contain a password. */
export class CheckpointError extends Error {
  override readonly name = "CheckpointError";
  constructor(
    readonly code: CheckpointErrorCode,
    message: string,
  ) {
    super(message);
  }
}

/** An open checkpoint store. `close()` releases the file or connection pool so the process can end. */
export interface OpenCheckpointer {
  spec: CheckpointSpec;
  /** `undefined` for `memory`: the engine then uses its own `MemorySaver`. */
  saver: Saver | undefined;
  /** Agents' long-term memories: a `PostgresStore` beside Postgres checkpoints, else this process's `InMemoryStore`. */
  store: MemoryStore;
  close(): Promise<void>;
}

export const CHECKPOINT_FORMS = "memory, sqlite:<file> or postgres://user:password@host:port/database";

/** Postgres connections that cannot be made within this time fail instead of hanging the CLI. */
const CONNECT_TIMEOUT_MS = 10_000;

/**
 * Hides the password of a connection string (`//user:***@`, `password=***`), even when the
 * string is not a valid URL.
 * @example redactPassword("postgres://gw:s3cret@db:5432/runs") // "postgres://gw:***@db:5432/runs"
 */
export function redactPassword(text: string): string {
  return text.replace(/(\/\/[^:/?#@\s]*:).*@/g, "$1***@").replace(/([?&]password=)[^&#\s]*/gi, "$1***");
}

/**
 * Reads a `--checkpoint` value. Throws `CheckpointError` `INVALID_CHECKPOINT_SPEC` for anything else.
 * @example parseCheckpointSpec("sqlite:runs.db", "/work") // { kind: "sqlite", file: "/work/runs.db" }
 */
export function parseCheckpointSpec(text: string, cwd = process.cwd()): CheckpointSpec {
  const invalid = (why: string) =>
    new CheckpointError("INVALID_CHECKPOINT_SPEC", `Invalid --checkpoint "${redactPassword(text)}": ${why}; use ${CHECKPOINT_FORMS}.`);
  if (text === "memory") return { kind: "memory" };
  if (text.startsWith("sqlite:")) {
    const file = text.slice("sqlite:".length);
    if (!file) throw invalid("sqlite needs a file name");
    return { kind: "sqlite", file: path.resolve(cwd, file) };
  }
  if (/^postgres(ql)?:\/\//i.test(text)) {
    let url: URL;
    try {
      url = new URL(text);
    } catch {
      throw invalid("not a valid URL");
    }
    if (!url.hostname) throw invalid("the URL has no host");
    return { kind: "postgres", url: text };
  }
  throw invalid("unknown store");
}

/** Opens the store a spec names, creating its tables. Throws `CheckpointError` `CHECKPOINT_UNAVAILABLE`. */
export async function openCheckpointer(spec: CheckpointSpec): Promise<OpenCheckpointer> {
  switch (spec.kind) {
    case "memory":
      return { spec, saver: undefined, store: inProcessMemory(), close: async () => {} };
    case "sqlite":
      return openSqlite(spec);
    case "postgres":
      return openPostgres(spec);
    default: {
      const never: never = spec;
      return never;
    }
  }
}

/** A short human-readable name for a store, safe to print. */
export function describeSpec(spec: CheckpointSpec): string {
  return spec.kind === "memory" ? "memory" : spec.kind === "sqlite" ? `sqlite:${spec.file}` : redactPassword(spec.url);
}

async function openSqlite(spec: Extract<CheckpointSpec, { kind: "sqlite" }>): Promise<OpenCheckpointer> {
  // Loaded on demand: runs on other stores never load the native better-sqlite3 module.
  const { SqliteSaver } = await import("@langchain/langgraph-checkpoint-sqlite");
  let saver: InstanceType<typeof SqliteSaver> | undefined;
  try {
    saver = SqliteSaver.fromConnString(spec.file);
    // SqliteSaver creates its tables on first use (its setup() is protected); a read now makes
    // an unreadable file fail here, before the run, rather than at the first checkpoint.
    await saver.getTuple({ configurable: { thread_id: "", checkpoint_ns: "" } });
  } catch (error) {
    saver?.db.close();
    if (/bindings file|NODE_MODULE_VERSION|ERR_DLOPEN_FAILED/.test(`${causeOf(error)} ${(error as NodeJS.ErrnoException).code}`)) {
      throw new CheckpointError(
        "CHECKPOINT_UNAVAILABLE",
        `Cannot open checkpoint store ${describeSpec(spec)}: better-sqlite3's native module is not built for this Node.js (run \`npm rebuild better-sqlite3\`).`,
      );
    }
    throw unavailable(spec, error);
  }
  const opened = saver;
  return { spec, saver: opened, store: inProcessMemory(), close: async () => void opened.db.close() };
}

async function openPostgres(spec: Extract<CheckpointSpec, { kind: "postgres" }>): Promise<OpenCheckpointer> {
  const [{ PostgresSaver }, { default: pg }] = await Promise.all([import("@langchain/langgraph-checkpoint-postgres"), import("pg")]);
  const pool = new pg.Pool({ connectionString: spec.url, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  // An idle connection the server drops would otherwise crash the process; the next query
  // reports the failure to the run, so a note is enough here.
  pool.on("error", (error) => process.stderr.write(`Postgres connection lost: ${oneLine(causeOf(error), spec)}\n`));
  const saver = new PostgresSaver(pool);
  try {
    await saver.setup();
  } catch (error) {
    await pool.end().catch(() => {}); // the setup error is the one worth reporting
    throw unavailable(spec, error);
  }
  let store: Awaited<ReturnType<typeof openPostgresStore>>;
  try {
    store = await openPostgresStore(spec);
  } catch (error) {
    await saver.end().catch(() => {});
    throw error;
  }
  return { spec, saver, store, close: async () => void (await Promise.all([saver.end(), store.stop()])) };
}

/** Long-term memory in the same database: its own pool, as PostgresStore manages one itself. */
async function openPostgresStore(spec: Extract<CheckpointSpec, { kind: "postgres" }>) {
  const { PostgresStore } = await import("@langchain/langgraph-checkpoint-postgres/store");
  const store = new PostgresStore({ connectionOptions: { connectionString: spec.url, connectionTimeoutMillis: CONNECT_TIMEOUT_MS } });
  try {
    await store.setup();
  } catch (error) {
    await store.stop().catch(() => {});
    throw new CheckpointError("CHECKPOINT_UNAVAILABLE", `Cannot open the memory store in ${describeSpec(spec)}: ${oneLine(causeOf(error), spec)}`);
  }
  return store;
}

function unavailable(spec: CheckpointSpec, error: unknown): CheckpointError {
  return new CheckpointError("CHECKPOINT_UNAVAILABLE", `Cannot open checkpoint store ${describeSpec(spec)}: ${oneLine(causeOf(error), spec)}`);
}

/** The message of an error; Node reports a refused dual-stack connection as an AggregateError with none. */
function causeOf(error: unknown): string {
  if (error instanceof AggregateError && error.errors.length > 0) return [...new Set(error.errors.map(causeOf))].join("; ");
  if (error instanceof Error) return error.message || (error as NodeJS.ErrnoException).code || error.name;
  return String(error);
}

/** First line of a message, with any password of the spec removed. */
function oneLine(message: string, spec: CheckpointSpec): string {
  let line = redactPassword(message.split("\n")[0]?.trim() ?? "");
  if (spec.kind === "postgres") {
    const password = passwordOf(spec.url);
    if (password) line = line.split(password).join("***");
  }
  return line || "unknown error";
}

function passwordOf(url: string): string {
  try {
    const parsed = new URL(url);
    return decodeURIComponent(parsed.password) || parsed.searchParams.get("password") || "";
  } catch {
    return "";
  }
}

/** How a command ends with a message and an exit code (it throws). */
type Fail = (message: string, code?: number) => never;

/** `--checkpoint` read for a command, or the command ends saying why it cannot be used (exit 2). */
export function checkpointSpecOrFail(text: string, fail: Fail): CheckpointSpec {
  try {
    return parseCheckpointSpec(text);
  } catch (error) {
    return fail(error instanceof CheckpointError ? error.message : String(error));
  }
}

/** The store opened for a command, or the command ends saying why it cannot be opened (exit 1). */
export async function openCheckpointerOrFail(spec: CheckpointSpec, fail: Fail): Promise<OpenCheckpointer> {
  try {
    return await openCheckpointer(spec);
  } catch (error) {
    if (error instanceof CheckpointError) fail(error.message, 1);
    throw error;
  }
}
