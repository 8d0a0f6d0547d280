/** State channels every compiled graph has; user channels may not reuse these names. */
export const BUILTIN_CHANNELS = ["messages", "active_agent", "route", "actions", "results", "system_prompt", "iteration", "branches", "loops"] as const;

export type BuiltinChannel = (typeof BUILTIN_CHANNELS)[number];
