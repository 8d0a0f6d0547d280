/**
 * Channel versions that never repeat across branches of a thread.
 *
 * Blobs are keyed by (channel, version). With LangGraph's integer versions, a
 * fork from an earlier checkpoint (time travel) mints the same version numbers
 * as the branch it left, and its blobs would overwrite that branch's values.
 * Like LangGraph's Python savers, we add a random fraction: versions stay
 * numbers (so the saver is a plain `BaseCheckpointSaver`), still increase by
 * at least one per step, and two branches never share one.
 */
export function nextChannelVersion(current: number | string | undefined): number {
  const previous = current === undefined ? 0 : Number.parseFloat(String(current));
  const counter = Number.isFinite(previous) ? Math.floor(previous) : 0;
  const [random = 0] = crypto.getRandomValues(new Uint32Array(1));
  // (random + 1) / (2^32 + 1) is strictly between 0 and 1.
  return counter + 1 + (random + 1) / 4294967297;
}
