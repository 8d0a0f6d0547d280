/**
 * Bytes of an imported file to text: UTF-8, with or without a byte-order mark. Anything else is
 * refused with where it goes wrong — a Latin-1 or Windows-1252 export, a file that mixes two
 * encodings, UTF-16 — rather than read as replacement characters that would silently change cases.
 */
import { DatasetFileError } from "./datasetFileError.js";

/** Length of the valid UTF-8 sequence starting at `i`, or 0 when the bytes there are not one. */
function sequenceLength(bytes: Uint8Array, i: number): number {
  const b = bytes[i] as number;
  if (b < 0x80) return 1;
  const continuation = (k: number) => i + k < bytes.length && ((bytes[i + k] as number) & 0xc0) === 0x80;
  if (b >= 0xc2 && b <= 0xdf) return continuation(1) ? 2 : 0;
  if (b >= 0xe0 && b <= 0xef) {
    const second = bytes[i + 1] ?? 0;
    if ((b === 0xe0 && second < 0xa0) || (b === 0xed && second > 0x9f)) return 0;
    return continuation(1) && continuation(2) ? 3 : 0;
  }
  if (b >= 0xf0 && b <= 0xf4) {
    const second = bytes[i + 1] ?? 0;
    if ((b === 0xf0 && second < 0x90) || (b === 0xf4 && second > 0x8f)) return 0;
    return continuation(1) && continuation(2) && continuation(3) ? 4 : 0;
  }
  return 0;
}

/** Where the first byte that is not UTF-8 sits, and whether valid multi-byte UTF-8 came before it or after. */
function firstInvalid(bytes: Uint8Array, start: number): { offset: number; line: number; mixed: boolean } | null {
  let line = 1;
  let sawUtf8 = false;
  for (let i = start; i < bytes.length;) {
    const length = sequenceLength(bytes, i);
    if (length === 0) {
      let mixed = sawUtf8;
      for (let j = i + 1; j < bytes.length && !mixed;) {
        const next = sequenceLength(bytes, j);
        if (next > 1) mixed = true;
        j += Math.max(1, next);
      }
      return { offset: i, line, mixed };
    }
    if (length > 1) sawUtf8 = true;
    if (bytes[i] === 0x0a) line += 1;
    i += length;
  }
  return null;
}

/**
 * The file's text. Throws DatasetFileError (ENCODING) naming the line and byte of the first
 * character that is not UTF-8, and saying when the file mixes UTF-8 with another encoding.
 * @example decodeText(new Uint8Array([0xef, 0xbb, 0xbf, 0x68, 0x69])) // "hi"
 */
export function decodeText(bytes: Uint8Array): string {
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff))
    throw new DatasetFileError("ENCODING", "The file is UTF-16; save it as UTF-8 (in a spreadsheet: CSV UTF-8) and import it again");
  const start = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  const invalid = firstInvalid(bytes, start);
  if (invalid !== null) {
    const byte = `0x${(bytes[invalid.offset] as number).toString(16).toUpperCase().padStart(2, "0")}`;
    const what = invalid.mixed
      ? "the file mixes UTF-8 with another encoding (Latin-1 or Windows-1252, probably): fix the rows that show wrong characters, then save it all as UTF-8"
      : "the file is not UTF-8 (it looks like Latin-1 or Windows-1252): save it as UTF-8 (in a spreadsheet: CSV UTF-8) and import it again";
    throw new DatasetFileError("ENCODING", `byte ${byte} at offset ${invalid.offset} is not UTF-8; ${what}`, invalid.line);
  }
  return new TextDecoder("utf-8").decode(bytes.subarray(start));
}
