/** Writes a bench report to bench/results/: a dated file, and latest.json when the run measured every figure. */
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";

export interface ReportFile {
  /** ISO date of the run; the file is named after it. */
  date: string;
}

/**
 * @example const file = await writeReport("bench/results", report, { suffix: "-ui", latest: false });
 * @returns the dated file's path.
 */
export async function writeReport(dir: string, report: ReportFile, { suffix, latest }: { suffix: string; latest: boolean }): Promise<string> {
  await mkdir(dir, { recursive: true });
  const json = `${JSON.stringify(report, null, 2)}\n`;
  if (latest) await writeFile(path.join(dir, "latest.json"), json);
  const file = path.join(dir, `${report.date.replace(/[:.]/g, "-")}${suffix}.json`);
  await writeFile(file, json);
  return file;
}
