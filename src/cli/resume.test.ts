import { describe, expect, it } from "vitest";
import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { assistantDoc } from "../engine/testing/humanLoop.js";
import { runCli } from "./testing/runCli.js";

describe("cli run with a paused thread", () => {
  it("exits 3 when a destructive tool waits for approval and resumes with --resume from the stored checkpoint", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "gw-cli-resume-"));
    const file = path.join(dir, "assistant.json");
    await writeFile(file, JSON.stringify(assistantDoc()));
    const store = ["--checkpoint", `sqlite:${path.join(dir, "threads.db")}`, "--thread", "t1"];

    const paused = await runCli(["run", file, "delete task 7", ...store]);
    expect(paused.code).toBe(3);
    expect(paused.stdout).toContain('⏸ Approval needed: delete_task {"id":"7"}');
    expect(paused.stderr).toContain("--resume '<answer>'");

    const refused = await runCli(["run", file, ...store, "--resume", '{"decision":"maybe"}']);
    expect(refused.code).toBe(3);
    expect(refused.stdout).toContain('✖ INVALID_RESUME: Answer the call to "delete_task" with decision "approve", "reject" or "edit"');

    const resumed = await runCli(["run", file, ...store, "--resume", '{"decision":"edit","args":{"id":8}}']);
    expect(resumed.code).toBe(0);
    expect(resumed.stdout).toContain('▶ Approved delete_task with edited args {"id":8}');
    expect(resumed.stdout).toContain("← delete_task: Deleted task 8");
  }, 60_000);

  it("refuses --resume without a thread", async () => {
    const { code, stderr } = await runCli(["run", "examples/weather-assistant.json", "--resume", '{"decision":"approve"}']);
    expect(code).toBe(2);
    expect(stderr).toContain("--thread");
  });
});
