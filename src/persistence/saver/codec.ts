/** The saver's serde calls, with failures reported as PersistenceErrors that say what was being stored. */
import type { SerializerProtocol } from "@langchain/langgraph-checkpoint";
import { PersistenceError } from "../errors.js";

export interface Serialized {
  type: string;
  bytes: Uint8Array;
}

export async function dump(serde: SerializerProtocol, value: unknown, what: string): Promise<Serialized> {
  let type: string;
  let bytes: Uint8Array;
  try {
    [type, bytes] = await serde.dumpsTyped(value);
  } catch (error) {
    throw new PersistenceError("INVALID_DATA", `Could not serialize ${what}: ${(error as Error).message}`, { cause: error });
  }
  // A view into a larger buffer would be stored whole by the structured clone.
  const own = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? bytes : bytes.slice();
  return { type, bytes: own };
}

export async function load<T>(serde: SerializerProtocol, type: string, bytes: Uint8Array, what: string): Promise<T> {
  try {
    return (await serde.loadsTyped(type, bytes)) as T;
  } catch (error) {
    throw new PersistenceError("INVALID_DATA", `Stored ${what} is unreadable: ${(error as Error).message}`, { cause: error });
  }
}
