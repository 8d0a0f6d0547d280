/**
 * Random ids for what a run makes many of (messages, tool calls, events): RFC 9562 version-4
 * UUIDs from the platform's CSPRNG, read 4 KiB at a time. `crypto.randomUUID()` asks the
 * operating system for 16 bytes on every call; in Chromium that costs microseconds, and an
 * agent's loop makes a few ids a step (about 1% of a 200-step loop's time). These ids name
 * things; they guard nothing, so holding the next few hundred in memory is fine.
 */

const POOL_BYTES = 4096;
const pool = new Uint8Array(POOL_BYTES);
let offset = POOL_BYTES;
const HEX = Array.from({ length: 256 }, (_, byte) => byte.toString(16).padStart(2, "0"));

/**
 * @example
 * randomId(); // "3b0f1c9e-7d2a-4c51-9e0b-52d6c3a8f417"
 */
export function randomId(): string {
  if (offset === POOL_BYTES) {
    globalThis.crypto.getRandomValues(pool);
    offset = 0;
  }
  const b = pool;
  const o = offset;
  offset += 16;
  // Version 4 in the high nibble of byte 6, the RFC variant (10xx) in the top bits of byte 8.
  const h = (i: number) => HEX[b[o + i] as number] as string;
  const version = HEX[((b[o + 6] as number) & 0x0f) | 0x40] as string;
  const variant = HEX[((b[o + 8] as number) & 0x3f) | 0x80] as string;
  return `${h(0)}${h(1)}${h(2)}${h(3)}-${h(4)}${h(5)}-${version}${h(7)}-${variant}${h(9)}-${h(10)}${h(11)}${h(12)}${h(13)}${h(14)}${h(15)}`;
}
