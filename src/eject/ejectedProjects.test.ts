// The real thing: ejected templates install from the registry, type-check (strict) and pass
// their own tests; a broken tool result makes them fail. One `npm install` serves every project:
// they are written side by side under one folder whose node_modules they all resolve.
import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { writeProject } from "../../tests/support/ejectedProject.js";
import { ejectDocument } from "./index.js";
import { nestedHandoffsDocument } from "./testing/nestedHandoffs.js";
import { pausesDocument } from "./testing/pausesDocument.js";

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
async function npm(cwd: string, args: string[], timeout: number): Promise<Outcome> {
  try {
    const { stdout, stderr } = await run("npm", args, {
      cwd,
      timeout,
      maxBuffer: 32 * 1024 * 1024,
      env: { ...process.env, NO_COLOR: "1", npm_config_update_notifier: "false" },
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

describe("ejected projects, installed from the registry", { timeout: INSTALL_TIMEOUT }, () => {
  const root = mkdtempSync(path.join(tmpdir(), "ejected-projects-"));
  let install: Outcome = { ok: false, output: "not run" };

  beforeAll(async () => {
    const projects = [...PROJECTS.map((name) => [name, documentOf(name)] as const)];
    // Weather assistant with a broken tool: get_weather's answer for Paris no longer says it is sunny.
    const broken = readExample("weather-assistant") as { tools: { id: string; config: { responses: { when?: string; result?: string }[] } }[] };
    const weather = broken.tools.find((t) => t.id === "get_weather");
    const paris = weather?.config.responses.find((r) => r.when === "Paris");
    if (!paris) throw new Error("weather-assistant's get_weather has no Paris response any more: update this test");
    paris.result = "Heavy rain, 9°C in {{ args.city }}";
    projects.push(["broken-weather", broken]);
    const manifests = [];
    for (const [name, document] of projects) {
      const result = await ejectDocument(document);
      writeProject(path.join(root, name), result);
      manifests.push(JSON.parse(result.files.find((f) => f.path === "package.json")?.text ?? "{}") as Parameters<typeof unionOf>[0][number]);
    }
    mkdirSync(root, { recursive: true });
    writeFileSync(path.join(root, "package.json"), JSON.stringify({ name: "ejected-projects", private: true, dependencies: unionOf(manifests) }, null, 2));
    install = await npm(root, ["install", "--no-audit", "--no-fund", "--prefer-offline"], INSTALL_TIMEOUT);
  }, INSTALL_TIMEOUT);

  // Removing an installed node_modules takes seconds, more on a busy machine.
  afterAll(() => rm(root, { recursive: true, force: true }), INSTALL_TIMEOUT);

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

  it("fails the generated tests when a tool returns a broken result", { timeout: PROJECT_TIMEOUT }, async () => {
    expect(install.ok, "npm install failed (see the install test)").toBe(true);
    const tests = await npm(path.join(root, "broken-weather"), ["test"], PROJECT_TIMEOUT);
    expect(tests.ok, `npm test passed with a broken tool result:\n${tests.output}`).toBe(false);
    expect(tests.output).toContain("not ok 1 - Paris is sunny, via get_weather");
    expect(tests.output).toContain('Expected: Reply contains "Sunny"');
    expect(tests.output).toContain("Actual: Right now: Heavy rain, 9°C in Paris.");
    expect(tests.output).toMatch(/# fail 1\b/);
  });
});
