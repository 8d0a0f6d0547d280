/** JSON path strings for issue locations: `$.nodes[2].data.model`, `$.tools[0].input_schema["a b"]`. */

export type PathSegment = string | number;

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** One segment as it follows its parent: `.name`, `[3]` or `["not an identifier"]`. */
export function formatSegment(segment: PathSegment): string {
  if (typeof segment === "number") return `[${segment}]`;
  return IDENTIFIER.test(segment) ? `.${segment}` : `[${JSON.stringify(segment)}]`;
}

/**
 * The JSON path of a location given as segments from the root.
 *
 * @example
 * formatJsonPath(["nodes", 2, "data", "model"]); // "$.nodes[2].data.model"
 * formatJsonPath([]); // "$"
 */
export function formatJsonPath(segments: readonly PathSegment[]): string {
  return "$" + segments.map(formatSegment).join("");
}

/** The same path without the leading `$` and dot, for messages: `data.model`, `[0].args`. */
export function formatRelativePath(segments: readonly PathSegment[]): string {
  const path = segments.map(formatSegment).join("");
  return path.startsWith(".") ? path.slice(1) : path;
}
