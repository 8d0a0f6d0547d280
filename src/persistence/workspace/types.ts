/** Services the workspace stores need: time and ids, swappable in tests. */
export interface WorkspaceClock {
  /** Now as an ISO 8601 string. */
  iso(): string;
  /** Now in milliseconds since the epoch. */
  now(): number;
}

export const systemClock: WorkspaceClock = { iso: () => new Date().toISOString(), now: () => Date.now() };
