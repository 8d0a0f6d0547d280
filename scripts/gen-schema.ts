/**
 * Writes public/schema/graph.v1.json from the zod schema of the graph document.
 * `--check` writes nothing and fails when the committed file is out of date (for CI).
 *
 *   npx tsx scripts/gen-schema.ts [--check]
 */
import { readFile, writeFile, mkdir } from "node:fs/promises";
import { dirname, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { graphJsonSchemaText } from "../src/schema/graphJsonSchema.js";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const target = resolve(root, "public/schema/graph.v1.json");
const shown = relative(root, target);

async function readCurrent(): Promise<string | undefined> {
  try {
    return await readFile(target, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
}

async function main(): Promise<void> {
  const fresh = graphJsonSchemaText();
  if (process.argv.includes("--check")) {
    if ((await readCurrent()) !== fresh) {
      console.error(`${shown} is out of date: run npm run schema:gen`);
      process.exitCode = 1;
      return;
    }
    console.log(`${shown} is up to date`);
    return;
  }
  await mkdir(dirname(target), { recursive: true });
  await writeFile(target, fresh, "utf8");
  console.log(`wrote ${shown}`);
}

await main();
