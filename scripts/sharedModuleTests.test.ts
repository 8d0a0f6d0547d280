/**
 * The unit tests of the `shared-modules` and `node-entry` projects (vite.config.ts) run one after
 * another in the same module graph. A file there that starts LangGraph's API server in its own process leaves the
 * server's run queue polling with timers after the file ends, and a later file's fake clock runs
 * those timers without end. This keeps such files out of that project.
 */
import { execFile } from "node:child_process";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "..");
/** What starts LangGraph's API server in the calling process. */
const IN_PROCESS_SERVER = [/\bstartLangGraphServer\s*\(/, /@langchain\/langgraph-api\/server/];

/** The projects whose files share one module graph per worker (`isolate: false`). */
const SHARING_PROJECTS = ["shared-modules", "node-entry"];

async function sharedModuleFiles(): Promise<string[]> {
  const projects = SHARING_PROJECTS.flatMap((name) => ["--project", name]);
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [path.join(root, "node_modules/vitest/vitest.mjs"), "list", "--filesOnly", ...projects, "--json"],
    { cwd: root, maxBuffer: 16 * 1024 * 1024 },
  );
  return (JSON.parse(stdout) as { file: string }[]).map((entry) => entry.file);
}

describe("the unit test projects that share modules", () => {
  it("holds no test file that starts LangGraph's API server in its own process", async () => {
    const files = await sharedModuleFiles();
    expect(files.length).toBeGreaterThan(100);
    expect(files).toContain(path.join(root, "src/engine/flows/schedule.test.ts"));
    expect(files).toContain(path.join(root, "src/eject/ejectedGraphs.test.ts"));
    const offenders: string[] = [];
    for (const file of files) {
      const source = await readFile(file, "utf8");
      if (IN_PROCESS_SERVER.some((pattern) => pattern.test(source))) offenders.push(path.relative(root, file));
    }
    expect(offenders).toEqual([]);
  });
});
