// The generated project is checked against the APIs installed here: its versions must be ours.
import { readFileSync } from "node:fs";
import path from "node:path";
import semver from "semver";
import { describe, expect, it } from "vitest";
import { GENERATED_DEPENDENCIES, GENERATED_DEV_DEPENDENCIES } from "./versions.js";

const ROOT = path.resolve(import.meta.dirname, "../..");
const installedVersion = (name: string): string =>
  (JSON.parse(readFileSync(path.join(ROOT, "node_modules", name, "package.json"), "utf8")) as { version: string }).version;
const ours = JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8")) as {
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};

describe("the generated project's dependency versions", () => {
  it.each(Object.entries(GENERATED_DEPENDENCIES))("%s is the range this project declares", (name, range) => {
    expect(range).toBe(ours.dependencies[name]);
  });

  it.each(Object.entries({ ...GENERATED_DEPENDENCIES, ...GENERATED_DEV_DEPENDENCIES }))("%s's range holds the version installed here", (name, range) => {
    const installed = installedVersion(name === "typescript" ? "typescript7" : name);
    expect(semver.satisfies(installed, range), `${name} ${installed} is outside ${range}`).toBe(true);
  });

  it("uses the TypeScript 7 compiler and the tsx runner installed here", () => {
    expect(GENERATED_DEV_DEPENDENCIES.typescript).toBe(ours.devDependencies.typescript7?.replace("npm:typescript@", ""));
    expect(GENERATED_DEV_DEPENDENCIES.tsx).toBe(ours.devDependencies.tsx);
    expect(GENERATED_DEV_DEPENDENCIES["@types/node"]).toBe(ours.devDependencies["@types/node"]);
  });
});
