/**
 * A background task that pauses, where AsyncLocalStorage is on: LangGraph's Node entry (loaded
 * by the CLI and on a LangGraph server) turns it on for the whole process, and then a run's config
 * follows every await, also into work a finished task starts. Its follow-up turn must still be a
 * root run that asks and waits, as in the browser (backgroundPauses.test.ts).
 */
import "fake-indexeddb/auto";
import "@langchain/langgraph";
import { AsyncLocalStorage } from "node:async_hooks";
import { AsyncLocalStorageProviderSingleton } from "@langchain/core/singletons";
import { IDBFactory } from "fake-indexeddb";
import { expect, it, vi } from "vitest";
import { askingTeamDoc } from "../engine/testing/delegatedPauses.js";
import { asGraphId, asRunId, asThreadId, assertValid } from "../schema/index.js";
import type { FromWorker } from "./protocol";
import { openTestHost, withStoredGraphs } from "./testing/openTestHost";

const team = assertValid({ ...askingTeamDoc({ blocking: false }), meta: { id: "asking", name: "Asking team" } });

it("a background task's follow-up turn asks and ends interrupted where AsyncLocalStorage is on", async () => {
  expect(AsyncLocalStorageProviderSingleton.getInstance()).toBeInstanceOf(AsyncLocalStorage);
  const { host, posts, eventsOf } = openTestHost("background-pauses-node-entry", { indexedDB: new IDBFactory(), with: withStoredGraphs });
  const backgroundRun = () => posts.find((m): m is Extract<FromWorker, { type: "background_run" }> => m.type === "background_run");
  const run = { type: "run", threadId: asThreadId("t1"), graphId: asGraphId(team.meta.id), document: team } as const;

  await host.handle({ ...run, runId: asRunId("run_1"), message: "email find invoices" });

  await vi.waitFor(() => expect(posts.find((m) => m.type === "done" && m.runId === backgroundRun()?.runId)).toMatchObject({ status: "interrupted" }), {
    timeout: 5_000,
  });
  expect(eventsOf(backgroundRun()?.runId ?? "").find((e) => e.type === "interrupt")).toMatchObject({
    payload: { kind: "question", question: "Which folder?", via: ["Emails"] },
  });
});
