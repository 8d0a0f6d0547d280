import "fake-indexeddb/auto";
import { IDBFactory } from "fake-indexeddb";
import { describe, expect, it } from "vitest";
import { Database } from "../persistence/db.js";
import { createWorkspace } from "../persistence/workspace/index.js";
import { readSecretOrigins, TOOL_SECRET_ORIGINS_SETTING, toolSecretName } from "./protocol";
import { createToolSecrets } from "./toolSecretOrigins";

describe("tool secrets bound to origins in the browser", () => {
  it("gives a secret saved before origins existed an empty list, so its first use asks", async () => {
    const workspace = createWorkspace(new Database({ name: "secret-origins", indexedDB: new IDBFactory() }));
    await workspace.secrets.set(toolSecretName("GITHUB_TOKEN"), "ghp-old");
    const secrets = createToolSecrets(workspace);
    expect(await secrets.get("GITHUB_TOKEN")).toBe("ghp-old");
    expect(await secrets.allows("GITHUB_TOKEN", "https://api.github.com")).toBe(false);
  });

  it("keeps what it can of a malformed stored setting: string origins, normalized, per secret", () => {
    expect(readSecretOrigins(null)).toEqual({});
    expect(readSecretOrigins(["https://api.github.com"])).toEqual({});
    expect(readSecretOrigins({ A: "https://a.example", B: ["https://B.example/", 7, "ftp://c", "https://b.example"], C: [] })).toEqual({
      B: ["https://b.example"],
      C: [],
    });
  });

  it("writes the origin a person always allows to the secret's list, and allows only that origin", async () => {
    const workspace = createWorkspace(new Database({ name: "secret-origins", indexedDB: new IDBFactory() }));
    await workspace.secrets.set(toolSecretName("GITHUB_TOKEN"), "ghp-1");
    const secrets = createToolSecrets(workspace);
    await secrets.allow?.("GITHUB_TOKEN", "https://api.github.com");
    await secrets.allow?.("GITHUB_TOKEN", "https://api.github.com");
    expect(await workspace.settings.get(TOOL_SECRET_ORIGINS_SETTING, null)).toEqual({ GITHUB_TOKEN: ["https://api.github.com"] });
    expect(await secrets.allows("GITHUB_TOKEN", "https://api.github.com")).toBe(true);
    expect(await secrets.allows("GITHUB_TOKEN", "http://api.github.com")).toBe(false);
    expect(await secrets.allows("OTHER", "https://api.github.com")).toBe(false);
  });
});
