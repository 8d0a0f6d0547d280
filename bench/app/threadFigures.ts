/**
 * The UI figures of issue 17's run and thread half: first token after Send on a fresh page and
 * warm, and a 1,000-turn thread's open (time, JS heap, timeline mount). Run with the other UI
 * figures, or alone (`npm run bench -- --only=first_token_cold_ms`).
 */
import type { Browser } from "@playwright/test";
import type { Figure } from "./figure.js";
import { firstTokenFigures, measureFirstToken } from "./firstToken.js";
import { longThreadFigures, measureLongThread } from "./longThread.js";
import type { AppServer } from "./server.js";
import { measureEach } from "../measureEach.js";

type Log = (line: string) => void;

export const THREAD_SCENARIOS: Record<string, (browser: Browser, server: AppServer) => Promise<Figure>> = {
  first_token_cold_ms: async (browser, server) => firstTokenFigures(await measureFirstToken(browser, server.url)).cold,
  first_token_warm_ms: async (browser, server) => firstTokenFigures(await measureFirstToken(browser, server.url)).warm,
  thread_1000_turns_open_ms: async (browser, server) => longThreadFigures(await measureLongThread(browser, server.url)).open,
  thread_1000_turns_heap_mb: async (browser, server) => longThreadFigures(await measureLongThread(browser, server.url)).heap,
};

/** Each scenario in turn; one that throws is recorded as failed and the next still runs. */
export async function measureThreadFigures(browser: Browser, server: AppServer, log: Log): Promise<Record<string, Figure>> {
  return measureEach(
    [
      {
        label: "  (k) first token after Send, on a fresh page and warm…",
        figures: ["first_token_cold_ms", "first_token_warm_ms"],
        measure: async () => {
          const firstToken = firstTokenFigures(await measureFirstToken(browser, server.url));
          return { first_token_cold_ms: firstToken.cold, first_token_warm_ms: firstToken.warm };
        },
      },
      {
        label: "  (l) a thread of 1,000 turns: open, JS heap, timeline mount…",
        figures: ["thread_1000_turns_open_ms", "thread_1000_turns_heap_mb"],
        measure: async () => {
          const thread = longThreadFigures(await measureLongThread(browser, server.url));
          return { thread_1000_turns_open_ms: thread.open, thread_1000_turns_heap_mb: thread.heap };
        },
      },
    ],
    log,
  );
}
