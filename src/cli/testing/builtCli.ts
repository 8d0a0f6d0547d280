/**
 * The CLI as tests start it: `src/cli/main.ts` prebuilt into one ESM file, with every package
 * left an import. Starting it through tsx compiled and linked several hundred TypeScript modules
 * in each child process (about 2 CPU seconds, more than the work most CLI tests do); the prebuilt
 * file starts in a third of that. It is the same code: every module keeps its own
 * `import.meta.url` (so paths it resolves from its source file still point into src/), and the
 * build is keyed by the hash of the sources and the lock file (as the server engine's cache), so
 * a test never runs a stale CLI. `npm run cli` itself still runs the sources through tsx.
 */
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdir, readdir, rename, rm } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { rolldown, type Plugin } from "rolldown";
import { engineSourceKey } from "../../server/bundle/engineCache.js";

const ROOT = path.resolve(import.meta.dirname, "../../..");
/** Three levels below the root, as `src/cli/main.ts` is: paths a module resolves as `../../../` still reach the root. */
const CACHE = path.join(ROOT, "node_modules", ".graphwright-cli");
/** Bumped when the build below changes what it writes. */
const FORMAT = "2";
/**
 * Checkouts that share one node_modules (worktrees) build different sources: each names its
 * builds by its own root and removes only its own older ones, never a build another is running.
 */
const OWN = `${FORMAT}-${createHash("sha256").update(ROOT).digest("hex").slice(0, 8)}-`;

/** `import.meta.url`, `.dirname` and `.filename` in a module's code (not in its strings), by their source positions. */
function metaProperties(node: unknown, found: { start: number; end: number; name: string }[] = []): { start: number; end: number; name: string }[] {
  if (Array.isArray(node)) {
    for (const item of node) metaProperties(item, found);
  } else if (node !== null && typeof node === "object") {
    const value = node as { type?: string; object?: { type?: string }; property?: { name?: string }; start: number; end: number };
    if (value.type === "MemberExpression" && value.object?.type === "MetaProperty" && ["url", "dirname", "filename"].includes(value.property?.name ?? "")) {
      found.push({ start: value.start, end: value.end, name: value.property?.name ?? "" });
    } else {
      for (const child of Object.values(node)) if (child !== null && typeof child === "object") metaProperties(child, found);
    }
  }
  return found;
}

/** Gives each bundled module its source file's `import.meta.url`, `.dirname` and `.filename`. */
function sourceLocations(): Plugin {
  return {
    name: "graphwright-source-locations",
    transform(code, id) {
      if (!id.startsWith(ROOT) || id.includes(`${path.sep}node_modules${path.sep}`) || !code.includes("import.meta")) return null;
      const places = metaProperties(this.parse(code, { lang: id.endsWith(".tsx") ? "tsx" : "ts" }));
      if (places.length === 0) return null;
      const values: Record<string, string> = { url: pathToFileURL(id).href, dirname: path.dirname(id), filename: id };
      let out = code;
      for (const place of places.sort((a, b) => b.start - a.start)) {
        out = `${out.slice(0, place.start)}${JSON.stringify(values[place.name])}${out.slice(place.end)}`;
      }
      return out;
    },
  };
}

async function build(dir: string): Promise<void> {
  const temporary = `${dir}.${process.pid}.${Date.now()}.tmp`;
  const bundle = await rolldown({
    input: { main: path.join(ROOT, "src", "cli", "main.ts") },
    platform: "node",
    logLevel: "warn",
    // Only our own TypeScript is bundled; packages resolve from node_modules as under tsx.
    external: (id) => !id.startsWith(".") && !path.isAbsolute(id) && !id.startsWith("\0"),
    plugins: [sourceLocations()],
  });
  try {
    await bundle.write({ dir: temporary, format: "esm", entryFileNames: "[name].mjs", chunkFileNames: "[name]-[hash].mjs" });
  } finally {
    await bundle.close();
  }
  try {
    await rename(temporary, dir);
  } catch (error) {
    // Another test process built the same sources first: theirs is as good.
    await rm(temporary, { recursive: true, force: true });
    if (!existsSync(dir)) throw error;
  }
  for (const name of await readdir(CACHE)) {
    if (name.startsWith(OWN) && path.join(CACHE, name) !== dir && !name.endsWith(".tmp")) await rm(path.join(CACHE, name), { recursive: true, force: true });
  }
}

let entry: Promise<string> | undefined;

/**
 * The prebuilt CLI's entry file, built first if the sources changed since the last build.
 * @example await execFile(process.execPath, [await builtCli(), "run", "examples/weather-assistant.json", "hi"]);
 */
export function builtCli(): Promise<string> {
  entry ??= (async () => {
    const key = (await engineSourceKey(ROOT)).slice(0, 24);
    const dir = path.join(CACHE, `${OWN}${key}`);
    const main = path.join(dir, "main.mjs");
    if (!existsSync(main)) {
      await mkdir(CACHE, { recursive: true });
      await build(dir);
    }
    return main;
  })();
  return entry;
}
