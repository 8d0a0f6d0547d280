/**
 * Reading a foreign workflow file: JSON (Flowise, Langflow, n8n) or YAML (Dify), under the same
 * limits as our own documents (size, depth, string length, value count, no prototype keys). YAML
 * aliases are bounded, so an alias bomb is refused instead of expanded. Nothing is run or fetched.
 */
import { parseDocument } from "yaml";
import { guardInput, INPUT_LIMITS } from "../schema/inputGuard.js";
import { parseJsonText } from "../schema/jsonText.js";
import { ImportError } from "./errors.js";
import { errorMessage } from "../schema/errorMessage.js";

/** Aliases a YAML file may use; Dify exports use none, a bomb uses thousands. */
export const MAX_YAML_ALIASES = 100;

const MB = 1024 * 1024;

/** The guard's findings as one message: what is wrong and where, at most three of them. */
function guardMessage(value: unknown): string | null {
  // Our guard wants an object at the top; a foreign file may be an array (n8n exports of several workflows).
  const issues = guardInput(Array.isArray(value) ? { items: value } : value);
  if (issues.length === 0) return null;
  const shown = issues.slice(0, 3).map((issue) => issue.message);
  return `${shown.join("; ")}${issues.length > 3 ? ` (and ${issues.length - 3} more)` : ""}`;
}

/** True when the text looks like JSON rather than YAML (after a byte-order mark and white space). */
function looksLikeJson(text: string): boolean {
  const first = text.replace(/^\uFEFF/, "").trimStart()[0];
  return first === "{" || first === "[";
}

/**
 * The file's content as plain data, or a thrown ImportError saying what is wrong and where.
 * @example readForeignText(await file.text()) // { nodes: [...], edges: [...] }
 */
export function readForeignText(text: string): unknown {
  if (text.length > INPUT_LIMITS.maxTextLength) {
    throw new ImportError("TOO_LARGE", `The file is at least ${(text.length / MB).toFixed(1)} MB; the limit is ${INPUT_LIMITS.maxTextLength / MB} MB`);
  }
  if (text.trim() === "") throw new ImportError("EMPTY", "The file is empty");
  let value: unknown;
  if (looksLikeJson(text)) {
    const read = parseJsonText(text);
    if (!read.ok) throw new ImportError("UNREADABLE", read.issue.message);
    value = read.value;
  } else {
    const document = parseDocument(text, { prettyErrors: true, uniqueKeys: true, strict: true });
    const error = document.errors[0];
    if (error) throw new ImportError("UNREADABLE", `Invalid YAML: ${error.message.split("\n")[0]}`);
    try {
      value = document.toJS({ maxAliasCount: MAX_YAML_ALIASES });
    } catch (cause) {
      const message = errorMessage(cause);
      throw new ImportError(
        "UNREADABLE",
        /alias/i.test(message) ? `The YAML uses too many aliases (more than ${MAX_YAML_ALIASES}): ${message}` : `Invalid YAML: ${message}`,
      );
    }
  }
  if (value === null || typeof value !== "object") throw new ImportError("UNRECOGNISED", "The file holds no workflow: it is not an object");
  const problem = guardMessage(value);
  if (problem) throw new ImportError("UNSAFE", problem);
  return value;
}
