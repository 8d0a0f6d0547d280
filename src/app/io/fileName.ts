/** File names for exports, from the graph's name. */

/**
 * A safe, readable file name: lower case, words joined by `-`, no path characters.
 * @example fileNameFor("Routed support: v2!", "json") // "routed-support-v2.json"
 */
export function fileNameFor(graphName: string, extension: string): string {
  const stem = graphName
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 80)
    .replace(/-+$/, "");
  return `${stem || "graph"}.${extension}`;
}
