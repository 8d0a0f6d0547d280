/**
 * A real PostgreSQL server for tests: `GRAPHWRIGHT_TEST_POSTGRES_URL` when set, otherwise a
 * throwaway cluster started from the installed server binaries on a free loopback port.
 */
import { execFile, execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, readdirSync } from "node:fs";
import { chown, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { reservedPort } from "../../../tests/support/ports.js";

const exec = promisify(execFile);

export const POSTGRES_URL_VARIABLE = "GRAPHWRIGHT_TEST_POSTGRES_URL";

/** Debian keeps server binaries, which are not on PATH, in `<root>/<major version>/bin`. */
const POSTGRES_ROOTS = ["/usr/lib/postgresql"];

/** Debian runs clusters as this user; PostgreSQL refuses to run as root. */
const SERVER_USER = "postgres";
const DATABASE_USER = "graphwright";

export interface PostgresServer {
  /** `postgres://user:password@127.0.0.1:port/database` */
  url: string;
  /** Stops the server and deletes its files; a no-op for a server given by URL. */
  stop(): Promise<void>;
}

/**
 * The server named by `GRAPHWRIGHT_TEST_POSTGRES_URL`, or a new one. Fails with install
 * instructions when neither is available, so a Postgres test never passes without Postgres.
 * @example
 * const server = await usePostgresServer();
 * try { await run(server.url); } finally { await server.stop(); }
 */
export async function usePostgresServer({
  env = process.env,
  roots = POSTGRES_ROOTS,
}: { env?: NodeJS.ProcessEnv; roots?: readonly string[] } = {}): Promise<PostgresServer> {
  const url = env[POSTGRES_URL_VARIABLE];
  if (url) return { url, stop: async () => {} };
  const bin = findPostgresBin(env.PATH, roots);
  if (!bin) {
    throw new Error(
      `PostgreSQL server binaries (initdb, pg_ctl) were not found on PATH or in ${roots.map((root) => `${root}/<version>/bin`).join(", ")}. ` +
        `Install them (Debian/Ubuntu: apt-get install postgresql; macOS: brew install postgresql) ` +
        `or point ${POSTGRES_URL_VARIABLE} at a server, e.g. postgres://user:password@127.0.0.1:5432/db.`,
    );
  }
  return startPostgresServer(bin);
}

/** The folder holding `initdb` and `pg_ctl`: PATH first, then versioned folders (Debian's), newest first. */
export function findPostgresBin(searchPath = process.env.PATH, roots: readonly string[] = POSTGRES_ROOTS): string | undefined {
  const onPath = (searchPath ?? "").split(path.delimiter).filter(Boolean);
  const versioned = roots.flatMap((root) =>
    existsSync(root)
      ? readdirSync(root)
          .filter((version) => /^\d+(\.\d+)?$/.test(version))
          .sort((a, b) => Number(b) - Number(a))
          .map((version) => path.join(root, version, "bin"))
      : [],
  );
  return [...onPath, ...versioned].find((dir) => existsSync(path.join(dir, "initdb")) && existsSync(path.join(dir, "pg_ctl")));
}

/** Initialises a cluster in a temporary folder and starts it on a free port of 127.0.0.1. */
export async function startPostgresServer(bin: string): Promise<PostgresServer> {
  const asRoot = process.getuid?.() === 0;
  const owner = asRoot ? serverUser() : undefined;
  const dir = await mkdtemp(path.join(tmpdir(), "gw-postgres-"));
  const data = path.join(dir, "data");
  const password = randomBytes(12).toString("hex");
  const stop = async () => {
    await run(owner, path.join(bin, "pg_ctl"), ["stop", "-D", data, "-m", "immediate", "-w"]).catch(() => {}); // may never have started
    await rm(dir, { recursive: true, force: true });
  };
  try {
    await writeFile(path.join(dir, "password"), `${password}\n`, { mode: 0o600 });
    if (owner) {
      await chown(dir, owner.uid, owner.gid);
      await chown(path.join(dir, "password"), owner.uid, owner.gid);
    }
    await run(owner, path.join(bin, "initdb"), [
      ...["-D", data, "-U", DATABASE_USER, `--pwfile=${path.join(dir, "password")}`],
      ...["--auth-local=trust", "--auth-host=scram-sha-256", "--encoding=UTF8", "--locale=C", "--no-sync", "--no-instructions"],
    ]);
    const port = await reservedPort();
    // Durability is irrelevant for a throwaway server; skipping fsync keeps each commit fast.
    const settings = `-p ${port} -c listen_addresses=127.0.0.1 -k ${dir} -c fsync=off -c synchronous_commit=off -c full_page_writes=off`;
    await run(owner, path.join(bin, "pg_ctl"), ["start", "-D", data, "-l", path.join(dir, "server.log"), "-w", "-t", "30", "-o", settings]);
    return { url: `postgres://${DATABASE_USER}:${password}@127.0.0.1:${port}/postgres`, stop };
  } catch (error) {
    const log = await readFile(path.join(dir, "server.log"), "utf8").catch(() => "");
    await stop();
    const detail = (error as { stderr?: string }).stderr?.trim() || (error as Error).message;
    throw new Error(`Could not start a test PostgreSQL server from ${bin}: ${detail}${log ? `\n${log}` : ""}`, { cause: error });
  }
}

function serverUser(): { uid: number; gid: number } {
  try {
    const id = (flag: string) => Number(execFileSync("id", [flag, SERVER_USER], { encoding: "utf8" }).trim());
    return { uid: id("-u"), gid: id("-g") };
  } catch {
    throw new Error(`PostgreSQL will not run as root and there is no "${SERVER_USER}" user to run it as (Debian's postgresql package creates one).`);
  }
}

/** Runs a server binary, as `owner` when the tests run as root. */
async function run(owner: { uid: number; gid: number } | undefined, command: string, args: string[]): Promise<void> {
  await exec(command, args, { ...(owner ? { uid: owner.uid, gid: owner.gid } : {}), env: { ...process.env, LC_ALL: "C" }, timeout: 60_000 });
}
