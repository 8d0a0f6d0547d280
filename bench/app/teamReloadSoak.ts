/**
 * The team reload soak (issue 26, item 2): reloads during MainAgent runs that hand research to
 * a background sub-agent. Each turn sends a research request (answered at once, reported later
 * by a follow-up turn) or an email question (a blocking sub-agent), then reloads the page at one
 * of several moments, each waited for on what the page shows (the message, the sub-agent's tool
 * card, the answer streaming, the run over while the background task works, the report
 * streaming). Then it settles and judges each thread (ten turns) as the user sees it: no message lost or
 * shown twice, no send refused (one tab), every background report shown once.
 * `npm run bench -- --only=team_reload_soak [--reloads=N]`; e2e/team-reload-soak.spec.ts runs a short one.
 */
import type { Browser, Page } from "@playwright/test";
import teamTemplate from "../../examples/main-agent-team.json" with { type: "json" };
import { labelText } from "../../src/app/playground/messageLabel.js";
import { round, type Figure } from "./figure.js";
import { newBenchContext } from "./frames.js";
import { tallyThread, type SentTurn, type ThreadTally } from "./soakTally.js";

/** Where in a turn the page is reloaded; each is a sign the page shows, not a delay. */
export type ReloadMoment = "shown" | "tool_card" | "answer_streaming" | "task_running" | "report_streaming";
type TurnKind = "research" | "email";

/** Ten turns that put a reload at every moment of both kinds of turn; longer soaks repeat them. */
const SCHEDULE: readonly [TurnKind, ReloadMoment][] = [
  ["research", "shown"],
  ["email", "tool_card"],
  ["research", "tool_card"],
  ["research", "task_running"],
  ["email", "answer_streaming"],
  ["research", "report_streaming"],
  ["research", "answer_streaming"],
  ["email", "shown"],
  ["research", "task_running"],
  ["research", "report_streaming"],
];

export interface TeamSoakResult extends Omit<ThreadTally, "outcomes" | "problems"> {
  reloads: number;
  /** Sends the app refused (one tab: there is no other tab to run the thread). */
  refused: number;
  /** Background tasks queued by an answered research turn. */
  reports_expected: number;
  reports_missing: number;
  reports_duplicated: number;
  /** Reloads whose moment never showed (the turn went faster); the page was reloaded then anyway. */
  moments_missed: number;
  moments: Record<ReloadMoment, number>;
  duration_s: number;
  page_errors: string[];
  problems: string[];
}

const playgroundOf = (page: Page) => page.getByRole("region", { name: "Playground", exact: true });
const label = (author: string, text: string) => `${author}: ${labelText(text, 120)}`;

/** The template, slowed so reloads land inside its turns, and renamed so it opens as its own graph. */
export function teamSoakDocument(): string {
  const pace: Record<string, number> = { MainAgent: 20 };
  const nodes = teamTemplate.nodes.map((node) => {
    if (node.kind !== "agent" || !("script" in node.data) || !node.data.script) return node;
    return { ...node, data: { ...node.data, script: { ...node.data.script, tokens_per_second: pace[node.data.name] ?? 8 } } };
  });
  return JSON.stringify({ ...teamTemplate, meta: { ...teamTemplate.meta, id: "team-soak", name: "Team soak" }, nodes, tests: [] });
}

const EMAIL_ANSWER = (() => {
  const search = teamTemplate.tools.find((tool) => tool.name === "search_emails");
  const unread = (search?.config as { responses?: { when: string; result: string }[] } | undefined)?.responses?.find((r) => r.when === "unread");
  if (!unread) throw new Error("BENCH_SOAK: the MainAgent template no longer answers unread emails");
  return `From EmailsAgent: ${unread.result}`;
})();
const RESEARCH_ANSWER = "ResearchAgent is on it in the background; I'll report back here when it finishes.";
/** What MainAgent says as it hands research over, with the delegation's tool card. */
const RESEARCH_HANDOVER = "I'll have ResearchAgent look into that in the background.";

interface Turn extends SentTurn {
  kind: TurnKind;
  /** Text only this turn's background report contains (the research query). */
  reportKey: string;
}

function turnOf(i: number): Turn {
  let tag = "";
  for (let n = i, k = 0; k < 3; k++, n = Math.floor(n / 26)) tag = String.fromCharCode(97 + (n % 26)) + tag;
  if (SCHEDULE[i % SCHEDULE.length]![0] === "research") {
    const text = `Research the ${tag} market news`;
    return { kind: "research", text, answer: label("MainAgent", RESEARCH_ANSWER), steps: [label("MainAgent", RESEARCH_HANDOVER)], reportKey: `"${text}"` };
  }
  const text = `Any unread emails about ${tag}?`;
  return { kind: "email", text, answer: label("MainAgent", EMAIL_ANSWER), steps: ["MainAgent: called EmailsAgent"], reportKey: "" };
}

interface Shown {
  label: string;
  text: string;
  retry: boolean;
}

function readChat(page: Page): Promise<{ status: string; messages: Shown[] }> {
  return playgroundOf(page).evaluate((region) => ({
    status: region.querySelector('[role="status"]')?.textContent?.trim() ?? "",
    messages: [...region.querySelectorAll("article")].map((a) => ({
      label: a.getAttribute("aria-label") ?? "",
      text: a.textContent ?? "",
      retry: [...a.querySelectorAll("button")].some((b) => b.textContent?.trim() === "Retry"),
    })),
  }));
}

/** Waits until `check` holds for the chat after the turn's message (or `timeoutMs` passes); false on timeout. */
async function inTurn(page: Page, turn: Turn, check: "label" | "card" | "text" | "report" | "idle", value: string, timeoutMs: number): Promise<boolean> {
  const region = await playgroundOf(page).elementHandle({ timeout: timeoutMs });
  return page
    .waitForFunction(
      ({ region, prompt, check, value }) => {
        const articles = [...region.querySelectorAll("article")];
        const start = articles.findLastIndex((a) => a.getAttribute("aria-label") === `User: ${prompt}`);
        if (start < 0) return false;
        const after = articles.slice(start + 1);
        const idle = region.querySelector('[role="status"]')?.textContent?.trim() !== "Running";
        if (check === "label") return after.some((a) => a.getAttribute("aria-label")?.startsWith(value));
        if (check === "card") return after.some((a) => a.querySelector(`[role="group"][aria-label="${value}"]`));
        if (check === "text") return articles.some((a) => a.textContent?.includes(value));
        if (check === "report")
          return articles.some((a) => a.getAttribute("aria-label")?.startsWith("MainAgent: Update from ResearchAgent") && a.textContent?.includes(value));
        // Over: idle, with the answer or the interrupted mark after the message.
        return (
          idle && after.some((a) => a.getAttribute("aria-label") === value || a.getAttribute("aria-label")?.startsWith("Error: This turn was interrupted"))
        );
      },
      { region, prompt: turn.text, check, value },
      { timeout: timeoutMs, polling: 50 },
    )
    .then(() => true)
    .catch(() => false)
    .finally(() => void region.dispose());
}

/** Waits for the moment of a turn to reload at; false when it never came. */
function momentCame(page: Page, turn: Turn, moment: ReloadMoment): Promise<boolean> {
  const agent = turn.kind === "research" ? "ResearchAgent" : "EmailsAgent";
  switch (moment) {
    case "shown":
      return inTurn(page, turn, "text", turn.text, 30_000);
    case "tool_card":
      return inTurn(page, turn, "card", `Tool call ${agent}`, 30_000);
    case "answer_streaming":
      return inTurn(page, turn, "label", `MainAgent: ${turn.kind === "research" ? RESEARCH_ANSWER : EMAIL_ANSWER}`.slice(0, 30), 30_000);
    case "task_running":
      return inTurn(page, turn, "idle", turn.answer, 30_000);
    case "report_streaming":
      return turn.kind === "research" ? inTurn(page, turn, "report", turn.reportKey, 60_000) : inTurn(page, turn, "idle", turn.answer, 30_000);
    default: {
      const never: never = moment;
      throw new Error(`unknown moment ${String(never)}`);
    }
  }
}

async function whenNotRunning(page: Page): Promise<void> {
  const region = await playgroundOf(page).elementHandle({ timeout: 60_000 });
  await page
    .waitForFunction((region) => region.querySelector('[role="status"]')?.textContent?.trim() !== "Running", region, { timeout: 60_000, polling: 50 })
    .finally(() => void region.dispose());
}

async function reload(page: Page): Promise<void> {
  await page.reload({ waitUntil: "domcontentloaded" });
  await page.getByRole("heading", { level: 1, name: "Graphwright" }).waitFor({ timeout: 60_000 });
  await playgroundOf(page).getByRole("textbox", { name: "Message", exact: true }).waitFor({ timeout: 60_000 });
}

/** Reports shown per research turn that was answered (its task was queued): each must show once. */
function judgeReports(messages: readonly Shown[], turns: readonly Turn[], tally: ThreadTally) {
  let expected = 0;
  let missing = 0;
  let duplicated = 0;
  const problems: string[] = [];
  turns.forEach((turn, i) => {
    if (turn.kind !== "research" || tally.outcomes[i] !== "answered") return;
    expected++;
    const shown = messages.filter((m) => m.label.startsWith("MainAgent: Update from ResearchAgent") && m.text.includes(turn.reportKey)).length;
    if (shown === 0) missing++;
    if (shown > 1) duplicated += shown - 1;
    if (shown !== 1) problems.push(`the report of "${turn.text}" shown ${shown} times`);
  });
  return { expected, missing, duplicated, problems };
}

/**
 * Runs the soak on `page` (a fresh context): imports the slowed template, then sends and reloads
 * `reloads` times, a new thread every ten, and judges each thread once every report is in (or a minute more).
 */
export async function runTeamReloadSoak(page: Page, reloads: number, log: (line: string) => void = () => {}): Promise<TeamSoakResult> {
  const started = Date.now();
  const pageErrors: string[] = [];
  page.on("pageerror", (error) => pageErrors.push(error.message));
  const moments: Record<ReloadMoment, number> = { shown: 0, tool_card: 0, answer_streaming: 0, task_running: 0, report_streaming: 0 };
  let missed = 0;
  let refused = 0;
  await page.goto("/");
  await page.getByRole("heading", { level: 1, name: "Graphwright" }).waitFor({ timeout: 60_000 });
  await page.getByLabel("Import graph file").setInputFiles({ name: "team-soak.json", mimeType: "application/json", buffer: Buffer.from(teamSoakDocument()) });
  await page.waitForFunction(() => document.querySelector<HTMLInputElement>('input[aria-label="Graph name"]')?.value === "Team soak", undefined, {
    timeout: 30_000,
  });
  const message = playgroundOf(page).getByRole("textbox", { name: "Message", exact: true });
  const judged: { tally: ThreadTally; reports: ReturnType<typeof judgeReports> }[] = [];
  let turns: Turn[] = [];
  /** Every queued report comes in (a follow-up turn each), then one more reload shows the thread as stored, judged. */
  const judgeThread = async () => {
    const reportsIn = async () => {
      for (const turn of turns.filter((t) => t.kind === "research")) {
        const answered = (await readChat(page)).messages.some((m) => m.label === turn.answer);
        if (answered) await inTurn(page, turn, "report", turn.reportKey, 60_000);
      }
    };
    await reportsIn();
    await reload(page);
    await reportsIn();
    const { messages } = await readChat(page);
    const tally = tallyThread(messages, turns);
    judged.push({ tally, reports: judgeReports(messages, turns, tally) });
  };
  for (let i = 0; i < reloads; i++) {
    // A thread per round of the schedule keeps each within the chat's first page of messages.
    if (i > 0 && i % SCHEDULE.length === 0) {
      await judgeThread();
      await playgroundOf(page).getByRole("button", { name: "New thread", exact: true }).click();
      await playgroundOf(page).getByRole("article").first().waitFor({ state: "detached", timeout: 30_000 });
      turns = [];
    }
    const turn = turnOf(i);
    const moment = SCHEDULE[i % SCHEDULE.length]![1];
    turns.push(turn);
    // Sendable: no run of this page is going (a background report may still stream in).
    await whenNotRunning(page);
    await message.fill(turn.text);
    await message.press("Enter");
    if (await momentCame(page, turn, moment)) moments[moment]++;
    else {
      missed++;
      log(`  reload ${i + 1}: "${moment}" never showed for "${turn.text}"; reloading anyway`);
    }
    await reload(page);
    if (!(await inTurn(page, turn, "idle", turn.answer, 60_000))) log(`  reload ${i + 1}: "${turn.text}" did not settle within a minute`);
    const { status } = await readChat(page);
    if (status.startsWith("Error: Not sent")) {
      refused++;
      log(`  reload ${i + 1}: the send of "${turn.text}" was refused: ${status}`);
    }
    if ((i + 1) % 10 === 0) log(`  ${i + 1}/${reloads} reloads`);
  }
  if (turns.length > 0) await judgeThread();
  const sum = (pick: (j: (typeof judged)[number]) => number) => judged.reduce((total, j) => total + pick(j), 0);
  return {
    reloads,
    turns: sum((j) => j.tally.turns),
    answered: sum((j) => j.tally.answered),
    interrupted: sum((j) => j.tally.interrupted),
    unanswered: sum((j) => j.tally.unanswered),
    lost: sum((j) => j.tally.lost),
    replies_lost: sum((j) => j.tally.replies_lost),
    duplicated: sum((j) => j.tally.duplicated),
    refused,
    reports_expected: sum((j) => j.reports.expected),
    reports_missing: sum((j) => j.reports.missing),
    reports_duplicated: sum((j) => j.reports.duplicated),
    moments_missed: missed,
    moments,
    duration_s: round((Date.now() - started) / 1000, 1),
    page_errors: pageErrors.slice(0, 20),
    problems: judged.flatMap((j) => [...j.tally.problems, ...j.reports.problems]).slice(0, 50),
  };
}

/** What must be zero: messages lost or shown twice, turns left without answer, refused sends, reports missing or repeated. */
export function teamSoakFaults(result: TeamSoakResult): number {
  return result.lost + result.duplicated + result.unanswered + result.replies_lost + result.refused + result.reports_missing + result.reports_duplicated;
}

export const TEAM_SOAK_SCENARIOS: Record<string, (browser: Browser, server: { url: string }) => Promise<Figure>> = {
  team_reload_soak: async (browser, server) => {
    const flag = process.argv.find((a) => a.startsWith("--reloads="))?.slice("--reloads=".length);
    const reloads = flag && /^\d+$/.test(flag) ? Number(flag) : 40;
    const context = await newBenchContext(browser, { baseURL: server.url });
    try {
      const result = await runTeamReloadSoak(await context.newPage(), reloads, (line) => process.stdout.write(`${line}\n`));
      const faults = teamSoakFaults(result);
      return {
        value: faults,
        unit: "messages lost or shown twice, turns unanswered, sends refused, background reports missing or repeated",
        target: `0 over ${reloads} reloads (budget: 40)`,
        pass: faults === 0 && reloads >= 40,
        measure: "MainAgent template (slowed), research and email turns, a reload at each moment of a turn in turn, a thread per ten turns, read as shown",
        ...result,
      };
    } finally {
      await context.close();
    }
  },
};
