// Makes sure a Chromium for the end-to-end tests exists; installs Debian's package when it
// can (root with apt-get). Playwright's own browser download is never used.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

const DEBIAN_CHROMIUM = "/usr/bin/chromium";
const HOW_TO_FIX = 'Chromium not found: install it with "sudo apt-get install -y chromium" or set CHROMIUM_PATH.';

/** Runs a command with the terminal attached; true when it exits 0. */
function run(command, args, env = process.env) {
  const result = spawnSync(command, args, { stdio: "inherit", env });
  return result.status === 0;
}

function hasAptGet() {
  return spawnSync("sh", ["-c", "command -v apt-get"], { stdio: "ignore" }).status === 0;
}

function main() {
  const configured = process.env.CHROMIUM_PATH;
  if (configured) {
    if (existsSync(configured)) return 0;
    console.error(`Chromium not found: CHROMIUM_PATH is set to "${configured}", which does not exist.`);
    return 1;
  }
  if (existsSync(DEBIAN_CHROMIUM)) return 0;

  const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
  if (isRoot && hasAptGet()) {
    console.log("Chromium not found: installing Debian's chromium package with apt-get…");
    const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
    const installed = run("apt-get", ["update"], env) && run("apt-get", ["install", "-y", "chromium"], env);
    if (installed && existsSync(DEBIAN_CHROMIUM)) return 0;
  }
  console.error(HOW_TO_FIX);
  return 1;
}

try {
  process.exitCode = main();
} catch {
  console.error(HOW_TO_FIX);
  process.exitCode = 1;
}
