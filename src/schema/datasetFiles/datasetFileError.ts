/** The one error type of dataset file import: what is wrong, and on which line when there is one. */

export type DatasetFileErrorCode = "ENCODING" | "BROKEN_QUOTE" | "BAD_JSON_LINE" | "TOO_MANY_ROWS" | "EMPTY_FILE" | "BAD_MAPPING";

/**
 * A dataset file that cannot be read: the message says what and where (`Line 12: …`).
 * @example try { readDatasetFile(bytes, "cases.csv") } catch (e) { if (e instanceof DatasetFileError) show(e.message) }
 */
export class DatasetFileError extends Error {
  override readonly name = "DatasetFileError";
  constructor(
    readonly code: DatasetFileErrorCode,
    message: string,
    /** 1-based line of the file, when the problem has one. */
    readonly line?: number,
  ) {
    super(line === undefined ? message : `Line ${line}: ${message}`);
  }
}
