import "fake-indexeddb/auto";
import { IDBFactory } from "fake-indexeddb";
import { afterEach, describe, expect, it } from "vitest";
import { Database } from "../persistence/db.js";
import { createWorkspace, type Workspace } from "../persistence/workspace/index.js";
import { PROVIDER_SECRETS, TOOL_SECRET_PREFIX } from "./protocol";
import { readSecrets, type CredentialStore } from "./providerKeys";
import { createWorkerRedaction } from "./redaction";

const KEYS = ["sk-proj-FIRSTq7W9zX41bLmNpRtVy83KdHs0Ff", "sk-proj-SECONDz41bLmNpRtVy83KdHs0Ffq7W9"];

let database: Database | null = null;
afterEach(async () => {
  await database?.close();
  database = null;
});

function workspace(): Workspace {
  database = new Database({ name: "credential-reads", indexedDB: new IDBFactory() });
  return createWorkspace(database);
}

describe("the worker's reads of saved keys", () => {
  it("reads every secret in one read of the store: provider keys, tool secrets and the server key", async () => {
    const ws = workspace();
    await ws.secrets.set(PROVIDER_SECRETS.openai, KEYS[0]!);
    await ws.secrets.set(`${TOOL_SECRET_PREFIX}WEATHER`, "weather-token-123456");
    const calls: string[] = [];
    const counted: CredentialStore = {
      settings: ws.settings,
      secrets: {
        reveal: (name) => (calls.push(`reveal ${name}`), ws.secrets.reveal(name)),
        list: () => (calls.push("list"), ws.secrets.list()),
        revealAll: () => (calls.push("revealAll"), ws.secrets.revealAll()),
      },
    };
    const redaction = createWorkerRedaction(counted);
    const credentials = await redaction.refresh();
    expect(calls).toEqual(["revealAll"]);
    expect(credentials.openai).toBe(KEYS[0]);
    expect(redaction.current().redact(`token weather-token-123456 and ${KEYS[0]}`)).not.toMatch(/weather-token-123456|FIRST/);
  });

  it("gives a run the keys of the redactor's own read, so a key saved in between is never used unmasked", async () => {
    const ws = workspace();
    let reads = 0;
    // Each read sees the key another tab has just replaced.
    const changing: CredentialStore = {
      settings: ws.settings,
      secrets: {
        reveal: async () => KEYS[reads++ % 2],
        revealAll: async () => new Map([[PROVIDER_SECRETS.openai, KEYS[reads++ % 2]!]]),
      },
    };
    const redaction = createWorkerRedaction(changing);
    for (let i = 0; i < 4; i++) {
      const { openai } = await redaction.refresh();
      expect(redaction.current().redact(`key ${openai}`)).toBe(`key ${redaction.current().redact(openai!)}`);
      expect(redaction.current().redact(openai!)).not.toContain(openai!.slice(8, 20));
    }
  });

  it("reads the named secrets and every tool secret one by one from a store that cannot give them all", async () => {
    const saved: Record<string, string> = { [PROVIDER_SECRETS.anthropic]: "anthropic-key", [`${TOOL_SECRET_PREFIX}A`]: "tool-a", other: "not-asked" };
    const store: CredentialStore = {
      settings: { get: async (_key, fallback) => fallback },
      secrets: { reveal: async (name) => saved[name], list: async () => Object.keys(saved).map((name) => ({ name })) },
    };
    const secrets = await readSecrets(store, [PROVIDER_SECRETS.openai, PROVIDER_SECRETS.anthropic]);
    expect(Object.fromEntries(secrets)).toEqual({ [PROVIDER_SECRETS.anthropic]: "anthropic-key", [`${TOOL_SECRET_PREFIX}A`]: "tool-a" });
  });
});
