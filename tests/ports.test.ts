import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { portBlock, reservedPort } from "./support/ports.js";

const listening: Server[] = [];
function listen(port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => {
      listening.push(server);
      resolve((server.address() as { port: number }).port);
    });
  });
}

afterEach(async () => {
  await Promise.all(listening.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

describe("ports for servers a test starts elsewhere", () => {
  it("lie below the ports the OS hands out for port 0, so no other test's server can take one before the child binds it", async () => {
    const ephemeralStart = Number(readFileSync("/proc/sys/net/ipv4/ip_local_port_range", "utf8").trim().split(/\s+/)[0]);
    const reserved = await reservedPort();
    expect(reserved).toBeLessThan(ephemeralStart);
    const picked = await Promise.all(Array.from({ length: 20 }, () => listen(0)));
    expect(picked.every((port) => port >= ephemeralStart)).toBe(true);
    expect(picked).not.toContain(reserved);
  });

  it("are never handed out twice, nor while something listens on them", async () => {
    const first = await reservedPort();
    // Whatever is handed out next: occupy the ports right after the first.
    for (let port = first + 1; port <= first + 3; port++) await listen(port);
    const second = await reservedPort();
    expect(second).not.toBe(first);
    expect(second).toBeGreaterThan(first + 3);
    await expect(listen(second)).resolves.toBe(second);
  });

  it("come from a block of their own for each Vitest worker, Playwright worker and other process", () => {
    const blocks = [
      portBlock({ VITEST_POOL_ID: "1" }),
      portBlock({ VITEST_POOL_ID: "2" }),
      portBlock({ VITEST_POOL_ID: "3" }),
      portBlock({ TEST_PARALLEL_INDEX: "0" }),
      portBlock({ TEST_PARALLEL_INDEX: "1" }),
      portBlock({}, 4242),
    ];
    const sorted = [...blocks].sort((a, b) => a.start - b.start);
    for (let i = 1; i < sorted.length; i++) expect(sorted[i]!.start).toBeGreaterThanOrEqual(sorted[i - 1]!.start + sorted[i - 1]!.size);
    expect(blocks.every((block) => block.size >= 100)).toBe(true);
  });
});
