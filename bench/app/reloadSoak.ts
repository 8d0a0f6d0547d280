/**
 * Figure: the reload soak (issue 12, finding 8; budget: 200 reloads at random moments during
 * runs, 0 messages lost or duplicated, every turn answered or marked interrupted). On the
 * Weather template, over and over: send a question, reload the page at a random moment
 * 0–1.5 s after Send (a seeded PRNG: the seed is reported and `--seed=` replays a run), wait
 * until the app has settled, then read the whole thread as the user sees it and judge every
 * turn sent to it (soakTally.ts). A fresh thread every `--thread-turns` turns keeps each thread
 * within the chat's first page of messages. `--reloads=N` (or RELOAD_SOAK_RELOADS) sets the count.
 */
import type { Browser, Page } from "@playwright/test";
import { round, type Figure } from "./figure.js";
import { newBenchContext } from "./frames.js";
import { tallyThread, type SentTurn, type ShownMessage, type ThreadTally } from "./soakTally.js";
import { storedRuns } from "./storedRuns.js";

export interface ReloadSoakOptions {
  reloads: number;
  seed: number;
  /** Turns per thread before the soak opens a new one. */
  threadTurns: number;
  /** Reloads land uniformly in [0, maxDelayMs] after Send. */
  maxDelayMs: number;
  /**
   * The template's scripted model pace: at its own 60 tokens a second a turn is over in about a
   * second and most reloads would come after it; slower, most come mid-run.
   */
  tokensPerSecond: number;
}

/** The soak's knobs from the command line (`--reloads=`, `--seed=`, `--thread-turns=`) or the environment. */
export function soakOptions(argv: readonly string[] = process.argv, env: NodeJS.ProcessEnv = process.env): ReloadSoakOptions {
  const flag = (name: string) => argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
  const int = (value: string | undefined, fallback: number) => (value !== undefined && /^\d+$/.test(value) ? Number(value) : fallback);
  return {
    reloads: int(flag("reloads") ?? env.RELOAD_SOAK_RELOADS, 200),
    seed: int(flag("seed") ?? env.RELOAD_SOAK_SEED, Date.now() % 2 ** 31),
    threadTurns: Math.max(1, int(flag("thread-turns"), 20)),
    maxDelayMs: 1_500,
    tokensPerSecond: Math.max(1, int(flag("tokens-per-second"), 15)),
  };
}

/** mulberry32: a small seeded PRNG, so a soak's reload moments can be replayed. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}

/** A city name per turn, three letters (unique for 17,576 turns); the template's weather rule takes letters, spaces and dashes. */
function city(turn: number): string {
  let name = "";
  for (let n = turn, i = 0; i < 3; i++, n = Math.floor(n / 26)) name = String.fromCharCode(97 + (n % 26)) + name;
  return `Soak ${name}`;
}

function turnOf(turn: number): SentTurn {
  const place = city(turn);
  return {
    text: `What's the weather in ${place}?`,
    answer: `Assistant: Right now: Partly cloudy, 18°C in ${place}.`,
    steps: [`Assistant: Let me check the weather in ${place}.`],
  };
}

interface ChatReading {
  status: string;
  messages: ShownMessage[];
}

const playgroundOf = (page: Page) => page.getByRole("region", { name: "Playground", exact: true });

function readChat(page: Page): Promise<ChatReading> {
  return playgroundOf(page).evaluate((region) => {
    const articles = [...region.querySelectorAll("article")];
    return {
      status: region.querySelector('[role="status"]')?.textContent?.trim() ?? "",
      messages: articles.map((a) => ({
        label: a.getAttribute("aria-label") ?? "",
        retry: [...a.querySelectorAll("button")].some((b) => b.textContent?.trim() === "Retry"),
      })),
    };
  });
}

/** Waits until the turn of `turn` shows its answer or its interrupted mark and no run is Running (or `timeoutMs` passes). */
async function settle(page: Page, turn: SentTurn, timeoutMs: number): Promise<boolean> {
  const region = await playgroundOf(page).elementHandle({ timeout: timeoutMs });
  return page
    .waitForFunction(
      ({ region, text, answer }) => {
        if (region.querySelector('[role="status"]')?.textContent?.trim() === "Running") return false;
        const articles = [...region.querySelectorAll("article")];
        const start = articles.findLastIndex((a) => a.getAttribute("aria-label") === `User: ${text}`);
        if (start < 0) return false;
        return articles.slice(start + 1).some((a) => {
          const label = a.getAttribute("aria-label") ?? "";
          if (label.startsWith("User: ")) return false;
          return label === answer || (label.startsWith("Error: This turn was interrupted") && a.textContent?.includes("Retry"));
        });
      },
      { region, ...turn },
      { timeout: timeoutMs, polling: 100 },
    )
    .then(() => true)
    .catch(() => false)
    .finally(() => void region.dispose());
}

async function openApp(page: Page, reload: boolean, log: (line: string) => void = () => {}): Promise<void> {
  if (reload) {
    await page.reload({ waitUntil: "domcontentloaded" }).catch(async (error: unknown) => {
      // A reload that lands while the server is busy can fail; the soak is about the app, so load it again.
      log(`  reload of ${page.url()} failed (${error instanceof Error ? error.message.split("\n")[0] : String(error)}); loading it again`);
      await page.goto(page.url(), { waitUntil: "domcontentloaded" });
    });
  }
  await page.getByRole("heading", { level: 1, name: "Graphwright" }).waitFor({ timeout: 60_000 });
  await playgroundOf(page).getByRole("textbox", { name: "Message", exact: true }).waitFor({ timeout: 60_000 });
}

/** Sets the Assistant's scripted model pace in the inspector and waits until the graph is saved. */
async function setPace(page: Page, tokensPerSecond: number): Promise<void> {
  await page.getByRole("region", { name: "Canvas", exact: true }).getByRole("group", { name: "Assistant", exact: true }).click();
  const field = page.getByRole("region", { name: "Inspector", exact: true }).getByLabel("Tokens per second", { exact: true });
  await field.fill(String(tokensPerSecond));
  await field.press("Tab");
  await page.getByRole("banner").getByText("All changes saved").waitFor({ timeout: 30_000 });
}

export interface ReloadSoakResult extends Omit<ThreadTally, "outcomes" | "problems" | "turns"> {
  seed: number;
  tokens_per_second: number;
  reloads: number;
  turns: number;
  threads: number;
  /** Reloads that came while the status said Running. */
  reloads_during_run: number;
  /** Reloads that came before the sent message was shown in the chat. */
  reloads_before_shown: number;
  /** Messages not sent (Enter came while the previous run was still ending) and found in the box after the reload, then sent. */
  kept_in_box: number;
  /** Turns that did not settle within the wait (their state is still judged). */
  unsettled: number;
  delay_ms: { min: number; median: number; max: number };
  duration_s: number;
  page_errors: string[];
  problems: string[];
}

export async function measureReloadSoak(
  browser: Browser,
  url: string,
  options: ReloadSoakOptions,
  log: (line: string) => void = () => {},
): Promise<ReloadSoakResult> {
  const random = seededRandom(options.seed);
  const started = Date.now();
  const context = await newBenchContext(browser);
  const pageErrors: string[] = [];
  const finals: ThreadTally[] = [];
  const problems = new Set<string>();
  const delays: number[] = [];
  let duringRun = 0;
  let beforeShown = 0;
  let unsettled = 0;
  let keptInBox = 0;
  try {
    const page = await context.newPage();
    let current = 0;
    page.on("pageerror", (error) => pageErrors.push(`reload ${current}: ${error.message}`));
    page.on("console", (message) => {
      if (message.type() === "error") pageErrors.push(`reload ${current}: ${message.text().slice(0, 300)}`);
    });
    await page.goto(url);
    await openApp(page, false);
    const graphName = await page.getByRole("textbox", { name: "Graph name" }).inputValue();
    if (graphName !== "Weather assistant") throw new Error(`BENCH_SOAK: expected the Weather template to open first, got "${graphName}"`);
    await setPace(page, options.tokensPerSecond);
    const playground = playgroundOf(page);
    const message = playground.getByRole("textbox", { name: "Message", exact: true });
    let sent: SentTurn[] = [];
    let tally: ThreadTally | undefined;
    for (let i = 0; i < options.reloads; i++) {
      if (i > 0 && i % options.threadTurns === 0) {
        if (tally) finals.push(tally);
        await playground.getByRole("button", { name: "New thread", exact: true }).click();
        await playground.getByRole("article").first().waitFor({ state: "detached", timeout: 30_000 });
        sent = [];
        tally = undefined;
      }
      current = i + 1;
      const turn = turnOf(i);
      sent.push(turn);
      const delay = Math.round(random() * options.maxDelayMs);
      delays.push(delay);
      await message.fill(turn.text);
      await message.press("Enter");
      const sentAt = Date.now();
      await page.waitForTimeout(Math.max(0, sentAt + delay - Date.now()));
      const before = await readChat(page);
      if (before.status === "Running") duringRun++;
      if (!before.messages.some((m) => m.label === `User: ${turn.text}`)) beforeShown++;
      await openApp(page, true, log);
      // Enter pressed while the previous run was still ending sends nothing: the text stays in the
      // box, and the box keeps it across the reload. A person sends it again once Send is enabled.
      if ((await message.inputValue()) === turn.text) {
        keptInBox++;
        await playground.getByRole("button", { name: "Send", exact: true }).and(page.locator(":enabled")).waitFor({ timeout: 45_000 });
        await message.press("Enter");
      }
      if (!(await settle(page, turn, 45_000))) unsettled++;
      const after = await readChat(page);
      tally = tallyThread(after.messages, sent);
      for (const [k, problem] of tally.problems.entries()) {
        if (problems.has(problem)) continue;
        const outcome = tally.outcomes.findIndex((o, j) => o !== "answered" && o !== "interrupted" && problem.includes(sent[j]!.text));
        const stored = outcome >= 0 ? `; stored: ${await storedRuns(page, sent[outcome]!.text)}` : "";
        log(`  reload ${i + 1} (${delay} ms after Send, status ${before.status} → ${after.status}): ${problem}${stored}`);
        if (k > 20) break;
      }
      for (const problem of tally.problems) problems.add(problem);
      if ((i + 1) % 10 === 0) log(`  ${i + 1}/${options.reloads} reloads, ${problems.size} problems`);
    }
    // Stored as shown: one more reload shows the last thread as it was judged.
    await openApp(page, true);
    if (sent.length > 0) {
      await settle(page, sent.at(-1)!, 45_000);
      tally = tallyThread((await readChat(page)).messages, sent);
      for (const problem of tally.problems) problems.add(problem);
    }
    if (tally) finals.push(tally);
  } finally {
    await context.close();
  }
  const sum = (key: "answered" | "interrupted" | "unanswered" | "lost" | "replies_lost" | "duplicated") => finals.reduce((total, t) => total + t[key], 0);
  const sorted = [...delays].sort((a, b) => a - b);
  return {
    seed: options.seed,
    tokens_per_second: options.tokensPerSecond,
    reloads: delays.length,
    turns: finals.reduce((total, t) => total + t.turns, 0),
    threads: finals.length,
    answered: sum("answered"),
    interrupted: sum("interrupted"),
    unanswered: sum("unanswered"),
    lost: sum("lost"),
    replies_lost: sum("replies_lost"),
    duplicated: sum("duplicated"),
    reloads_during_run: duringRun,
    reloads_before_shown: beforeShown,
    kept_in_box: keptInBox,
    unsettled,
    delay_ms: { min: sorted[0] ?? 0, median: sorted[Math.floor(sorted.length / 2)] ?? 0, max: sorted.at(-1) ?? 0 },
    duration_s: round((Date.now() - started) / 1000, 1),
    page_errors: pageErrors.slice(0, 20),
    problems: [...problems].slice(0, 50),
  };
}

/** The figure: messages lost, duplicated or left without answer or mark (target 0), over the reloads asked for. */
export function reloadSoakFigure(result: ReloadSoakResult, asked: number): Figure {
  const bad = result.lost + result.replies_lost + result.duplicated + result.unanswered;
  return {
    value: bad,
    unit: "messages lost, duplicated or left without answer or interrupted mark",
    target: `0 over ${asked} reloads (budget: 200)`,
    pass: bad === 0 && result.reloads >= asked && asked >= 200,
    measure: "send on the Weather template, reload 0–1.5 s after Send (seeded), settle, read the thread as shown",
    ...result,
  };
}
