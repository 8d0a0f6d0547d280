import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { CheckpointError, parseCheckpointSpec, redactPassword } from "./checkpointer.js";
import { reservedPort } from "../../tests/support/ports.js";
import { postgresForSuite } from "./testing/postgresSuite.js";
import { ROOT, runCli } from "./testing/runCli.js";

const EXAMPLE = path.join(ROOT, "examples", "weather-assistant.json");
const FIRST = "What's the weather in Paris?";
const SECOND = "And in London?";
/** Two CLI processes in a row; generous because a busy CI machine runs other test files alongside. */
const TWO_RUNS_TIMEOUT = 60_000;

interface Message {
  id: string;
  role: string;
  content: unknown;
}

/** Runs one turn with `--json` and returns the messages of its `final_state` event. */
async function turn(message: string, thread: string, checkpoint: string, cwd?: string): Promise<Message[]> {
  const { code, stdout, stderr } = await runCli(["run", EXAMPLE, message, "--thread", thread, "--checkpoint", checkpoint, "--json"], { cwd });
  expect(stderr).toBe("");
  expect(code).toBe(0);
  const events = stdout
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line) as { type: string; state?: { messages: Message[] } });
  const final = events.find((event) => event.type === "final_state");
  expect(final).toBeDefined();
  return final?.state?.messages ?? [];
}

/** The second process continues the first one's thread: its state holds both turns, in order. */
async function expectResumed(checkpoint: string, cwd?: string) {
  const thread = `t-${randomUUID()}`;
  const first = await turn(FIRST, thread, checkpoint, cwd);
  const second = await turn(SECOND, thread, checkpoint, cwd);
  expect(first[0]).toMatchObject({ role: "human", content: FIRST });
  expect(first.at(-1)?.role).toBe("ai");
  expect(second.slice(0, first.length)).toEqual(first);
  expect(second.slice(first.length).map((m) => [m.role, m.role === "human" ? m.content : "…"])).toEqual([
    ["human", SECOND],
    ["ai", "…"],
  ]);
}

describe("parseCheckpointSpec", () => {
  it("resolves a sqlite file against the working directory", () => {
    expect(parseCheckpointSpec("sqlite:runs/a.db", "/work")).toEqual({ kind: "sqlite", file: path.resolve("/work", "runs/a.db") });
  });

  it("accepts postgres:// and postgresql:// URLs", () => {
    expect(parseCheckpointSpec("postgres://u:p@db:5432/x")).toEqual({ kind: "postgres", url: "postgres://u:p@db:5432/x" });
    expect(parseCheckpointSpec("postgresql://db/x").kind).toBe("postgres");
  });

  it("rejects other stores, naming the accepted forms without the password", () => {
    for (const spec of ["redis://x", "sqlite:", "postgres://u:hunter2@[bad/db", "mem"]) {
      const error = (() => {
        try {
          parseCheckpointSpec(spec);
        } catch (caught) {
          return caught;
        }
      })();
      expect(error).toBeInstanceOf(CheckpointError);
      expect((error as CheckpointError).code).toBe("INVALID_CHECKPOINT_SPEC");
      expect((error as CheckpointError).message).toContain("memory, sqlite:<file> or postgres://");
      expect((error as CheckpointError).message).not.toContain("hunter2");
    }
  });
});

describe("redactPassword", () => {
  it("hides the password in the user info and in a password parameter", () => {
    expect(redactPassword("postgres://gw:s3cr@t@db:5432/runs")).toBe("postgres://gw:***@db:5432/runs");
    expect(redactPassword("postgres://db/runs?user=gw&password=s3cret&ssl=true")).toBe("postgres://db/runs?user=gw&password=***&ssl=true");
    expect(redactPassword("postgres://gw@db/runs")).toBe("postgres://gw@db/runs");
  });
});

describe("cli run --checkpoint", () => {
  it("rejects an unknown store in one line and exits 2", async () => {
    const { code, stdout, stderr } = await runCli(["run", EXAMPLE, "hi", "--checkpoint", "redis://localhost"]);
    expect(code).toBe(2);
    expect(stdout).toBe("");
    expect(stderr).toBe('Invalid --checkpoint "redis://localhost": unknown store; use memory, sqlite:<file> or postgres://user:password@host:port/database.\n');
  });

  it("reports an unreachable Postgres in one line without its password and exits 1", async () => {
    const url = `postgres://graphwright:hunter2@127.0.0.1:${await reservedPort()}/runs`;
    const { code, stderr } = await runCli(["run", EXAMPLE, "hi", "--checkpoint", url]);
    expect(code).toBe(1);
    expect(stderr).toMatch(/^Cannot open checkpoint store postgres:\/\/graphwright:\*\*\*@127\.0\.0\.1:\d+\/runs: connect ECONNREFUSED 127\.0\.0\.1:\d+\n$/);
    expect(stderr).not.toContain("hunter2");
  });
});

describe("cli run --checkpoint sqlite:<file>", () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), "gw-cli-sqlite-"));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it(
    "resumes a thread started by another process, from a file relative to the working directory",
    async () => {
      await expectResumed("sqlite:runs.db", dir);
      expect(existsSync(path.join(dir, "runs.db"))).toBe(true);
    },
    TWO_RUNS_TIMEOUT,
  );
});

describe("cli run --checkpoint postgres://…", () => {
  const postgresUrl = postgresForSuite();

  it(
    "resumes a thread started by another process",
    async () => {
      await expectResumed(postgresUrl());
    },
    TWO_RUNS_TIMEOUT,
  );
});
