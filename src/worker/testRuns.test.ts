import "fake-indexeddb/auto";
import { beforeEach, describe, expect, it } from "vitest";
import weatherAssistant from "../../examples/weather-assistant.json";
import type { Workspace } from "../persistence/workspace/index.js";
import { assertValid, type GraphDocument } from "../schema/index.js";
import type { EngineHost } from "./engineHost";
import type { FromWorker, TestsProgressMessage, TestsResultMessage } from "./protocol";
import { openTestHost } from "./testing/openTestHost";

const weather = assertValid(weatherAssistant);

let ws: Workspace;
let posts: FromWorker[];
let host: EngineHost;
/** Called with every post, after it is recorded. */
let onPost: (message: FromWorker) => void;

beforeEach(() => {
  onPost = () => undefined;
  ({ host, ws, posts } = openTestHost("test-runs", { onPost: (m) => onPost(m) }));
});

const results = () => posts.filter((p): p is TestsResultMessage => p.type === "tests_result");
const progress = () => posts.filter((p): p is TestsProgressMessage => p.type === "tests_progress").map((p) => p.progress.type);

describe("run_tests in the engine host", () => {
  it("runs the document's tests and answers with every result, after progress for each", async () => {
    await host.handle({ type: "run_tests", requestId: "r1", document: weather });
    const [answer] = results();
    expect(answer).toMatchObject({ requestId: "r1", ok: true, error: null });
    expect(answer?.report?.passed).toBe(weather.tests.length);
    expect(progress()).toEqual(weather.tests.flatMap(() => ["test_start", "test_end"]));
  });

  it("runs only the tests asked for, and leaves no thread or run behind", async () => {
    await host.handle({ type: "run_tests", requestId: "r2", document: weather, testIds: ["greeting"] });
    expect(results()[0]?.report?.results.map((r) => r.id)).toEqual(["greeting"]);
    expect(await ws.runs.list("test-greeting")).toEqual([]);
  });

  it("reports a failing assertion with expected and actual", async () => {
    const document: GraphDocument = {
      ...weather,
      tests: [
        {
          id: "rainy",
          name: "Rainy",
          mode: "scripted",
          turns: [{ message: "What's the weather in Paris?" }],
          assertions: [{ kind: "reply_contains", text: "Rainy" }],
        },
      ],
    };
    await host.handle({ type: "run_tests", requestId: "r3", document });
    expect(results()[0]?.report?.results[0]?.assertions[0]).toMatchObject({
      passed: false,
      expected: 'a reply containing "Rainy"',
      actual: expect.stringContaining("Sunny"),
    });
  });

  it("stops a test run when asked: the tests after the one running are not run", async () => {
    onPost = (m) => {
      if (m.type === "tests_progress" && m.progress.type === "test_end") void host.handle({ type: "stop_tests", requestId: "r4" });
    };
    await host.handle({ type: "run_tests", requestId: "r4", document: weather });
    const report = results()[0]?.report;
    expect(report?.results.map((r) => r.status)).toEqual(["passed"]);
    expect(weather.tests.length).toBeGreaterThan(1);
  });
});
