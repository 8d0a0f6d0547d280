/** `npm start` serves the app: the dev server starts, serves index.html and compiles the entry. */
import { describe, expect, it } from "vitest";
import { spawn } from "node:child_process";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");

describe("npm start", () => {
  it("serves the app shell and its entry module", async () => {
    const child = spawn("npm", ["start", "--", "--port", "0", "--strictPort=false", "--host", "127.0.0.1"], {
      cwd: root,
      env: { ...process.env, BROWSER: "none" },
      detached: true,
    });
    try {
      const url = await new Promise<string>((resolve, reject) => {
        let output = "";
        const timer = setTimeout(() => reject(new Error(`dev server did not start:\n${output}`)), 30_000);
        const onData = (chunk: Buffer) => {
          output += chunk.toString();
          // eslint-disable-next-line no-control-regex
          const match = /Local:\s+(http:\/\/\S+)/.exec(output.replace(/\x1b\[[0-9;]*m/g, ""));
          if (match?.[1]) {
            clearTimeout(timer);
            resolve(match[1]);
          }
        };
        child.stdout.on("data", onData);
        child.stderr.on("data", onData);
        child.on("exit", (code) => reject(new Error(`dev server exited with ${code}:\n${output}`)));
      });
      const html = await (await fetch(url)).text();
      expect(html).toContain('<div id="root"');
      expect(html).toContain("<title>Graphwright</title>");
      const entry = await fetch(new URL("/src/main.tsx", url));
      expect(entry.status).toBe(200);
      expect(await entry.text()).toContain("createRoot");
    } finally {
      if (child.pid) process.kill(-child.pid, "SIGTERM");
    }
  }, 60_000);
});
