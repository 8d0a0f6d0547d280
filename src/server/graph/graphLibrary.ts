/**
 * The CLI's saved graphs for Subgraph nodes: the `.json` graph documents of a folder (the
 * main graph's folder unless `--graphs <dir>` says otherwise), found by `meta.id` or by
 * file name without `.json`.
 */
import { readdir, readFile } from "node:fs/promises";
import { basename, join } from "node:path";
import type { GraphLibrary } from "../../engine/index.js";

function metaId(value: unknown): string | undefined {
  const meta = (value as { meta?: { id?: unknown } } | null)?.meta;
  return typeof meta?.id === "string" ? meta.id : undefined;
}

/**
 * @example const graphs = folderGraphLibrary("examples"); await graphs.load("sage-loop") // the parsed document, or null
 */
export function folderGraphLibrary(dir: string): GraphLibrary {
  let index: Promise<Map<string, unknown>> | null = null;
  const build = async () => {
    const byId = new Map<string, unknown>();
    let files: string[];
    try {
      files = (await readdir(dir)).filter((f) => f.endsWith(".json")).sort();
    } catch {
      return byId;
    }
    for (const file of files) {
      let parsed: unknown;
      try {
        parsed = JSON.parse(await readFile(join(dir, file), "utf8"));
      } catch {
        continue; // Not a graph document: other JSON may live in the same folder.
      }
      const id = metaId(parsed);
      if (id === undefined) continue;
      if (!byId.has(id)) byId.set(id, parsed);
      const name = basename(file, ".json");
      if (!byId.has(name)) byId.set(name, parsed);
    }
    return byId;
  };
  return {
    async load(id) {
      index ??= build();
      return (await index).get(id) ?? null;
    },
  };
}
