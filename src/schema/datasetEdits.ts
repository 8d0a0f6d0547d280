/**
 * Edits of a dataset as pure functions over plain data: a new dataset with a free name, a case
 * added (from a thread turn, say), duplicated or removed, ids kept unique. The table dialog and
 * `Add to dataset` call these, so the rules for names and ids live in one place.
 */
import type { CaseInput, Dataset, DatasetCase } from "./dataset.js";

function freeId(taken: ReadonlySet<string>, base: string): string {
  if (!taken.has(base)) return base;
  let n = 2;
  while (taken.has(`${base}-${n}`)) n += 1;
  return `${base}-${n}`;
}

/**
 * A new empty dataset whose name and id no other dataset of the document has.
 * @example blankDataset([{ id: "dataset-1", name: "Dataset 1" }]) // { id: "dataset-2", name: "Dataset 2", match: "contains", evaluators: [], cases: [] }
 */
export function blankDataset(existing: readonly Pick<Dataset, "id" | "name">[], name?: string): Dataset {
  const names = new Set(existing.map((d) => d.name.trim().toLowerCase()));
  const ids = new Set(existing.map((d) => d.id));
  const given = name?.trim();
  let n = given ? 1 : existing.length + 1;
  const candidate = () => (given ? (n === 1 ? given : `${given} ${n}`) : `Dataset ${n}`);
  while (names.has(candidate().toLowerCase())) n += 1;
  const chosen = candidate();
  const slug =
    chosen
      .toLowerCase()
      .replace(/[^a-z0-9_.:-]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, 100) || "dataset";
  return { id: freeId(ids, slug), name: chosen, match: "contains", evaluators: [], cases: [] };
}

/**
 * The dataset with a case appended (a thread turn's message, and its reply as the expected output, for one).
 * @example addCase(dataset, "What's the weather in Paris?", "Sunny").cases.at(-1) // { id: "case-4", input: "What's the weather in Paris?", expected: "Sunny", metadata: {} }
 */
export function addCase(dataset: Dataset, input: CaseInput, expected?: string, metadata: DatasetCase["metadata"] = {}): Dataset {
  const id = freeId(new Set(dataset.cases.map((c) => c.id)), `case-${dataset.cases.length + 1}`);
  const added: DatasetCase = { id, input, ...(expected !== undefined && expected !== "" ? { expected } : {}), metadata };
  return { ...dataset, cases: [...dataset.cases, added] };
}

/**
 * The dataset with a copy of the case right after it, under a new id.
 * @example duplicateCase(dataset, "case-2").cases[2].id // "case-2-2"
 */
export function duplicateCase(dataset: Dataset, caseId: string): Dataset {
  const at = dataset.cases.findIndex((c) => c.id === caseId);
  if (at === -1) return dataset;
  const source = dataset.cases[at] as DatasetCase;
  const copy: DatasetCase = { ...structuredClone(source), id: freeId(new Set(dataset.cases.map((c) => c.id)), source.id) };
  return { ...dataset, cases: [...dataset.cases.slice(0, at + 1), copy, ...dataset.cases.slice(at + 1)] };
}

/**
 * The dataset without the cases of these ids.
 * @example removeCases(dataset, ["case-2"]).cases.length // one fewer
 */
export function removeCases(dataset: Dataset, caseIds: readonly string[]): Dataset {
  const gone = new Set(caseIds);
  return { ...dataset, cases: dataset.cases.filter((c) => !gone.has(c.id)) };
}
