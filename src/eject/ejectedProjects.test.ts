// The real thing: ejected templates install from the registry, type-check (strict) and pass
// their own tests; a broken tool result makes them fail. One `npm install` serves every project:
// they are written side by side under one folder whose node_modules they all resolve. With them,
// wired-tools: its tests call a local HTTP service, server-everything and a model server that is down.
import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { writeProject } from "../../tests/support/ejectedProject.js";
import { startToolServer, WIRED_SECRETS, type ToolServer } from "../../tests/support/toolServer.js";
import { runDocumentTests } from "../cli/testCommand.js";
import { assertValid } from "../schema/index.js";
import { startEverythingServer, type EverythingServer } from "../tools/testing/everythingServer.js";
import { ejectDocument, type EjectOptions } from "./index.js";
import { flowDeskDocument, sageDocument } from "./testing/flowDesk.js";
import { nestedHandoffsDocument } from "./testing/nestedHandoffs.js";
import { pausesDocument } from "./testing/pausesDocument.js";
import { wiredToolsGraph } from "./testing/wiredToolsGraph.js";

const run = promisify(execFile);
const EXAMPLES = path.resolve(import.meta.dirname, "../../examples");
/** The three the issue asks for, Supervisor team for handoffs, Main agent team for agent tools and background tasks, Routed support for routing, Sage loop for flows, Personal assistant for plans and approvals: every template. */
const TEMPLATES = [
  "weather-assistant",
  "number-cruncher",
  "support-desk",
  "supervisor-team",
  "main-agent-team",
  "routed-support",
  "sage-loop",
  "personal-assistant",
];
const INSTALL_TIMEOUT = 600_000;
const PROJECT_TIMEOUT = 180_000;

const readExample = (name: string): Record<string, unknown> => JSON.parse(readFileSync(path.join(EXAMPLES, `${name}.json`), "utf8")) as Record<string, unknown>;
/** Documents for what no template uses: Pauses for approvals, questions, ask_user and destructive tools; handoffs two levels deep. */
const EXTRA: Record<string, () => Record<string, unknown>> = {
  pauses: () => pausesDocument() as Record<string, unknown>,
  "nested-handoffs": () => nestedHandoffsDocument() as Record<string, unknown>,
};
const documentOf = (name: string) => (Object.hasOwn(EXTRA, name) ? (EXTRA[name] as () => Record<string, unknown>)() : readExample(name));
const PROJECTS = [...TEMPLATES, ...Object.keys(EXTRA)];

interface Outcome {
  ok: boolean;
  output: string;
}

/** Runs an npm command in a folder, keeping what it printed whether it passed or not. */
async function npm(cwd: string, args: string[], timeout: number, env: Record<string, string> = {}): Promise<Outcome> {
  try {
    const { stdout, stderr } = await run("npm", args, {
      cwd,
      timeout,
      maxBuffer: 32 * 1024 * 1024,
      env: { ...process.env, NO_COLOR: "1", npm_config_update_notifier: "false", ...env },
    });
    return { ok: true, output: `${stdout}${stderr}` };
  } catch (error) {
    const failed = error as { stdout?: string; stderr?: string; message: string };
    return { ok: false, output: `${failed.stdout ?? ""}${failed.stderr ?? ""}\n${failed.message}` };
  }
}

/** The dependencies of every project, which must agree on each package's range. */
function unionOf(manifests: { dependencies: Record<string, string>; devDependencies: Record<string, string> }[]): Record<string, string> {
  const union: Record<string, string> = {};
  for (const manifest of manifests) {
    for (const [name, range] of Object.entries({ ...manifest.dependencies, ...manifest.devDependencies })) {
      if (union[name] !== undefined && union[name] !== range) throw new Error(`Projects disagree on ${name}: ${union[name]} and ${range}`);
      union[name] = range;
    }
  }
  return union;
}

/** The wired-tools project's provider key: a stand-in, so no real key ever goes to the test's "down" model server. */
const STAND_IN_OPENAI_KEY = "sk-stand-in-for-tests";

describe("ejected projects, installed from the registry", { timeout: INSTALL_TIMEOUT }, () => {
  const root = mkdtempSync(path.join(tmpdir(), "ejected-projects-"));
  let install: Outcome = { ok: false, output: "not run" };
  // The wired-tools project calls these for real: an HTTP service (and a model server that is down) and an MCP server.
  let toolServer: ToolServer;
  let everything: EverythingServer;
  let wired: Record<string, unknown>;

  beforeAll(async () => {
    toolServer = await startToolServer();
    everything = await startEverythingServer({ requiredHeaders: { "X-Api-Key": WIRED_SECRETS.EVERYTHING_KEY } });
    wired = wiredToolsGraph({ http: toolServer.origin, mcp: everything.url });
    const projects: (readonly [string, unknown, EjectOptions?])[] = [...PROJECTS.map((name) => [name, documentOf(name)] as const), ["wired-tools", wired]];
    // The flow constructs no template uses yet: Switch, Parallel, a Planner's meta-tools and a Subgraph node with its saved graph.
    projects.push(["flow-desk", flowDeskDocument(), { subgraphs: [sageDocument()] }]);
    // Weather assistant with a broken tool: get_weather's answer for Paris no longer says it is sunny.
    const broken = readExample("weather-assistant") as { tools: { id: string; config: { responses: { when?: string; result?: string }[] } }[] };
    const weather = broken.tools.find((t) => t.id === "get_weather");
    const paris = weather?.config.responses.find((r) => r.when === "Paris");
    if (!paris) throw new Error("weather-assistant's get_weather has no Paris response any more: update this test");
    paris.result = "Heavy rain, 9°C in {{ args.city }}";
    projects.push(["broken-weather", broken]);
    const manifests = [];
    for (const [name, document, options] of projects) {
      const result = await ejectDocument(document, options);
      writeProject(path.join(root, name), result);
      manifests.push(JSON.parse(result.files.find((f) => f.path === "package.json")?.text ?? "{}") as Parameters<typeof unionOf>[0][number]);
    }
    mkdirSync(root, { recursive: true });
    writeFileSync(path.join(root, "package.json"), JSON.stringify({ name: "ejected-projects", private: true, dependencies: unionOf(manifests) }, null, 2));
    install = await npm(root, ["install", "--no-audit", "--no-fund", "--prefer-offline"], INSTALL_TIMEOUT);
  }, INSTALL_TIMEOUT);

  // Removing an installed node_modules takes seconds, more on a busy machine.
  afterAll(async () => {
    await Promise.all([everything?.close(), toolServer?.close()]);
    await rm(root, { recursive: true, force: true });
  }, INSTALL_TIMEOUT);

  it("installs the generated projects' dependencies from the registry", () => {
    expect(install.ok, `npm install in ${root} failed:\n${install.output}`).toBe(true);
  });

  it.each(PROJECTS)("%s type-checks (strict) and passes the graph's own tests", { timeout: PROJECT_TIMEOUT }, async (name) => {
    expect(install.ok, "npm install failed (see the install test)").toBe(true);
    const dir = path.join(root, name);
    const typecheck = await npm(dir, ["run", "typecheck"], PROJECT_TIMEOUT);
    expect(typecheck.ok, `tsc --noEmit failed in the ejected ${name}:\n${typecheck.output}`).toBe(true);
    const tests = await npm(dir, ["test"], PROJECT_TIMEOUT);
    expect(tests.ok, `npm test failed in the ejected ${name}:\n${tests.output}`).toBe(true);
    const graphTests = (documentOf(name).tests as unknown[]).length;
    expect(tests.output).toMatch(new RegExp(`# pass ${graphTests}\\b`));
  });

  it(
    "writes the flow constructs (Switch, Parallel, meta-tools planning, a Subgraph's child graph) as code that type-checks and passes the graph's tests",
    { timeout: PROJECT_TIMEOUT },
    async () => {
      expect(install.ok, "npm install failed (see the install test)").toBe(true);
      const dir = path.join(root, "flow-desk");
      const typecheck = await npm(dir, ["run", "typecheck"], PROJECT_TIMEOUT);
      expect(typecheck.ok, `tsc --noEmit failed in the ejected Flow desk:\n${typecheck.output}`).toBe(true);
      const tests = await npm(dir, ["test"], PROJECT_TIMEOUT);
      expect(tests.ok, `npm test failed in the ejected Flow desk:\n${tests.output}`).toBe(true);
      expect(tests.output).toMatch(new RegExp(`# pass ${(flowDeskDocument().tests ?? []).length}\\b`));
    },
  );

  it("fails the generated tests when a tool returns a broken result", { timeout: PROJECT_TIMEOUT }, async () => {
    expect(install.ok, "npm install failed (see the install test)").toBe(true);
    const tests = await npm(path.join(root, "broken-weather"), ["test"], PROJECT_TIMEOUT);
    expect(tests.ok, `npm test passed with a broken tool result:\n${tests.output}`).toBe(false);
    expect(tests.output).toContain("not ok 1 - Paris is sunny, via get_weather");
    expect(tests.output).toContain('Expected: Reply contains "Sunny"');
    expect(tests.output).toContain("Actual: Right now: Heavy rain, 9°C in Paris.");
    expect(tests.output).toMatch(/# fail 1\b/);
  });

  it(
    "wired-tools calls its HTTP service, its MCP server and its fallback model for real, secrets from the environment",
    { timeout: PROJECT_TIMEOUT },
    async () => {
      expect(install.ok, "npm install failed (see the install test)").toBe(true);
      const dir = path.join(root, "wired-tools");
      const typecheck = await npm(dir, ["run", "typecheck"], PROJECT_TIMEOUT);
      expect(typecheck.ok, `tsc --noEmit failed in the ejected wired-tools:\n${typecheck.output}`).toBe(true);
      const tests = await npm(dir, ["test"], PROJECT_TIMEOUT, { ...WIRED_SECRETS, OPENAI_API_KEY: STAND_IN_OPENAI_KEY });
      expect(tests.ok, `npm test failed in the ejected wired-tools:\n${tests.output}`).toBe(true);
      expect(tests.output).toMatch(new RegExp(`# pass ${(wired.tests as unknown[]).length}\\b`));
      // Each model call went to the OpenAI profile first, with the key from the environment, and the scripted fallback answered.
      expect(toolServer.modelRequests().length).toBeGreaterThanOrEqual((wired.tests as unknown[]).length);
      expect(new Set(toolServer.modelRequests().map((r) => r.authorization))).toEqual(new Set([`Bearer ${STAND_IN_OPENAI_KEY}`]));
      expect(toolServer.requests()).toContain(`GET /forecast/S%C3%A3o%20Paulo?units=metric&key=${WIRED_SECRETS.WEATHER_KEY}`);
      // No secret value is written in the project: they come from the environment only.
      const written = (await ejectDocument(wired)).files.map((f) => f.text).join("\n");
      for (const value of Object.values(WIRED_SECRETS)) expect(written).not.toContain(value);
    },
  );

  it("wired-tools fails its tests without the secrets its services need", { timeout: PROJECT_TIMEOUT }, async () => {
    expect(install.ok, "npm install failed (see the install test)").toBe(true);
    const tests = await npm(path.join(root, "wired-tools"), ["test"], PROJECT_TIMEOUT, {
      WEATHER_TOKEN: "wrong",
      WEATHER_KEY: WIRED_SECRETS.WEATHER_KEY,
      EVERYTHING_KEY: "",
      OPENAI_API_KEY: STAND_IN_OPENAI_KEY,
    });
    expect(tests.ok, `npm test passed without the right secrets:\n${tests.output}`).toBe(false);
    expect(tests.output).toContain("answered HTTP 401");
    expect(tests.output).toContain("needs the secret EVERYTHING_KEY, which is not set: set the environment variable EVERYTHING_KEY");
    expect(tests.output).toMatch(/# fail 2\b/);
  });

  it("wired-tools' tests pass on our engine too, with the same services", { timeout: PROJECT_TIMEOUT }, async () => {
    const secrets = Object.entries(WIRED_SECRETS);
    for (const [name, value] of secrets) vi.stubEnv(`GRAPHWRIGHT_SECRET_${name}`, value);
    vi.stubEnv("GRAPHWRIGHT_SECRET_WEATHER_TOKEN_ORIGINS", toolServer.origin);
    vi.stubEnv("GRAPHWRIGHT_SECRET_WEATHER_KEY_ORIGINS", toolServer.origin);
    vi.stubEnv("GRAPHWRIGHT_SECRET_EVERYTHING_KEY_ORIGINS", everything.origin);
    vi.stubEnv("OPENAI_API_KEY", STAND_IN_OPENAI_KEY);
    try {
      const report = await runDocumentTests(assertValid(wired), root);
      expect(report.results.filter((r) => r.status !== "passed").map((r) => `${r.name}: ${r.error ?? JSON.stringify(r.assertions)}`)).toEqual([]);
      expect(report.passed).toBe((wired.tests as unknown[]).length);
    } finally {
      vi.unstubAllEnvs();
    }
  });
});
