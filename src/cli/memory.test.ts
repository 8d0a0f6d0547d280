// Agents' long-term memory in the CLI: one store per process by default, a Postgres store
// beside Postgres checkpoints, so a memory outlives the process that saved it.
import { describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import path from "node:path";
import preferences from "../../tests/support/preferences-memory.json" with { type: "json" };
import { collectRun, compileGraph, type RunEvent } from "../engine/index.js";
import { assertValid } from "../schema/index.js";
import { nodeServices } from "../server/graph/nodeServices.js";
import { openCheckpointer, parseCheckpointSpec } from "./checkpointer.js";
import { postgresForSuite } from "./testing/postgresSuite.js";
import { ROOT, runCli } from "./testing/runCli.js";

const GRAPH = path.join(ROOT, "tests", "support", "preferences-memory.json");
const document = assertValid(preferences);
/** Two CLI processes in a row; generous because a busy CI machine runs other test files alongside. */
const TWO_RUNS_TIMEOUT = 60_000;

const lastReply = (events: readonly RunEvent[]) => events.flatMap((e) => (e.type === "ai_message" && e.content ? [e.content] : [])).at(-1) ?? "";

/** One CLI process running one turn with `--json`; the last reply. */
async function cliTurn(message: string, thread: string, checkpoint?: string): Promise<string> {
  const { code, stdout, stderr } = await runCli(["run", GRAPH, message, "--thread", thread, "--json", ...(checkpoint ? ["--checkpoint", checkpoint] : [])]);
  expect(stderr).toBe("");
  expect(code).toBe(0);
  return lastReply(
    stdout
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as RunEvent),
  );
}

describe("cli long-term memory", () => {
  it("shares the memory store of `--checkpoint memory` between runs of one process, in different threads", async () => {
    // What `run` does, twice in one process: open the store, compile with the Node services, run a turn.
    const turn = async (message: string, threadId: string) => {
      const opened = await openCheckpointer(parseCheckpointSpec("memory"));
      try {
        const compiled = compileGraph(document, nodeServices(document, { checkpointer: opened.saver, store: opened.store }));
        return lastReply(await collectRun(compiled, { message }, { threadId }));
      } finally {
        await opened.close();
      }
    };
    expect(await turn("I prefer green tea", "t-1")).toContain('Remembered "preference"');
    expect(await turn("What do I prefer?", "t-2")).toContain("The user prefers green tea");
  });

  it(
    "forgets with the process by default: a second CLI process recalls nothing",
    async () => {
      expect(await cliTurn("I prefer window seats", `t-${randomUUID()}`)).toContain('Remembered "preference"');
      expect(await cliTurn("What do I prefer?", `t-${randomUUID()}`)).toContain("Nothing in long-term memory matches.");
    },
    TWO_RUNS_TIMEOUT,
  );

  describe("with --checkpoint postgres://…", () => {
    const postgresUrl = postgresForSuite();

    it(
      "recalls in a second CLI process, on another thread, what the first one remembered",
      async () => {
        const fact = `aisle seats ${randomUUID().slice(0, 8)}`;
        expect(await cliTurn(`I prefer ${fact}`, `t-${randomUUID()}`, postgresUrl())).toContain('Remembered "preference"');
        expect(await cliTurn("What do I prefer?", `t-${randomUUID()}`, postgresUrl())).toContain(`The user prefers ${fact}`);
      },
      TWO_RUNS_TIMEOUT,
    );
  });
});
