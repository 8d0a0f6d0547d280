/**
 * The Datasets dialog's edits of the document, as pure functions: add, rename, duplicate and
 * delete a dataset, change one of them. Each returns a new document, so the dialog applies it
 * through the editor store's `updateDocument` as one undoable step (saved and exported like any
 * other edit). The rules for new names and case ids stay in `src/schema/datasetEdits.ts`.
 */
import { addCase, blankDataset, type CaseInput, type Dataset, type GraphDocument } from "../../schema/index.js";

/** The document's datasets (an older document has none). */
export function datasetsOf(document: Pick<GraphDocument, "datasets">): readonly Dataset[] {
  return document.datasets ?? [];
}

/**
 * The document with a new empty dataset appended, and that dataset.
 * @example const { document, dataset } = addDataset(doc); // dataset.name === "Dataset 1"
 */
export function addDataset(document: GraphDocument, name?: string): { document: GraphDocument; dataset: Dataset } {
  const dataset = blankDataset(datasetsOf(document), name);
  return { document: { ...document, datasets: [...datasetsOf(document), dataset] }, dataset };
}

/**
 * The document with `change` applied to the dataset of `id` (unchanged when there is none).
 * @example changeDataset(doc, "smoke", (d) => ({ ...d, match: "exact" }))
 */
export function changeDataset(document: GraphDocument, id: string, change: (dataset: Dataset) => Dataset): GraphDocument {
  const datasets = datasetsOf(document);
  if (!datasets.some((d) => d.id === id)) return document;
  return { ...document, datasets: datasets.map((d) => (d.id === id ? change(d) : d)) };
}

/** Why `name` cannot name the dataset `id`, or undefined when it can (names are unique, case-insensitively). */
export function datasetNameProblem(document: Pick<GraphDocument, "datasets">, id: string, name: string): string | undefined {
  const wanted = name.trim();
  if (wanted === "") return "Give the dataset a name";
  if (wanted.length > 200) return "A dataset name has at most 200 characters";
  const taken = datasetsOf(document).some((d) => d.id !== id && d.name.trim().toLowerCase() === wanted.toLowerCase());
  return taken ? `Another dataset is named "${wanted}"` : undefined;
}

/**
 * The document with the dataset renamed, or the problem with the name.
 * @example renameDataset(doc, "smoke", "Smoke tests") // { document }
 */
export function renameDataset(document: GraphDocument, id: string, name: string): { document: GraphDocument } | { problem: string } {
  const problem = datasetNameProblem(document, id, name);
  if (problem) return { problem };
  return { document: changeDataset(document, id, (d) => ({ ...d, name: name.trim() })) };
}

/**
 * The document with a copy of the dataset (cases, evaluators and all) right after it, under a free name and id.
 * @example duplicateDataset(doc, "smoke").dataset?.name // "Smoke copy"
 */
export function duplicateDataset(document: GraphDocument, id: string): { document: GraphDocument; dataset: Dataset | null } {
  const datasets = datasetsOf(document);
  const at = datasets.findIndex((d) => d.id === id);
  if (at === -1) return { document, dataset: null };
  const source = datasets[at] as Dataset;
  const fresh = blankDataset(datasets, `${source.name} copy`);
  const copy: Dataset = { ...structuredClone(source), id: fresh.id, name: fresh.name };
  return { document: { ...document, datasets: [...datasets.slice(0, at + 1), copy, ...datasets.slice(at + 1)] }, dataset: copy };
}

/**
 * The document without the dataset.
 * @example deleteDataset(doc, "smoke").datasets // the others
 */
export function deleteDataset(document: GraphDocument, id: string): GraphDocument {
  return { ...document, datasets: datasetsOf(document).filter((d) => d.id !== id) };
}

/**
 * The document with a case added to the dataset `target`, or to a new dataset named `newName`
 * when `target` is null (`Add to dataset` from a thread turn); the dataset's name, or the problem.
 * @example addCaseTo(doc, null, "Regressions", "Hi", "Hello") // { document, datasetName: "Regressions" }
 */
export function addCaseTo(
  document: GraphDocument,
  target: string | null,
  newName: string,
  input: CaseInput,
  expected: string,
): { document: GraphDocument; datasetName: string } | { problem: string } {
  const datasets = datasetsOf(document);
  if (target === null) {
    const problem = datasetNameProblem(document, "", newName);
    if (problem) return { problem };
    const dataset = addCase(blankDataset(datasets, newName), input, expected);
    return { document: { ...document, datasets: [...datasets, dataset] }, datasetName: dataset.name };
  }
  const dataset = datasets.find((d) => d.id === target);
  if (!dataset) return { problem: "That dataset is gone: choose another" };
  return { document: changeDataset(document, target, (d) => addCase(d, input, expected)), datasetName: dataset.name };
}
