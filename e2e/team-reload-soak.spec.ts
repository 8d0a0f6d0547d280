// Issue 26, item 2: reloads during MainAgent runs with background research tasks. Six reloads (the
// schedule's first six: every moment and both kinds of turn), each at a moment the page shows (the
// message, a sub-agent's card, the answer streaming, the run over while the task works, the report
// streaming): nothing lost or shown twice, no send refused in a
// single tab, and every background report shown once. `npm run bench -- --only=team_reload_soak`
// runs the same soak with 40 reloads.
import { expect, test } from "./fixtures";
import { runTeamReloadSoak } from "../bench/app/teamReloadSoak";

test("six reloads during MainAgent runs lose nothing, show nothing twice, refuse no send and report every background task once", async ({ page }) => {
  test.setTimeout(480_000);
  const lines: string[] = [];
  const result = await runTeamReloadSoak(page, 6, (line) => lines.push(line));
  const report = JSON.stringify({ ...result, log: lines }, null, 1);
  test.info().annotations.push({ type: "soak", description: report });
  expect(result.problems, report).toEqual([]);
  expect({
    lost: result.lost,
    duplicated: result.duplicated,
    unanswered: result.unanswered,
    replies_lost: result.replies_lost,
    refused: result.refused,
    reports_missing: result.reports_missing,
    reports_duplicated: result.reports_duplicated,
  }).toEqual({ lost: 0, duplicated: 0, unanswered: 0, replies_lost: 0, refused: 0, reports_missing: 0, reports_duplicated: 0 });
  expect(result.turns).toBe(6);
  // The soak reloaded inside the turns it meant to: research reports were under way, not all done.
  expect(result.reports_expected).toBeGreaterThan(0);
  expect(result.moments_missed).toBeLessThanOrEqual(1);
  expect(result.page_errors).toEqual([]);
});
