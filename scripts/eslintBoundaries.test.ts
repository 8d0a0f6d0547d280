// Proves the import boundaries of eslint.config.js fire: main-thread code reaches src/worker only
// through its protocol and the engine only through src/engine/index.ts, as types unless the
// value is main-thread safe. Lints planted text as if it were a real file of the repository,
// with the import rules alone.
import { ESLint } from "eslint";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "..");
const WORKER_ONLY_THROUGH_PROTOCOL =
  "Main-thread code may import src/worker only through src/worker/protocol: the rest of the folder runs in the engine worker.";
const ENGINE_ONLY_FROM_INDEX = "The app imports the engine only from src/engine/index.ts, not from its internals.";
const TYPES_ONLY_ON_MAIN_THREAD =
  "Main-thread code may import the engine, models, tools, the saver, the memory store, the thread locks and LangGraph as types only (`import type`): they belong in the worker chunk.";

const eslint = new ESLint({ cwd: ROOT, ruleFilter: ({ ruleId }) => ruleId.endsWith("no-restricted-imports") });

/** The import-restriction messages ESLint reports for `code` written in `file` (an existing file's path). */
async function importMessages(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, file) });
  return (result?.messages ?? [])
    .filter((m) => m.ruleId?.endsWith("no-restricted-imports"))
    .map((m) => m.message.replace(/^'[^']*' import is restricted from being used by a pattern\. /, ""));
}

describe("the worker boundary lint rule", { timeout: 240_000 }, () => {
  it("rejects an app import of a worker module other than the protocol, even of its types", async () => {
    const code = [`import { createEngineHost } from "../../worker/engineHost";`, `import type { Timer } from "../../worker/eventBatcher.js";`].join("\n");
    expect(await importMessages("src/app/services/engineClient.ts", code)).toEqual([WORKER_ONLY_THROUGH_PROTOCOL, WORKER_ONLY_THROUGH_PROTOCOL]);
  });

  it("rejects root-absolute and deeper app imports of worker modules", async () => {
    expect(await importMessages("src/app/App.tsx", `import { replayServices } from "/src/worker/replay";`)).toEqual([WORKER_ONLY_THROUGH_PROTOCOL]);
    expect(await importMessages("src/main.tsx", `import "./worker/engine.worker";`)).toEqual([WORKER_ONLY_THROUGH_PROTOCOL]);
  });

  it("lets the app import the protocol's types and constants", async () => {
    const code = [
      `import type { RunRequest } from "../../worker/protocol";`,
      `import { APP_DB_NAME, summarizeProblems } from "../../worker/protocol.js";`,
    ].join("\n");
    expect(await importMessages("src/app/services/engineClient.ts", code)).toEqual([]);
  });

  it("rejects run-time engine imports in the protocol module, which the main thread loads", async () => {
    const code = [`import { compileGraph } from "../engine/index.js";`, `import { createEngineHost } from "./engineHost";`].join("\n");
    expect(await importMessages("src/worker/protocol.ts", code)).toEqual([
      "The worker protocol is loaded by the main thread: import engine code as types only.",
      "The worker protocol is loaded by the main thread: import worker modules as types only.",
    ]);
  });

  it("rejects worker imports of the app", async () => {
    expect(await importMessages("src/worker/engineHost.ts", `import { blankDocument } from "../app/store/nodeFactory";`)).toEqual([
      "src/worker may not import from a higher layer (DESIGN.md §2).",
    ]);
  });
});

describe("the export-as-code layer lint rule", { timeout: 240_000 }, () => {
  it("rejects src/eject imports of the engine, the app and Node's built-ins", async () => {
    const message = "src/eject may not import from a higher layer (DESIGN.md §2).";
    expect(await importMessages("src/eject/plan.ts", `import { compileGraph } from "../engine/index.js";`)).toEqual([message]);
    expect(await importMessages("src/eject/plan.ts", `import { App } from "../app/App.js";`)).toEqual([message]);
    expect(await importMessages("src/eject/plan.ts", `import { readFile } from "node:fs/promises";`)).toEqual([message]);
    expect(await importMessages("src/eject/plan.ts", `import { validate } from "../schema/index.js";`)).toEqual([]);
  });
});

describe("the engine entry lint rule", { timeout: 240_000 }, () => {
  it("rejects an app import of an engine internal, even of its types", async () => {
    const code = [`import { parseMention } from "../../engine/routing.js";`, `import type { CompileContext } from "../../engine/nodes/context.js";`].join("\n");
    expect(await importMessages("src/app/services/engineClient.ts", code)).toEqual([ENGINE_ONLY_FROM_INDEX, ENGINE_ONLY_FROM_INDEX]);
  });

  it("rejects run-time imports of the engine, models, tools, the saver, the memory store and LangGraph on the main thread", async () => {
    const code = [
      `import { runGraph } from "../engine/index.js";`,
      `import { createScriptedModel } from "../models/index.js";`,
      `import { createToolResolver } from "../tools";`,
      `import { IdbSaver } from "../persistence/saver/IdbSaver.js";`,
      `import { IdbStore } from "../persistence/store/IdbStore.js";`,
      `import { StateGraph } from "@langchain/langgraph/web";`,
    ].join("\n");
    expect(await importMessages("src/app/App.tsx", code)).toEqual(Array(6).fill(TYPES_ONLY_ON_MAIN_THREAD));
  });

  it("lets the app import engine types from the index and the workspace at run time", async () => {
    const code = [
      `import type { RunEvent } from "../../engine/index.js";`,
      `import { type CompiledDocument } from "../../engine";`,
      `import type { BaseMessage } from "@langchain/core/messages";`,
      `import { createWorkspace } from "../../persistence/workspace/index.js";`,
    ].join("\n");
    expect(await importMessages("src/app/services/engineClient.ts", code)).toEqual([]);
  });
});
