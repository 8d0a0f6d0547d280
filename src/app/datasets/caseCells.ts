/**
 * The cells of the case table as text, and back: what a cell shows, what its editor starts
 * with, and the case a typed text makes (or why it cannot). A conversation's turns are edited
 * one after another, separated by a line of `---`; metadata is edited as a JSON object.
 * Pure, so the table renders 10,000 rows from it and tests read it without a browser.
 */
import { caseTurns, userRegexProblem, type CaseInput, type Dataset, type DatasetCase } from "../../schema/index.js";

export const CASE_COLUMNS = ["input", "expected", "metadata"] as const;
export type CaseColumn = (typeof CASE_COLUMNS)[number];

export const COLUMN_TITLES: Record<CaseColumn, string> = { input: "Input", expected: "Expected", metadata: "Metadata" };

/** The line between two turns of a conversation in an input cell's editor. */
export const TURN_SEPARATOR = "\n---\n";

/**
 * The text an input cell's editor starts with.
 * @example inputText(["Hi", "Weather?"]) // "Hi\n---\nWeather?"
 */
export function inputText(input: CaseInput): string {
  return caseTurns(input).join(TURN_SEPARATOR);
}

/**
 * The input a typed text makes: one message, or turns split at lines of `---`.
 * @example readInput("Hi\n---\nWeather?") // ["Hi", "Weather?"]
 */
export function readInput(text: string): { input: CaseInput } | { problem: string } {
  const turns = text.split(/\r?\n-{3,}\r?\n/).map((turn) => turn.trim());
  if (turns.some((turn) => turn === "")) return { problem: turns.length > 1 ? "Every turn needs a message" : "Give the case a message to send" };
  if (turns.length > 20) return { problem: "A case has at most 20 turns" };
  return { input: turns.length === 1 ? (turns[0] as string) : turns };
}

/**
 * Metadata as its editor shows it: a JSON object, or nothing when there is none.
 * @example metadataText({ topic: "weather" }) // '{"topic":"weather"}'
 */
export function metadataText(metadata: DatasetCase["metadata"]): string {
  return Object.keys(metadata).length === 0 ? "" : JSON.stringify(metadata);
}

/** Metadata in one line for the table: `topic: weather, tier: 2`. */
export function metadataSummary(metadata: DatasetCase["metadata"]): string {
  return Object.entries(metadata)
    .map(([key, value]) => `${key}: ${value === null ? "null" : String(value)}`)
    .join(", ");
}

/**
 * The metadata a typed text makes: a JSON object of text, numbers, true/false or null.
 * @example readMetadata('{"topic": "weather"}') // { metadata: { topic: "weather" } }
 */
export function readMetadata(text: string): { metadata: DatasetCase["metadata"] } | { problem: string } {
  if (text.trim() === "") return { metadata: {} };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { problem: 'Metadata is a JSON object, such as {"topic": "weather"}' };
  }
  if (value === null || typeof value !== "object" || Array.isArray(value)) return { problem: 'Metadata is a JSON object, such as {"topic": "weather"}' };
  const entries = Object.entries(value as Record<string, unknown>);
  const nested = entries.find(([, v]) => v !== null && typeof v === "object");
  if (nested) return { problem: `Metadata values are text, numbers, true/false or null; "${nested[0]}" is not` };
  const long = entries.find(([key]) => key.length > 200);
  if (long) return { problem: "A metadata key has at most 200 characters" };
  return { metadata: Object.fromEntries(entries) as DatasetCase["metadata"] };
}

/** The text a cell's editor starts with. */
export function cellText(datasetCase: DatasetCase, column: CaseColumn): string {
  switch (column) {
    case "input":
      return inputText(datasetCase.input);
    case "expected":
      return datasetCase.expected ?? "";
    case "metadata":
      return metadataText(datasetCase.metadata);
    default: {
      const never: never = column;
      return never;
    }
  }
}

/**
 * The case with one cell set from typed text, or why the text does not fit.
 * @example withCell(c, "expected", "Sunny") // { case: { ...c, expected: "Sunny" } }
 */
export function withCell(datasetCase: DatasetCase, column: CaseColumn, text: string): { case: DatasetCase } | { problem: string } {
  switch (column) {
    case "input": {
      const read = readInput(text);
      return "problem" in read ? read : { case: { ...datasetCase, input: read.input } };
    }
    case "expected": {
      const { expected: _old, ...rest } = datasetCase;
      return { case: text === "" ? rest : { ...rest, expected: text } };
    }
    case "metadata": {
      const read = readMetadata(text);
      return "problem" in read ? read : { case: { ...datasetCase, metadata: read.metadata } };
    }
    default: {
      const never: never = column;
      return never;
    }
  }
}

/** The dataset with the case of `caseId` replaced. */
export function replaceCase(dataset: Dataset, caseId: string, next: DatasetCase): Dataset {
  return { ...dataset, cases: dataset.cases.map((c) => (c.id === caseId ? next : c)) };
}

/**
 * Why each expected output of a `regex` dataset cannot run on the linear-time engine, by case id.
 * Empty for the other pass rules.
 * @example patternProblems({ match: "regex", cases: [{ id: "c1", expected: "(?=x)", … }] }).get("c1") // "uses a lookahead …"
 */
export function patternProblems(dataset: Pick<Dataset, "match" | "flags" | "cases">): ReadonlyMap<string, string> {
  const problems = new Map<string, string>();
  if (dataset.match !== "regex") return problems;
  // Many cases share a pattern (imported files repeat them): compile each distinct one once.
  const seen = new Map<string, string | undefined>();
  for (const c of dataset.cases) {
    if (c.expected === undefined) continue;
    if (!seen.has(c.expected)) seen.set(c.expected, userRegexProblem(c.expected, dataset.flags ?? "i"));
    const problem = seen.get(c.expected);
    if (problem !== undefined) problems.set(c.id, problem);
  }
  return problems;
}

/**
 * The dataset with imported cases added after its own (`append`) or instead of them
 * (`replace`); an imported id another case has gets a free one.
 * @example mergeCases(dataset, imported, "append").cases.length // old + new
 */
export function mergeCases(dataset: Dataset, imported: readonly DatasetCase[], mode: "append" | "replace"): Dataset {
  const kept = mode === "replace" ? [] : dataset.cases;
  const taken = new Set(kept.map((c) => c.id));
  const added = imported.map((c) => {
    let id = c.id;
    for (let n = 2; taken.has(id); n += 1) id = `${c.id}-${n}`;
    taken.add(id);
    return id === c.id ? c : { ...c, id };
  });
  return { ...dataset, cases: [...kept, ...added] };
}
