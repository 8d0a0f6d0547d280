/**
 * Ports for the servers a test starts in another process, or starts again on the same port.
 *
 * A port the OS hands out for `listen(0)` comes from its ephemeral range: once released, the next
 * `listen(0)` anywhere on the machine (another test's mock provider, say) may be handed the very
 * same number before the child process binds it, and the test then talks to the wrong server.
 * The ports here lie below the ephemeral range, where `listen(0)` never lands, in a block of their
 * own for each test worker (Vitest's pool, Playwright's parallel index), so no two workers pick
 * the same one either.
 */
import { readFileSync } from "node:fs";
import { createServer } from "node:net";

const LOWEST = 10_000;
/** Linux's default start of the ephemeral range, when the kernel's setting cannot be read. */
const EPHEMERAL_START = 32_768;
const BLOCKS = 32;

function ephemeralStart(): number {
  try {
    const low = Number(readFileSync("/proc/sys/net/ipv4/ip_local_port_range", "utf8").trim().split(/\s+/)[0]);
    return Number.isInteger(low) && low > LOWEST + BLOCKS ? low : EPHEMERAL_START;
  } catch {
    return EPHEMERAL_START;
  }
}

/**
 * The ports a process may hand out: Vitest's workers own the first half of the blocks, Playwright's
 * the next quarter, any other process one of the rest by its pid.
 */
export function portBlock(env: NodeJS.ProcessEnv = process.env, pid = process.pid): { start: number; size: number } {
  const size = Math.floor((ephemeralStart() - LOWEST) / BLOCKS);
  const half = BLOCKS / 2;
  const quarter = BLOCKS / 4;
  const index = env.VITEST_POOL_ID
    ? Number(env.VITEST_POOL_ID) % half
    : env.TEST_PARALLEL_INDEX
      ? half + (Number(env.TEST_PARALLEL_INDEX) % quarter)
      : half + quarter + (pid % quarter);
  return { start: LOWEST + index * size, size };
}

const { start, size } = portBlock();
let next = 0;

function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once("error", () => resolve(false));
    probe.listen(port, "127.0.0.1", () => probe.close(() => resolve(true)));
  });
}

/**
 * A port on 127.0.0.1 that nothing listens on now and that no other test will be handed.
 *
 * @example
 * const port = await reservedPort();
 * spawn("npx", ["langgraphjs", "dev", "--host", "127.0.0.1", "--port", String(port)]);
 */
export async function reservedPort(): Promise<number> {
  for (let tries = 0; tries < size; tries++) {
    const port = start + (next++ % size);
    if (await isFree(port)) return port;
  }
  throw new Error(`No free port in ${start}–${start + size - 1} on 127.0.0.1.`);
}
