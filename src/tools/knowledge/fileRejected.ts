/** The error of a file a knowledge base refuses: its message names the file and says why. */

/** A file the knowledge base cannot take, and why (the message names the file). */
export class KnowledgeFileRejected extends Error {
  override readonly name = "KnowledgeFileRejected";
  constructor(
    readonly file: string,
    message: string,
  ) {
    super(message);
  }
}
