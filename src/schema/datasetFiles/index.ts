/** Dataset files: CSV and JSONL import (with a column mapping) and export. Pure: the app's worker and the CLI call it. */
export { DatasetFileError, type DatasetFileErrorCode } from "./datasetFileError.js";
export { decodeText } from "./decodeText.js";
export { parseCsv, detectDelimiter, csvField, type CsvRow } from "./csv.js";
export { casesFromTable, checkRowLimit, looksLikeHeader, proposeMapping, type ColumnMapping, type DatasetTable, type ImportedCases } from "./table.js";
export { datasetFormatOf, datasetToCsv, datasetToJsonl, readDatasetTable } from "./readDatasetFile.js";
