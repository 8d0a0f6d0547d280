/** Runs the CLI in a child process, as a user would, and collects its exit code and output. */
import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { builtCli } from "./builtCli.js";

const exec = promisify(execFile);

export const ROOT = path.resolve(import.meta.dirname, "../../..");

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * `npm run cli -- <args>` without npm (the CLI prebuilt from the same sources, see builtCli.ts),
 * offline: provider keys are cleared.
 * @example const { code, stdout } = await runCli(["run", "examples/weather-assistant.json", "hi"]);
 */
export async function runCli(args: string[], options: { cwd?: string; env?: Record<string, string> } = {}): Promise<CliResult> {
  try {
    const { stdout, stderr } = await exec(process.execPath, [await builtCli(), ...args], {
      cwd: options.cwd ?? ROOT,
      env: { ...process.env, OPENAI_API_KEY: "", ANTHROPIC_API_KEY: "", ...options.env },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failure = error as { code: number; stdout: string; stderr: string };
    return { code: failure.code, stdout: failure.stdout, stderr: failure.stderr };
  }
}
