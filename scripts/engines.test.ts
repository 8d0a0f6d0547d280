// The Node version `package.json` promises must be one every installed package accepts:
// `@langchain/openai` ≥ 1.5.9 (with `openai` 7) asks for Node 22, and we run on Node 20.
import { readFileSync } from "node:fs";
import semver from "semver";
import { describe, expect, it } from "vitest";

const root = new URL("../", import.meta.url);
const manifest = JSON.parse(readFileSync(new URL("package.json", root), "utf8")) as { engines: { node: string } };
const lock = JSON.parse(readFileSync(new URL("package-lock.json", root), "utf8")) as {
  packages: Record<string, { engines?: { node?: string } | string[] }>;
};

/** Packages in the lock file whose `engines.node` refuses the lowest Node version we promise. */
export function packagesRefusing(nodeRange: string, packages: typeof lock.packages): string[] {
  const lowest = semver.minVersion(nodeRange);
  if (!lowest) throw new Error(`engines.node "${nodeRange}" names no version`);
  return Object.entries(packages)
    .filter(([, meta]) => {
      const wanted = !Array.isArray(meta.engines) ? meta.engines?.node : undefined;
      return wanted !== undefined && !semver.satisfies(lowest, wanted);
    })
    .map(([path]) => path);
}

describe("engines", () => {
  it("every locked package accepts the lowest Node version package.json promises", () => {
    expect(packagesRefusing(manifest.engines.node, lock.packages)).toEqual([]);
  });

  it("a package that wants Node 22 is reported against a Node 20 promise", () => {
    const packages = { "node_modules/openai": { engines: { node: ">=22.0.0" } }, "node_modules/zod": {} };
    expect(packagesRefusing(">=20.19", packages)).toEqual(["node_modules/openai"]);
  });
});
