/** Why a file could not be imported: each code says which part failed, the message says what and where. */
export type ImportErrorCode =
  /** Over the size limit. */
  | "TOO_LARGE"
  | "EMPTY"
  /** Not valid JSON or YAML. */
  | "UNREADABLE"
  /** Deeper, longer or larger than the input limits allow, or a prototype key. */
  | "UNSAFE"
  /** Readable, but not a workflow of a format we know. */
  | "UNRECOGNISED"
  /** A file of several flows, and the one asked for is not among them. */
  | "NO_SUCH_FLOW";

/**
 * @example throw new ImportError("UNRECOGNISED", "This is not a Flowise, Langflow, n8n or Dify workflow");
 */
export class ImportError extends Error {
  constructor(
    readonly code: ImportErrorCode,
    message: string,
  ) {
    super(message);
    this.name = "ImportError";
  }
}
