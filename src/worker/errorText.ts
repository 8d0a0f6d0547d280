/** What an error says, for messages to the app: anything thrown, as one line of text. */
export function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
